import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import { setKeywordIndexFrom } from '../../core/crud/keyword-plan.js';
import { likePattern } from '../../core/db/dialect-sql.js';
import type { Row } from '../../core/db/row.js';
import { startApp, type DialectUnderTest, type TestApp } from './harness.js';

/** A test app whose keyword searches go through the index, signed in as the super admin. */
export type KeywordApp = TestApp & {
  /** The super admin's access token. */
  token: string;
  /** POSTs `body` to /admin/`path` as the super admin, expects 200 and returns the reply's data. */
  post(path: string, body: unknown): Promise<Row>;
  /**
   * The ids, newest first, of the rows of `table` whose `columns` hold the keyword: the case-insensitive substring
   * condition written out here, straight on the table, no index involved (the server may pick a cheaper form, such as
   * a plain LIKE for a keyword without case: it must agree).
   */
  scan(table: string, columns: string[], keyword: string): Promise<number[]>;
};

/**
 * Starts the app of a keyword-search suite: the index is asked from the first row (a test's tables are small, which
 * the server would otherwise search by testing rows), and the super admin signed in. `close` sets the threshold back
 * to the server's default of 1000 rows and closes the app; a start that fails sets it back too.
 */
export async function startKeywordApp(dialect: DialectUnderTest): Promise<KeywordApp> {
  setKeywordIndexFrom(0);
  let t: TestApp | undefined;
  const close = async () => {
    setKeywordIndexFrom(1000);
    await t?.close();
  };
  try {
    t = await startApp(dialect);
    const app = t;
    const token = await app.login();
    return {
      ...app,
      token,
      async post(path, body) {
        const r = await app.call('POST', `/admin/${path}`, { token, body });
        expect(r.status, r.raw).toBe(200);
        return r.body.data as Row;
      },
      async scan(table, columns, keyword) {
        const db = app.app.joinery.database.db as unknown as Kysely<Record<string, Row>>;
        const pattern = likePattern(keyword);
        const match = (c: string) =>
          dialect === 'postgres'
            ? sql<boolean>`${sql.ref(c)} ilike ${pattern} escape '!'`
            : dialect === 'mysql'
              ? sql<boolean>`lower(${sql.ref(c)}) like lower(${pattern}) escape '!'`
              : sql<boolean>`${sql.ref(c)} like ${pattern} escape '!'`;
        const rows = await db
          .selectFrom(`${table} as a`)
          .select('a.id')
          .where((eb) => eb.or(columns.map((c) => match(`a.${c}`))))
          .orderBy('a.id', 'desc')
          .execute();
        return rows.map((r) => Number(r.id));
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
