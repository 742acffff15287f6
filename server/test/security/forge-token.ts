import fs from 'node:fs';
import path from 'node:path';
import { signJwt, type AdminClaims } from '../../core/auth/jwt.js';
import type { TestApp } from '../support/harness.js';

/** The installation secret the app created in its data dir. */
export const installationSecret = (t: TestApp): string =>
  fs.readFileSync(path.join(t.dataDir, 'jwt-secret'), 'utf8').trim();

/** The claims inside a token the server issued (clients never decode tokens; tests do, to forge variants). */
export function claimsOf(token: string): AdminClaims {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as AdminClaims;
}

/**
 * Re-signs a real token's claims with changes: another secret (forged), a signing time in the past (expired),
 * other claims (a user without a session). Defaults keep everything but the change real.
 */
export function forgeToken(
  t: TestApp,
  token: string,
  o: { secret?: string; signedAgoSeconds?: number; ttl?: number; claims?: Partial<AdminClaims> } = {},
): string {
  const { iat: _iat, exp: _exp, ...claims } = { ...claimsOf(token), ...o.claims };
  return signJwt(claims, o.secret ?? installationSecret(t), o.ttl ?? 60, Date.now() - (o.signedAgoSeconds ?? 0) * 1000);
}
