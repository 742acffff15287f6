import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { createServerTable } from '../db/server-tables.js';

/**
 * Several server processes on one database: a shared version row that a process bumps when it drops cached rights or
 * sessions, and the check (at most every CHECK_MS, at the start of a request) that makes the others forget theirs.
 */

/** One row (id 1) whose version every process bumps when it drops cached rights or sessions (several processes). */
export const RIGHTS_VERSION_TABLE = 'joinery_rights_version';

/** Creates the shared version row if missing (two processes starting at once may both try: the second insert is ignored). */
export async function installRightsVersion(database: Database): Promise<void> {
  await createServerTable(database, RIGHTS_VERSION_TABLE);
  const { db } = database;
  if (await db.selectFrom(RIGHTS_VERSION_TABLE).select('id').where('id', '=', 1).executeTakeFirst()) return;
  try {
    await db.insertInto(RIGHTS_VERSION_TABLE).values({ id: 1, version: 0 }).execute();
  } catch {
    /* inserted by another process meanwhile */
  }
}

/** The shared version as one process follows it: `forget` runs when another process has bumped it. */
export class SharedVersion {
  /** How often a request checks the shared version row (other processes' role, password, logout changes). */
  private static readonly CHECK_MS = 400;
  private known: string | undefined;
  private checkedAt = 0;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly database: Database,
    private readonly now: () => number,
    private readonly forget: () => void,
  ) {}

  /** Whether a check is under way or due (a request must then wait for follow before trusting its caches). */
  due(): boolean {
    return this.checking !== undefined || this.now() - this.checkedAt >= SharedVersion.CHECK_MS;
  }

  /**
   * At most every CHECK_MS a request reads the shared version; when another process has bumped it, this process
   * forgets its cached rights and sessions. Called only at the start of a request (authenticate), never inside a
   * transaction (SQLite's one connection would wait for itself).
   */
  async follow(): Promise<void> {
    if (this.now() - this.checkedAt < SharedVersion.CHECK_MS) return;
    this.checking ??= (async () => {
      try {
        const row = await this.database.db
          .selectFrom(RIGHTS_VERSION_TABLE)
          .select('version')
          .where('id', '=', 1)
          .executeTakeFirst();
        const version = row ? String(row.version) : '';
        if (this.known !== undefined && version !== this.known) this.forget();
        this.known = version;
      } catch {
        // No version row (a database from before it existed, mid-start): only this process's own changes count.
      } finally {
        this.checkedAt = this.now();
        this.checking = undefined;
      }
    })();
    await this.checking;
  }

  /** Tells the other processes to forget what they cached (not awaited: it may wait for the caller's transaction). */
  tell(): void {
    this.database.db
      .updateTable(RIGHTS_VERSION_TABLE)
      .set({ version: sql`version + 1` })
      .where('id', '=', 1)
      .execute()
      .catch(() => undefined);
  }
}
