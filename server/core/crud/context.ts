import type { Kysely } from 'kysely';
import type { Database, SystemTables } from '../db/database.js';
import type { Registry } from '../registry/registry.js';
import type { HookRegistry } from './entity-hooks.js';
import type { ProgressReporter } from '../http/progress.js';

/** The signed-in admin as the server sees them on one request. */
export type RequestUser = {
  id: number;
  username: string;
  roleIds: number[];
  /** Holds the super-admin role (id 1, label admin). */
  isSuper: boolean;
  perms: ReadonlySet<string>;
  /** Department ids the user's data scope covers; null = every department. */
  departmentIds: readonly number[] | null;
  /** Menu ids the user sees; null = all. */
  menuIds: readonly number[] | null;
};

/** What an operation needs: the database (or the transaction it runs in), the registry and who asks. */
export type OpContext = {
  database: Database;
  db: Kysely<SystemTables>;
  registry: Registry;
  hooks: HookRegistry;
  user?: RequestUser;
  /** Request path and arguments, kept with recycle-bin copies. */
  url: string;
  params: unknown;
  /** Set when the caller asked to follow a long call (an `x-progress-id` header): batch add and import report to it. */
  progress?: ProgressReporter;
};
