import type { Lang } from './http/request-language.js';
import { CODE, type ErrorEntry, type ParamsOf, type ParamValue, render, type Texts } from './errors/define.js';
import { E } from './errors/catalogue.js';

export { CODE, E, type ErrorEntry, type ParamValue, render, type Texts };
export { joinTexts, same } from './errors/define.js';

/** A field detail as sent (`details: [{path, message}]`), in the caller's language. */
export type FieldIssue = { path: string; message: string };
/** A field detail before it is sent: its message in every language. */
export type Issue = { path: string; message: Texts };

/**
 * Everything the server refuses is thrown as an AppError made from an entry of the error catalogue
 * (server/core/errors/): the error handler sends its envelope `{code, message, errorCode, details?}` in the caller's
 * language. Build one with `appError`, `fieldError` or `issue`; there is no way to give it a bare string.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: number;
  /** The catalogue entry's id, sent as `errorCode`. */
  readonly errorCode: string;
  /** Seconds for a Retry-After header (a 429 that says when to come back). */
  retryAfter?: number;
  /** What a client needs to act on the refusal, sent as `data` (a stale record's changed fields: STALE_RECORD). */
  data?: unknown;

  constructor(
    entry: ErrorEntry,
    readonly texts: Texts,
    readonly issues?: readonly Issue[],
  ) {
    super(texts['zh-cn']);
    this.name = 'AppError';
    this.statusCode = entry.status;
    this.code = entry.code;
    this.errorCode = entry.id;
  }

  /** The message in a language. */
  messageIn(lang: Lang): string {
    return this.texts[lang];
  }

  /** The field details in a language (undefined when there are none). */
  detailsIn(lang: Lang): FieldIssue[] | undefined {
    return this.issues?.length ? this.issues.map((d) => ({ path: d.path, message: d.message[lang] })) : undefined;
  }
}

/** The error of a catalogue entry, its placeholders filled, with field details. */
export function appError<P extends string>(
  entry: ErrorEntry<P>,
  ...args: [...ParamsOf<P>, details?: readonly Issue[]]
): AppError {
  const [params, details] = args as unknown as [Record<string, ParamValue> | undefined, readonly Issue[] | undefined];
  return new AppError(entry, render(entry.texts, params), details);
}

/** A field detail: the entry's text (placeholders filled) under a path. */
export function issue<P extends string>(path: string, entry: ErrorEntry<P>, ...[params]: ParamsOf<P>): Issue {
  return { path, message: render(entry.texts, params as Record<string, ParamValue> | undefined) };
}

/** An entry's text in every language, its placeholders filled (a reason or part inside another message). */
export function textOf<P extends string>(entry: ErrorEntry<P>, ...[params]: ParamsOf<P>): Texts {
  return render(entry.texts, params as Record<string, ParamValue> | undefined);
}

/** A failure of one field: the message is `<path>: <entry's text>` and the details name the field with that text. */
export function fieldError<P extends string>(path: string, entry: ErrorEntry<P>, ...[params]: ParamsOf<P>): AppError {
  const problem = render(entry.texts, params as Record<string, ParamValue> | undefined);
  return new AppError(entry, render(E.FIELD_PROBLEM.texts, { path, problem }), [{ path, message: problem }]);
}

/** A failure of one field said whole: the message is the entry's text (no path before it), the details name the field. */
export function errorOn<P extends string>(path: string, entry: ErrorEntry<P>, ...[params]: ParamsOf<P>): AppError {
  const texts = render(entry.texts, params as Record<string, ParamValue> | undefined);
  return new AppError(entry, texts, [{ path, message: texts }]);
}

/** A failure of several fields under one entry (its status and code): the message names the first, the details all. */
export function fieldsError(entry: ErrorEntry, issues: readonly Issue[]): AppError {
  const [first] = issues;
  return new AppError(entry, render(E.FIELD_PROBLEM.texts, { path: first.path, problem: first.message }), issues);
}

type StateKind = 'ORDER' | 'TICKET' | 'SUBJECT' | 'TASK';

/** A state's name and number in every language: "待确认（status 0）" / "pending confirmation (status 0)". */
export function stateText(kind: StateKind, status: number): Texts {
  return render(E.STATUS_NAME.texts, { name: stateWord(kind, status), status });
}

/** A state's name alone in every language: "待确认" / "pending confirmation". */
export function stateWord(kind: StateKind, status: number): Texts {
  return ((E as Record<string, ErrorEntry>)[`WORD_${kind}_${status}`] ?? E.WORD_UNKNOWN).texts;
}

/** 'Login expired' (token of the wrong kind, stale password version, failed refresh). */
export const sessionExpired = () => appError(E.SESSION_EXPIRED);
/** No or invalid token on a protected route. */
export const unauthorized = () => appError(E.UNAUTHORIZED);
/** Signed in, without the permission. */
export const forbidden = () => appError(E.FORBIDDEN);
