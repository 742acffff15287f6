import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findBadInput, isPlainJson } from '../../core/http/input-guard.js';
import { SECRET_KEY } from '../../core/http/op-log.js';

/** Keys and strings a hostile body may carry: escapes, NUL, lone surrogates, prototype names, secret names. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'password',
    'Token',
    'x\u0000y',
    '\ud800',
    'a\\b',
    'refreshToken',
    'captchaId',
    '木',
  ),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 40 },
    nasty,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(nasty, tie('node'), { maxKeys: 3 }),
  ),
})).node;
/** A chain of n objects, for the depth limit. */
const deep = fc.integer({ min: 25, max: 40 }).map((n) => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
});

function keys(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) keys(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.push(k);
      keys(x, out);
    }
  return out;
}

describe('plain JSON bodies: what the text alone may vouch for', () => {
  it('a body judged plain is never one the input guard would refuse, and its secret-looking keys show in the text', () => {
    fc.assert(
      fc.property(fc.oneof(value, deep), fc.boolean(), (v, spaced) => {
        const text = JSON.stringify(v, null, spaced ? 2 : undefined) ?? 'null';
        if (!isPlainJson(text)) return;
        const parsed: unknown = JSON.parse(text);
        expect(findBadInput(parsed, '')).toBeUndefined();
        if (!SECRET_KEY.test(text)) expect(keys(parsed).filter((k) => SECRET_KEY.test(k))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('escapes, prototype names and deep nesting are never plain (the full checks run)', () => {
    expect(isPlainJson('{"pass\\u0077ord":"x"}')).toBe(false);
    expect(isPlainJson('{"a":"\\u0000"}')).toBe(false);
    expect(isPlainJson('{"__proto__":{"x":1}}')).toBe(false);
    expect(isPlainJson(JSON.stringify(JSON.parse(`${'{"a":'.repeat(33)}1${'}'.repeat(33)}`)))).toBe(false);
    expect(isPlainJson('{"page":1,"size":20,"keyWord":"木"}')).toBe(true);
  });
});
