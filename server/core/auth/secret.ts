import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** Secrets seen in public code; a server must never sign with them. */
const KNOWN = new Set(['cool-admin-xxxxxx', 'cool-admin', 'secret', 'changeme', 'joinery', 'your-secret']);

export function checkSecret(secret: string): void {
  if (secret.length < 32)
    throw new Error(
      'The JWT secret is shorter than 32 characters; delete it to have a new one made, or set a longer one.',
    );
  if (KNOWN.has(secret.toLowerCase())) throw new Error('The JWT secret is a publicly known value; refusing to start.');
  // A long but trivial value ('aaaa…', '1212…') is as guessable as a short one.
  if (new Set(secret).size < 10)
    throw new Error(
      'The JWT secret is too simple (fewer than 10 distinct characters); delete it to have a new one made, or set a random one.',
    );
}

/**
 * The installation's JWT secret. JOINERY_JWT_SECRET, when set, is it (the same value in every process behind a load
 * balancer, so each accepts the others' tokens); else JOINERY_JWT_SECRET_FILE names a file holding it (a mounted
 * secret); else it is made at random on first start and kept in <dataDir>/jwt-secret. Each is checked the same way.
 */
export function loadOrCreateSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.JOINERY_JWT_SECRET !== undefined && env.JOINERY_JWT_SECRET !== '') {
    const secret = env.JOINERY_JWT_SECRET.trim();
    checkSecret(secret);
    return secret;
  }
  if (env.JOINERY_JWT_SECRET_FILE) {
    let secret: string;
    try {
      secret = fs.readFileSync(env.JOINERY_JWT_SECRET_FILE, 'utf8').trim();
    } catch (e) {
      throw new Error(
        `JOINERY_JWT_SECRET_FILE "${env.JOINERY_JWT_SECRET_FILE}" cannot be read: ${(e as Error).message}`,
      );
    }
    checkSecret(secret);
    return secret;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  checkSecret(secret);
  return secret;
}
