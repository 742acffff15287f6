import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { assertNoTransaction } from '../db/transaction-guard.js';

const N = 16384,
  R = 8,
  P = 1,
  KEYLEN = 32;

/**
 * How many scrypt computations run at once (JOINERY_HASH_THREADS, 1–64; default the number of cores, at most 4).
 * Each runs on a worker thread of its own at a low CPU priority (nice 10), never on the event loop nor on
 * libuv's thread pool (file I/O, DNS and zlib keep all of it): requests always get the CPU first, and a batch of
 * hashes only uses what is left. Hashes beyond that wait in a queue (memory only), sign-in checks ahead of new
 * hashes; one request hashes at most that many at once (a batch takes turns with other callers).
 */
export function hashThreads(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.JOINERY_HASH_THREADS;
  if (raw !== undefined && raw !== '') {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > 64)
      throw new Error(`JOINERY_HASH_THREADS must be a whole number from 1 to 64, got "${raw}"`);
    return n;
  }
  return Math.max(1, Math.min(os.availableParallelism(), 4));
}

/**
 * The hashing worker's code, plain JavaScript run with `eval` (the same text under Vitest and in the bundled server).
 * It lowers its own thread's priority to HASH_NICE (Linux: setpriority on the thread id, which needs no privilege;
 * elsewhere it runs at normal priority) and answers each `{password, salt, keylen}` with `{key}` or `{error}`.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) require('node:os').setPriority(tid, workerData.nice);
} catch {}
parentPort.on('message', (job) => {
  try {
    const key = scryptSync(job.password, Buffer.from(job.salt), job.keylen, workerData.options);
    parentPort.postMessage({ key });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

const SCRYPT_OPTIONS = { N, r: R, p: P, maxmem: 64 * 1024 * 1024 };
/**
 * The hashing threads' niceness: 10, a CPU share of about a tenth of a normal thread's when they compete (Linux CFS
 * weights 110 : 1024). Requests come first; hashes (sign-in checks among them) still progress on a busy machine,
 * where at 19 (weight 15) they were all but stopped by any other busy process.
 */
const HASH_NICE = 10;

type Job = {
  password: string;
  salt: Buffer;
  keylen: number;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
};
type Slot = { worker: Worker; job?: Job };

/** node's own scrypt (libuv's pool), where worker threads cannot run. */
const libuvScrypt = (password: string, salt: Buffer, keylen: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keylen, SCRYPT_OPTIONS, (err, key) => (err ? reject(err) : resolve(key))),
  );

/**
 * The bounded hashing pool: at most `threads` low-priority worker threads, started when first needed, each hashing
 * one password at a time; sign-in checks are served before new hashes. Idle threads do not keep the process alive.
 */
class HashPool {
  private readonly slots: Slot[] = [];
  private readonly urgent: Job[] = [];
  private readonly queued: Job[] = [];
  private broken = false;

  constructor(readonly threads: number) {}

  hash(urgent: boolean, password: string, salt: Buffer, keylen: number): Promise<Buffer> {
    if (this.broken) return libuvScrypt(password, salt, keylen);
    return new Promise((resolve, reject) => {
      (urgent ? this.urgent : this.queued).push({ password, salt, keylen, resolve, reject });
      this.pump();
    });
  }

  /** Calls waiting for a thread (for tests and benchmarks). */
  get waiting(): number {
    return this.urgent.length + this.queued.length;
  }

  private pump(): void {
    while (this.urgent.length + this.queued.length > 0) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot) {
        if (this.slots.length >= this.threads) return;
        slot = this.start();
        if (!slot) return;
      }
      const job = (this.urgent.shift() ?? this.queued.shift())!;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage({ password: job.password, salt: job.salt, keylen: job.keylen });
    }
  }

  private start(): Slot | undefined {
    let worker: Worker;
    try {
      worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { options: SCRYPT_OPTIONS, nice: HASH_NICE } });
    } catch (error) {
      this.fallBack(error as Error);
      return undefined;
    }
    const slot: Slot = { worker };
    worker.unref();
    worker.on('message', (answer: { key?: Uint8Array; error?: string }) => {
      const job = slot.job;
      slot.job = undefined;
      worker.unref();
      if (answer.key) job?.resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength));
      else job?.reject(new Error(answer.error ?? 'scrypt failed'));
      this.pump();
    });
    const gone = (error: Error) => {
      const at = this.slots.indexOf(slot);
      if (at < 0) return;
      this.slots.splice(at, 1);
      slot.job?.reject(error);
      slot.job = undefined;
      if (this.slots.length === 0) this.fallBack(error);
      else this.pump();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`hashing thread exited (${code})`)));
    this.slots.push(slot);
    return slot;
  }

  /** No thread can run: the waiting hashes (and every later one) go to node's own scrypt. */
  private fallBack(error: Error): void {
    if (!this.broken) console.error(`password hashing threads cannot run (${error.message}); hashing on libuv's pool`);
    this.broken = true;
    for (const job of [...this.urgent.splice(0), ...this.queued.splice(0)])
      libuvScrypt(job.password, job.salt, job.keylen).then(job.resolve, job.reject);
  }
}

export const hashPool = new HashPool(hashThreads());

function scryptAsync(password: string, salt: Buffer, keylen: number, urgent: boolean): Promise<Buffer> {
  assertNoTransaction('password hashing (scrypt)');
  // On a hashing thread (never the event loop, never libuv's pool), as many at once as the pool has threads.
  return hashPool.hash(urgent, password, salt, keylen);
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
