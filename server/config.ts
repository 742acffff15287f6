import path from 'node:path';
import { limitsFromEnv, type Limits } from './core/limits.js';
import { s3SettingsFrom, type S3Settings } from './core/storage/s3-storage.js';
import { errorStatusMode, type ErrorStatusMode } from './core/http/error-status.js';

/** The prefix a client may put before any server path (`/api/admin/…`, `/api/public/…`); the server strips it (app.ts). */
export const API_PREFIX = '/api';

/** Settings read from the environment (documented in README). */
export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  dataDir: string;
  captcha: boolean;
  /** eps shows every entity to anonymous callers (development and codegen). */
  epsPublic: boolean;
  /** Trust X-Forwarded-For for the client IP. */
  trustProxy: boolean;
  /** Where the built UI lives; served at / when present. */
  uiDir: string;
  /**
   * Put in front of `/public/uploads/…` in upload URLs. Default `/api`: the API's own prefix, which the server strips,
   * so a file is reachable wherever the API is (directly, or behind a proxy forwarding only `/api/*`); another proxy
   * prefix (`/dev`) or a host (`https://cdn.example.com`) when set; set empty, addresses at the server's root.
   */
  uploadDomain: string;
  /** Uploaded files in an S3-compatible bucket instead of `<data dir>/uploads` (JOINERY_S3_BUCKET and friends). */
  s3?: S3Settings;
  /** How failures are sent: HTTP statuses (default) or, for the original client, 200 with the envelope's code (server/core/http/error-status.ts). */
  errorStatus: ErrorStatusMode;
  /** Limits other than the defaults (server/core/limits.ts): a few from the environment (limitsFromEnv), any from buildApp's caller. */
  limits?: Partial<Limits>;
  /** The clock of the dashboard and the visit counter (tests fix the time of day); default the system clock. */
  clock?: () => Date;
};

/**
 * The largest page a page call serves (PROTOCOL §0: capped, default 1000): JOINERY_MAX_PAGE_SIZE, 100 to 100,000, for
 * those who page through long lists on screen (the list is virtualized; 10,000 rows scroll smoothly).
 */
export function maxPageSize(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.JOINERY_MAX_PAGE_SIZE;
  if (raw === undefined || raw === '') return 1000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 100 || n > 100_000)
    throw new Error(`JOINERY_MAX_PAGE_SIZE must be a whole number from 100 to 100000, got "${raw}"`);
  return n;
}

/**
 * Whether writes are recorded in the field history (JOINERY_HISTORY, `on` by default; `off` records none — the
 * revision and the lost-update check stay, without the merge's history every stale save is then a conflict). For
 * measuring the history's cost (bench/history.mjs) and for an emergency; an entity opts out with `x-history: false`.
 */
export function historyEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.JOINERY_HISTORY;
  if (raw === undefined || raw === '' || raw === 'on') return true;
  if (raw === 'off') return false;
  throw new Error(`JOINERY_HISTORY must be on or off, got "${raw}"`);
}

/**
 * The most records one `add` call takes (JOINERY_MAX_ADD_BATCH, 1 to 10,000, default 500): a batch is one
 * transaction, and its validation and password hashing run before it opens; more records → 400 naming the limit.
 */
export function maxAddBatch(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.JOINERY_MAX_ADD_BATCH;
  if (raw === undefined || raw === '') return 500;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 10_000)
    throw new Error(`JOINERY_MAX_ADD_BATCH must be a whole number from 1 to 10000, got "${raw}"`);
  return n;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  maxPageSize(env); // a wrong value stops the start with its reason
  maxAddBatch(env);
  const dataDir = path.resolve(env.JOINERY_DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 8001);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'joinery.db')}`,
    dataDir,
    captcha: env.JOINERY_CAPTCHA !== 'off',
    epsPublic: env.JOINERY_EPS_PUBLIC === 'on',
    trustProxy: env.JOINERY_TRUST_PROXY === 'on',
    uiDir: path.resolve(env.JOINERY_UI_DIR ?? './dist/ui'),
    uploadDomain: (env.JOINERY_UPLOAD_DOMAIN ?? API_PREFIX).replace(/\/+$/, ''),
    s3: s3SettingsFrom(env),
    errorStatus: errorStatusMode(env),
    limits: limitsFromEnv(env),
  };
}
