import type { Lang } from './http/request-language.js';

/** One catalogue of errors. Everything the server rejects is thrown as an AppError; the error handler turns it into the envelope. */
export type FieldIssue = { path: string; message: string };
/** A message in each language of the console; the reply carries the one of the caller's `language` header. */
export type Texts = Record<Lang, string>;
export type Message = string | Texts;

export const CODE = { success: 1000, commFail: 1001, validateFail: 1002, coreFail: 1003 } as const;

export class AppError extends Error {
  /** The message per language, when it has more than the one text. */
  readonly texts?: Texts;
  /** Seconds for a Retry-After header (a 429 that says when to come back). */
  retryAfter?: number;

  constructor(
    readonly statusCode: number,
    message: Message,
    readonly code: number = CODE.commFail,
    readonly details?: FieldIssue[],
  ) {
    super(typeof message === 'string' ? message : message['zh-cn']);
    this.name = 'AppError';
    if (typeof message !== 'string') this.texts = message;
  }

  /** The message in a language (zh-cn, the protocol's own, when no translation was given). */
  messageIn(lang: Lang): string {
    return this.texts?.[lang] ?? this.message;
  }
}

export const badRequest = (message: Message, details?: FieldIssue[]) =>
  new AppError(400, message, CODE.validateFail, details);
/** 'Login expired' (token of the wrong kind, stale password version, failed refresh). */
export const sessionExpired = () =>
  new AppError(401, {
    'zh-cn': '登录失效~',
    'zh-tw': '登入失效，請重新登入',
    en: 'Your session has expired, please log in again',
  });
const NO_ACCESS: Texts = {
  'zh-cn': '登录失效或无权限访问~',
  'zh-tw': '登入失效或無權限訪問',
  en: 'Session expired or access denied',
};
/** No or invalid token on a protected route. */
export const unauthorized = () => new AppError(401, NO_ACCESS);
export const forbidden = () => new AppError(403, NO_ACCESS);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: Message, details?: FieldIssue[]) =>
  new AppError(409, message, CODE.commFail, details);
export const tooLarge = (message: Message) => new AppError(413, message);
export const unsupportedType = (message: string) => new AppError(415, message);
export const tooManyRequests = (message: Message) => new AppError(429, message);
/** A business rule refused the request (the original's 1001 'comm fail'). */
export const refused = (message: Message) => new AppError(400, message, CODE.commFail);
