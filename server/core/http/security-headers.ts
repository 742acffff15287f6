import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * For HTML written by people rather than by us (param pages): `sandbox` without allow-scripts gives the
 * page an opaque origin, so nothing in it can run script or read the session kept in our origin's localStorage.
 */
export const SANDBOX_CSP = "sandbox; default-src 'none'; img-src * data:; style-src 'unsafe-inline'";

/** sha256 sources for the inline <script> blocks of the built index.html (the dark-mode switch that runs before paint). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1])) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The console's policy: its own scripts only (plus the hashed inline theme script), inline styles (React style props),
 * pictures from anywhere (user pictures may be external), the API on the same origin, framing only by itself.
 * No 'unsafe-eval': the forms' validators are compiled by the server into same-origin modules (form-validators.ts).
 */
export function consolePolicy(scriptHashes: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` ${h}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "media-src 'self' data: blob: http: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // Menu pages whose viewPath is an http(s) address are shown in a frame.
    "frame-src 'self' http: https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Sent with every reply, whatever it is. */
export const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/**
 * For replies that are no page at all: API replies (JSON), scripts, stylesheets, the raw error replies written before
 * Fastify runs. Nothing in them is a document that could run or load anything; the console's policy (600 bytes) is for
 * the pages that are.
 */
export const NO_CONTENT_CSP = "default-src 'none'; frame-ancestors 'self'";

/** Marks a reply as untrusted HTML: the sandbox policy replaces the console's. */
export function sandboxReply(reply: FastifyReply): FastifyReply {
  return reply.header('content-security-policy', SANDBOX_CSP).header('x-content-type-options', 'nosniff');
}

/** The same security headers on every reply (UI, API, static files, errors), set in one onSend hook. */
export function installSecurityHeaders(app: FastifyInstance, uiDir: string): void {
  let hashes: string[] = [];
  try {
    hashes = inlineScriptHashes(fs.readFileSync(path.join(uiDir, 'index.html'), 'utf8'));
  } catch {
    // No built UI: the status page has no script.
  }
  const policy = consolePolicy(hashes);
  // A callback hook, not an async one: it runs on every reply and has nothing to wait for.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy')) {
      const type = reply.getHeader('content-type');
      const json = typeof type === 'string' && type.startsWith('application/json');
      reply.header('content-security-policy', json ? NO_CONTENT_CSP : policy);
    }
    reply.headers(BASE_HEADERS);
    done(null, payload);
  });
}
