import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** Secrets seen in public code; a server must never sign with them. */
const KNOWN = new Set(['cool-admin-xxxxxx', 'cool-admin', 'secret', 'changeme', 'joinery', 'your-secret']);

export function checkSecret(secret: string): void {
  if (secret.length < 32) throw new Error('The JWT secret is shorter than 32 characters; delete it to have a new one made, or set a longer one.');
  if (KNOWN.has(secret.toLowerCase())) throw new Error('The JWT secret is a publicly known value; refusing to start.');
  // A long but trivial value ('aaaa…', '1212…') is as guessable as a short one.
  if (new Set(secret).size < 10) throw new Error('The JWT secret is too simple (fewer than 10 distinct characters); delete it to have a new one made, or set a random one.');
}

/** The installation's JWT secret: made at random on first start and kept in <dataDir>/jwt-secret. */
export function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  checkSecret(secret);
  return secret;
}
