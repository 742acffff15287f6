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

const DUMMY_SALT = randomBytes(16);

/** A refusal that costs what a scrypt check costs, so the reply time does not tell what kind of hash (if any) is stored. */
async function slowNo(password: string): Promise<false> {
  await scryptAsync(password, DUMMY_SALT, KEYLEN);
  return false;
}

/**
 * Checks a password against a stored scrypt or legacy MD5 hash. Every refusal takes a scrypt's time: an imported MD5
 * account answering a wrong password in a millisecond would tell that the user name exists (unknown users are checked
 * against a decoy scrypt hash). A right MD5 password is followed by its upgrade to scrypt, which costs the same.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return slowNo(password);
  if (isLegacyHash(stored)) {
    const md5 = createHash('md5').update(password).digest();
    return timingSafeEqual(md5, Buffer.from(stored, 'hex')) || slowNo(password);
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return slowNo(password);
  const [, n, r, p, saltText, hashText] = parts;
  if (Number(n) !== N || Number(r) !== R || Number(p) !== P) return slowNo(password);
  const expected = Buffer.from(hashText, 'base64url');
  const key = await scryptAsync(password, Buffer.from(saltText, 'base64url'), expected.length);
  return timingSafeEqual(key, expected);
}
