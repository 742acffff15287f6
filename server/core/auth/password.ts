import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 16384, R = 8, P = 1, KEYLEN = 32;

function scryptAsync(password: string, salt: Buffer, keylen: number): Promise<Buffer> {
  // node's scrypt runs on the libuv pool: hashing never blocks the event loop.
  return new Promise((resolve, reject) => scrypt(password, salt, keylen, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))));
}

/** 'scrypt$N$r$p$salt$hash' (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEYLEN);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** True for a hash in the original's format (unsalted MD5, lower-case hex), which must be upgraded. */
export const isLegacyHash = (stored: string) => /^[0-9a-f]{32}$/i.test(stored);

/** Checks a password against a stored scrypt or legacy MD5 hash. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  if (isLegacyHash(stored)) {
    const md5 = createHash('md5').update(password).digest();
    return timingSafeEqual(md5, Buffer.from(stored, 'hex'));
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, hashText] = parts;
  if (Number(n) !== N || Number(r) !== R || Number(p) !== P) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const key = await scryptAsync(password, Buffer.from(saltText, 'base64url'), expected.length);
  return timingSafeEqual(key, expected);
}
