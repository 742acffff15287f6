import type { Lang } from '../http/request-language.js';

/** A message in each language of the console; the reply carries the one of the caller's `language` header. */
export type Texts = Record<Lang, string>;
export const LANGS: readonly Lang[] = ['zh-cn', 'zh-tw', 'en'];

/** The protocol's envelope codes (PROTOCOL §4): 1000 success, 1001 comm fail, 1002 validate fail, 1003 core fail. */
export const CODE = { success: 1000, commFail: 1001, validateFail: 1002, coreFail: 1003 } as const;
export type ProtocolCode = (typeof CODE)[keyof typeof CODE];

/**
 * The `{name}` placeholders of a text, as a union of names (checked at compile time where an entry is thrown). Braces
 * around anything with a space or comma (`{ path, content }`) are text, as in `render`, which fills `{word}` only.
 */
export type Holes<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P extends `${string} ${string}` | `${string},${string}`
    ? Holes<Rest>
    : P | Holes<Rest>
  : never;

/** What a placeholder takes: text and numbers as they are, a Texts object in the reply's language. */
export type ParamValue = string | number | Texts;

/**
 * One entry of the error catalogue: a stable id (the key it is defined under, sent as `errorCode`), the HTTP status
 * and protocol code of the failure, and its message in every language with `{name}` placeholders. Entries used only
 * for field details (`issue`) carry a status too; it is not used there.
 */
export interface ErrorEntry<P extends string = string> {
  readonly id: string;
  readonly status: number;
  readonly code: ProtocolCode;
  readonly texts: Texts;
  /** Phantom: the placeholder names, for type checking of params. */
  readonly params?: P;
}

type Definition = { readonly status: number; readonly code?: ProtocolCode; readonly texts: Texts };

/**
 * Defines a group of entries; each entry's id is its key. Default code: 1002 (validate fail) for 400, 414 and 431,
 * else 1001 (comm fail), as the server sent them before the catalogue; an entry may name its own.
 * Placeholders are typed from the English text (the catalogue test checks every language has the same ones).
 */
export function defineErrors<const T extends Record<string, Definition>>(
  defs: T,
): { readonly [K in keyof T]: ErrorEntry<Holes<T[K]['texts']['en']>> } {
  const out: Record<string, ErrorEntry> = {};
  for (const [id, d] of Object.entries(defs)) {
    const code = d.code ?? ([400, 414, 431].includes(d.status) ? CODE.validateFail : CODE.commFail);
    out[id] = Object.freeze({ id, status: d.status, code, texts: Object.freeze({ ...d.texts }) });
  }
  return out as { readonly [K in keyof T]: ErrorEntry<Holes<T[K]['texts']['en']>> };
}

/** The params an entry takes: none, or an object naming each placeholder. */
export type ParamsOf<P extends string> = [P] extends [never]
  ? [params?: Record<string, never>]
  : [params: Record<P, ParamValue>];

function valueIn(v: ParamValue, lang: Lang): string {
  return typeof v === 'object' ? v[lang] : String(v);
}

/** An entry's message in every language, its placeholders filled (a Texts value in the matching language). */
export function render(texts: Texts, params: Record<string, ParamValue> = {}): Texts {
  const fill = (lang: Lang) =>
    texts[lang].replace(/\{(\w+)\}/g, (hole, name: string) =>
      Object.hasOwn(params, name) ? valueIn(params[name], lang) : hole,
    );
  return { 'zh-cn': fill('zh-cn'), 'zh-tw': fill('zh-tw'), en: fill('en') };
}

/** The same text in every language (names, paths, values that are no words). */
export const same = (text: string): Texts => ({ 'zh-cn': text, 'zh-tw': text, en: text });

/** Texts joined per language. */
export function joinTexts(
  parts: readonly Texts[],
  separators: Texts = { 'zh-cn': '；', 'zh-tw': '；', en: '; ' },
): Texts {
  const join = (lang: Lang) => parts.map((p) => p[lang]).join(separators[lang]);
  return { 'zh-cn': join('zh-cn'), 'zh-tw': join('zh-tw'), en: join('en') };
}
