import { sql, type Expression, type SqlBool } from 'kysely';
import type { Entity } from '../registry/entity-types.js';
import type { Database } from './database.js';
import { likePattern } from './dialect-sql.js';
import { tableNames } from './keyword-table-sync.js';

/**
 * The keyword table of PostgreSQL and MySQL/MariaDB (keyword-index.ts has the whole picture and SQLite's FTS5 index):
 * `<table>__kw (id, v)`, one row per row of the table, v its keyword columns each folded by lower() and joined by END.
 * Here: what the table answers for a keyword; keyword-table-sync.ts makes it and its triggers.
 */

/** SQLite: follows every indexed value twice (each of its characters then begins a trigram); PostgreSQL and MySQL:
 * joins the folded columns. Never part of a keyword the index answers. */
export const END = '\u0001';

/**
 * What the keyword index says of a keyword: the condition on `a.id` that finds exactly the rows holding it in the
 * entity's own keyword columns (a shape token and its parameters for the compiled-query cache), at most how many rows
 * that is (exact once counted), and their exact number (counted once, when asked).
 */
export type IndexedKeyword = {
  atMost: number;
  total: () => Promise<number>;
  shape: string;
  params: unknown[];
  condition: () => Expression<SqlBool>;
};

/** The atMost/total pair of an answer: `count` runs once, when the total is first asked. */
export function counted(
  atMost: number | undefined,
  count: () => Promise<number>,
): Pick<IndexedKeyword, 'atMost' | 'total'> {
  let known: Promise<number> | undefined;
  return { atMost: atMost ?? Number.POSITIVE_INFINITY, total: () => (known ??= count()) };
}

/** MySQL: a keyword matching at most this many rows reaches the page as a list of ids. */
const FEW_IDS = 1000;

/** Matching rows up to which a PostgreSQL page takes the keyword's ids as an array (see tableKeyword). */
const ARRAY_IDS = 10_000;

/** The keyword table's answer for a keyword (PostgreSQL, MySQL): its rows, counted at once (folded as lower() folds). */
export async function tableKeyword(
  database: Database,
  db: Database['db'],
  entity: Entity,
  keyword: string,
): Promise<IndexedKeyword> {
  const table = sql.table(tableNames(entity.table).table);
  const pattern = likePattern(keyword);
  const matching = sql`select id from ${table} where v like lower(${pattern}) escape '!'`;
  if (database.dialect === 'mysql') {
    // MySQL tries an IN subquery row by row down the page's order: for a rare keyword that is every row of the table.
    // A few matching ids are read first (the same read counts them) and handed to the page as a list.
    const few = await sql<{ id: number }>`${matching} limit ${FEW_IDS + 1}`.execute(db);
    if (few.rows.length <= FEW_IDS) {
      const ids = few.rows.map((r) => Number(r.id));
      return {
        ...counted(ids.length, async () => ids.length),
        shape: `ids${ids.length}`,
        params: ids,
        condition: () => (ids.length ? sql<SqlBool>`a.id in (${sql.join(ids)})` : sql<SqlBool>`1 = 0`),
      };
    }
  }
  const n = Number(
    (
      await sql<{
        n: string | number;
      }>`select count(*) as n from ${table} where v like lower(${pattern}) escape '!'`.execute(db)
    ).rows[0]?.n ?? 0,
  );
  // PostgreSQL, a few thousand matches: the ids as one array (read once, an InitPlan) rather than an IN subquery. The
  // trigram estimate guesses the subquery far too small, so the planner joined every matching row to the table and
  // sorted them all; from an array the id index hands the page's rows over in its order and stops at the page's end
  // (5,000 matches of 1,000,000, ordered by id: ~30 → ~12 ms). Past ARRAY_IDS the array costs more to make than the
  // plans the planner then picks for the subquery (50,000 matches: ~80 ms against < 10 ms).
  if (database.dialect === 'postgres' && n <= ARRAY_IDS) {
    return {
      ...counted(n, async () => n),
      shape: 'kwa',
      params: [pattern],
      condition: () => sql<SqlBool>`a.id = any(array(${matching}))`,
    };
  }
  return {
    ...counted(n, async () => n),
    shape: 'kw',
    params: [pattern],
    condition: () => sql<SqlBool>`a.id in (${matching})`,
  };
}
