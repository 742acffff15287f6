/**
 * One hostile request. POST cases carry `body` (sent as JSON) or `raw` text; GET cases carry a raw query string.
 * `field` is what is at fault: a rejection must name it. `expect` says what the protocol requires:
 * 'reject' (a 4xx that changes nothing) or 'accept' (a 2xx whose write round-trips).
 */
export type HostileCase = {
  name: string;
  body?: unknown;
  raw?: string;
  query?: string;
  contentType?: string;
  field?: string;
  expect: 'reject' | 'accept';
};

/** Text the server must store faithfully: a person may well type it. */
export const ACCEPTED_UNICODE: Record<string, string> = {
  emoji: 'Chair 🪑👍🏽',
  'emoji ZWJ sequence': 'family 👨‍👩‍👧',
  'right-to-left marks': 'abc \u202Edef\u202C \u200Fghi',
  'combining marks': 'e\u0301\u0302\u0303 Z\u0335\u0321',
  'zero-width and BOM': '\u200Bz\u200Dw\uFEFF',
  'astral CJK': '𠀀𠀁 木',
};

/** Text no database stores faithfully: refused by the input guard. */
export const REFUSED_UNICODE: Record<string, string> = {
  NUL: 'a\\u0000b',
  'lone high surrogate': '\\ud800x',
  'lone low surrogate': 'x\\udc00',
};

const deep = (depth: number, open: string, close: string, leaf: string) =>
  open.repeat(depth) + leaf + close.repeat(depth);
/** Built once: every POST route gets the same large payloads. */
const OVER_LIMIT = `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`;
const NESTED_OBJECTS = deep(10_000, '{"a":', '}', '1');
const NESTED_ARRAYS = deep(10_000, '[', ']', '1');

/** Transport-level abuse every POST route must survive: bad JSON, content types, shapes, prototype keys, bad text. */
export function transportCases(): HostileCase[] {
  return [
    { name: 'malformed JSON (truncated)', raw: '{"page": 1,', field: 'body', expect: 'reject' },
    { name: 'malformed JSON (single quotes)', raw: "{'a': 1}", field: 'body', expect: 'reject' },
    { name: 'malformed JSON (trailing text)', raw: '{"a": 1} x', field: 'body', expect: 'reject' },
    { name: 'malformed JSON (NaN)', raw: 'NaN', field: 'body', expect: 'reject' },
    { name: 'empty body with a JSON content type', raw: '', field: 'body', expect: 'reject' },
    { name: 'whitespace body', raw: ' \n\t ', field: 'body', expect: 'reject' },
    { name: 'text/plain content type', raw: '{}', contentType: 'text/plain', expect: 'reject' },
    { name: 'form content type', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', expect: 'reject' },
    { name: 'xml content type', raw: '<a/>', contentType: 'application/xml', expect: 'reject' },
    { name: 'body over 2 MB', raw: OVER_LIMIT, expect: 'reject' },
    { name: '10,000 nested objects', raw: NESTED_OBJECTS, expect: 'reject' },
    { name: '10,000 nested arrays', raw: NESTED_ARRAYS, expect: 'reject' },
    { name: '__proto__ key', raw: '{"__proto__": {"isSuper": true}}', field: '__proto__', expect: 'reject' },
    {
      name: 'constructor.prototype key',
      raw: '{"constructor": {"prototype": {"isSuper": true}}}',
      field: 'constructor',
      expect: 'reject',
    },
    {
      name: 'nested __proto__ key',
      raw: '{"a": {"b": {"__proto__": {"x": 1}}}}',
      field: '__proto__',
      expect: 'reject',
    },
    { name: 'prototype key', raw: '{"prototype": 1}', field: 'prototype', expect: 'reject' },
    ...Object.entries(REFUSED_UNICODE).map(
      ([what, text]): HostileCase => ({
        name: `${what} in a value`,
        raw: `{"zz": "${text}"}`,
        field: 'zz',
        expect: 'reject',
      }),
    ),
    { name: 'lone surrogate in a key', raw: '{"\\udc00": 1}', expect: 'reject' },
    { name: 'JSON string body', body: 'just text', field: 'body', expect: 'reject' },
    { name: 'JSON number body', body: 42, field: 'body', expect: 'reject' },
    { name: 'JSON true body', body: true, field: 'body', expect: 'reject' },
    { name: 'JSON array of arrays', body: [[]], expect: 'reject' },
  ];
}
