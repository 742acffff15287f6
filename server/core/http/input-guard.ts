import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

/** No lone surrogate (ES2024's String.prototype.isWellFormed, in Node 20; typed here as the ES2023 lib lacks it). */
const wellFormed = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Finds the first string no database can store faithfully (NUL, lone surrogate) or a prototype-polluting key. */
export function findBadInput(value: unknown, path = '', depth = 0): { path: string; message: string } | undefined {
  if (depth > 32) return { path: path || 'body', message: 'is nested too deeply' };
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { path: path || 'body', message: 'must not contain NUL characters' };
    if (!wellFormed(value)) return { path: path || 'body', message: 'contains invalid Unicode (a lone surrogate)' };
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
      if (FORBIDDEN_KEYS.has(key)) return { path: here, message: 'is not an allowed key' };
      const bad = findBadInput(key, here, depth + 1) ?? findBadInput((value as Record<string, unknown>)[key], here, depth + 1);
      if (bad) return bad;
    }
  }
  return undefined;
}

/**
 * Parses JSON bodies with plain JSON.parse (which keeps `__proto__` as an ordinary own key, never a prototype) so the
 * guard below can refuse such a key by name; Fastify's own parser would only say "not valid JSON". A callback, not an
 * async function: it has nothing to wait for. An empty body fails JSON.parse too, and is said to be empty.
 */
function parseJsonBody(_request: unknown, body: string | Buffer, done: (error: Error | null, value?: unknown) => void): void {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const empty = text.trim() === '';
    done(empty
      ? badRequest('body: is empty but the content type says JSON', [{ path: 'body', message: 'is empty' }])
      : badRequest('body: is not valid JSON', [{ path: 'body', message: 'is not valid JSON' }]));
    return;
  }
  done(null, value);
}

/** Rejects hostile strings and keys in every query and JSON body before any handler sees them. */
export function installInputGuard(app: FastifyInstance): void {
  // The API takes JSON (and multipart for uploads): a text/plain body is refused with 415 instead of being read as "no arguments".
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);
  app.addHook('preValidation', (request, _reply, done) => {
    const bad = findBadInput(request.query, '') ?? findBadInput(request.body, '');
    done(bad ? badRequest(`${bad.path}: ${bad.message}`, [bad]) : undefined);
  });
}
