import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import { assertNoTransaction } from '../db/transaction-guard.js';

const N = 16384, R = 8, P = 1, KEYLEN = 32;

/**
 * How many scrypt computations run at once (JOINERY_HASH_THREADS, 1–64). node's scrypt runs on libuv's thread pool
 * (UV_THREADPOOL_SIZE, default 4), which file I/O, DNS and zlib share: by default two threads of it always stay free
 * for them, and there are never more hashing threads than cores — max(1, min(cores, pool − 2)), 2 with the default
 * pool on two cores or more. Hashes beyond that wait in a queue (memory only: one closure each), sign-in checks ahead
 * of new hashes; one request hashes at most that many at once (a batch takes turns with other callers).
 */
export function hashThreads(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.JOINERY_HASH_THREADS;
  if (raw !== undefined && raw !== '') {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`JOINERY_HASH_THREADS must be a whole number from 1 to 64, got "${raw}"`);
    return n;
  }
  const pool = Number(env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(os.availableParallelism(), pool - 2));
}

/** The bounded hashing pool: `threads` scrypt calls at a time; sign-in checks are served before new hashes. */
class HashPool {
  private active = 0;
  private readonly urgent: (() => void)[] = [];
  private readonly queued: (() => void)[] = [];

  constructor(readonly threads: number) {}

  async run<T>(urgent: boolean, work: () => Promise<T>): Promise<T> {
    if (this.active >= this.threads) await new Promise<void>((resolve) => (urgent ? this.urgent : this.queued).push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next caller (active stays counted), or is freed.
      const next = this.urgent.shift() ?? this.queued.shift();
      if (next) next();
      else this.active--;
    }
  }

  /** Calls waiting for a thread (for tests and benchmarks). */
  get waiting(): number {
    return this.urgent.length + this.queued.length;
  }
}

export const hashPool = new HashPool(hashThreads());

function scryptAsync(password: string, salt: Buffer, keylen: number, urgent: boolean): Promise<Buffer> {
  assertNoTransaction('password hashing (scrypt)');
  // node's scrypt runs on the libuv pool: hashing never blocks the event loop; the hash pool bounds how many at once.
  return hashPool.run(urgent, () => new Promise((resolve, reject) => scrypt(password, salt, keylen, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)))));
}

/** 'scrypt$N$r$p$salt$hash' (base64url parts). Never inside a transaction (transaction-guard.ts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEYLEN, false);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** True for a hash in the original's format (unsalted MD5, lower-case hex), which must be upgraded. */
export const isLegacyHash = (stored: string) => /^[0-9a-f]{32}$/i.test(stored);

const DUMMY_SALT = randomBytes(16);

/** A refusal that costs what a scrypt check costs, so the reply time does not tell what kind of hash (if any) is stored. */
async function slowNo(password: string): Promise<false> {
  await scryptAsync(password, DUMMY_SALT, KEYLEN, true);
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
  const key = await scryptAsync(password, Buffer.from(saltText, 'base64url'), expected.length, true);
  return timingSafeEqual(key, expected);
}
