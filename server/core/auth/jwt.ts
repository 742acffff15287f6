import { createHmac, timingSafeEqual } from 'node:crypto';

/** Claims Joinery puts in admin tokens (the original's, plus sid and jti for server-side revocation). */
export type AdminClaims = {
  isRefresh: boolean;
  roleIds: number[];
  username: string;
  userId: number;
  passwordVersion: number;
  sid: string;
  jti?: string;
  iat: number;
  exp: number;
};

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** Signs HS256 claims with iat/exp (seconds). */
export function signJwt(
  claims: Omit<AdminClaims, 'iat' | 'exp'>,
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const body = b64url(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds }));
  const sig = createHmac('sha256', secret).update(`${HEADER}.${body}`).digest('base64url');
  return `${HEADER}.${body}.${sig}`;
}

/**
 * Decodes base64url strictly: Buffer.from(…, 'base64url') skips padding and any character outside the alphabet, so
 * `token=` or `tok.en!` would pass as the same token. Only the one canonical spelling of the bytes is accepted.
 */
function strictBase64url(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

function isClaims(v: unknown): v is AdminClaims {
  const c = v as AdminClaims;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.isRefresh === 'boolean' &&
    Number.isInteger(c.userId) &&
    typeof c.username === 'string' &&
    Array.isArray(c.roleIds) &&
    Number.isInteger(c.passwordVersion) &&
    typeof c.sid === 'string' &&
    Number.isInteger(c.exp) &&
    Number.isInteger(c.iat)
  );
}

/** Verifies signature, algorithm and expiry; returns the claims or undefined (never throws on bad input). */
export function verifyJwt(token: unknown, secret: string, now = Date.now()): AdminClaims | undefined {
  if (typeof token !== 'string' || token.length > 4096) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
  const body = strictBase64url(parts[1]);
  const given = strictBase64url(parts[2]);
  if (!body || !given) return undefined;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isClaims(claims)) return undefined;
  return claims.exp * 1000 > now ? claims : undefined;
}
