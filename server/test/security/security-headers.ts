import { expect } from 'vitest';

/** What the HTTP hardening tests (hardening-http-*.test.ts) share: the CSP reading and the headers every reply has. */

export const PERSON = '/admin/base/comm/person';

/** The CSP directives of a header value, by name. */
export const directives = (csp: unknown) =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

export function expectBaseHeaders(headers: Record<string, unknown>, what: string) {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(directives(headers['content-security-policy'])['frame-ancestors'], what).toEqual(["'self'"]);
}
