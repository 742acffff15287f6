import type { FastifyInstance, FastifyRequest } from 'fastify';
import { E, fieldError, fieldsError, type Issue, issue } from '../errors.js';

/** No lone surrogate (ES2024's String.prototype.isWellFormed, in Node 20; typed here as the ES2023 lib lacks it). */
const wellFormed = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Finds the first string no database can store faithfully (NUL, lone surrogate) or a prototype-polluting key. */
export function findBadInput(value: unknown, path = '', depth = 0): Issue | undefined {
  if (depth > 32) return issue(path || 'body', E.INPUT_TOO_DEEP);
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return issue(path || 'body', E.INPUT_NUL);
    if (!wellFormed(value)) return issue(path || 'body', E.INPUT_LONE_SURROGATE);
    return undefined;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = findBadInput(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (bad) return bad;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const here = path ? `${path}.${key}` : key;
      if (FORBIDDEN_KEYS.has(key)) return issue(here, E.INPUT_KEY_NOT_ALLOWED);
      const bad =
        findBadInput(key, here, depth + 1) ?? findBadInput((value as Record<string, unknown>)[key], here, depth + 1);
      if (bad) return bad;
    }
  }
  return undefined;
}

/**
 * A JSON text whose parsed value findBadInput cannot refuse, seen from the text alone: without a backslash there is
 * no escape, so no NUL (a raw control character is not valid JSON) and no lone surrogate (the text was decoded from
 * UTF-8), and every key is written as it parses; none of the refused key names appears anywhere; and a value nests
 * no deeper than it has opening brackets.
 */
export function isPlainJson(text: string): boolean {
  if (text.includes('\\') || text.includes('__proto__') || text.includes('constructor') || text.includes('prototype'))
    return false;
  let brackets = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c === 123 || c === 91) && ++brackets > 32) return false;
  }
  return true;
}

/**
 * Parses JSON bodies with plain JSON.parse (which keeps `__proto__` as an ordinary own key, never a prototype) so the
 * guard below can refuse such a key by name; Fastify's own parser would only say "not valid JSON". A callback, not an
 * async function: it has nothing to wait for. An empty body fails JSON.parse too, and is said to be empty.
 */
function parseJsonBody(
  request: FastifyRequest,
  body: string | Buffer,
  done: (error: Error | null, value?: unknown) => void,
): void {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const empty = text.trim() === '';
    done(empty ? fieldError('body', E.BODY_EMPTY_JSON) : fieldError('body', E.BODY_NOT_JSON));
    return;
  }
  if (isPlainJson(text)) request.plainJson = text;
  done(null, value);
}

/** Rejects hostile strings and keys in every query and JSON body before any handler sees them. */
export function installInputGuard(app: FastifyInstance): void {
  // The API takes JSON (and multipart for uploads): a text/plain body is refused with 415 instead of being read as "no arguments".
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.decorateRequest('plainJson', undefined);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);
  app.addHook('preValidation', (request, _reply, done) => {
    const bad =
      findBadInput(request.query, '') ?? (request.plainJson === undefined ? findBadInput(request.body, '') : undefined);
    done(bad ? fieldsError(E.REQUEST_INVALID, [bad]) : undefined);
  });
}
