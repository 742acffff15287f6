import { sql, type Expression, type SqlBool } from 'kysely';
import type { Entity } from '../registry/entity-types.js';
import type { Database } from './database.js';
import { likePattern } from './dialect-sql.js';
import { GRAM, tableNames } from './keyword-table-sync.js';

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

/** MySQL: matches up to which a keyword's rows are read (and counted) at once and handed to the page as a list. */
const MANY = 10_000;

/**
 * MySQL: the rows holding a keyword, from the postings (keyword-table-sync.ts): up to GRAM characters exactly the
 * postings of its first place in each row (a prefix range of the index, each row once); longer, the rows whose first
 * GRAM characters begin there, confirmed by `v LIKE` on the keyword table. Folded by the same lower() as the pattern.
 */
function postingsMatch(names: ReturnType<typeof tableNames>, keyword: string, pattern: string) {
  const postings = sql.table(names.postings);
  const length = [...keyword].length;
  if (length <= GRAM) {
    const prefix = `${pattern.slice(1, -1)}%`;
    const where = sql`s like cast(lower(${prefix}) as binary) escape '!' and m < ${sql.lit(length)}`;
    return {
      ids: sql`select id from ${postings} where ${where}`,
      count: sql<{ n: number }>`select count(*) as n from ${postings} where ${where}`,
      params: [prefix],
      shape: `kt${length}`,
    };
  }
  const where = sql`p.s = cast(left(lower(${keyword}), ${sql.lit(GRAM)}) as binary) and p.m < ${sql.lit(GRAM)} and k.v like lower(${pattern}) escape '!'`;
  const from = sql`${postings} p join ${sql.table(names.table)} k on k.id = p.id`;
  return {
    ids: sql`select p.id from ${from} where ${where}`,
    count: sql<{ n: number }>`select count(*) as n from ${from} where ${where}`,
    params: [keyword, pattern],
    shape: 'ktl',
  };
}

/** The keyword table's answer for a keyword (PostgreSQL, MySQL): its rows, counted at once (folded as lower() folds). */
export async function tableKeyword(
  database: Database,
  db: Database['db'],
  entity: Entity,
  keyword: string,
): Promise<IndexedKeyword> {
  const names = tableNames(entity.table);
  const table = sql.table(names.table);
  const pattern = likePattern(keyword);
  if (database.dialect === 'mysql') {
    // MySQL tries an IN subquery row by row down the page's order: for a rare keyword that was every row of the
    // table. A few matching ids are read first (the same read counts them) and handed to the page as a list.
    const found = postingsMatch(names, keyword, pattern);
    const rows = (await sql<{ id: number }>`${found.ids} limit ${MANY + 1}`.execute(db)).rows;
    if (rows.length <= MANY) {
      const ids = rows.map((r) => Number(r.id));
      // Past FEW_IDS the list is made as long as the next power of two (its last id repeated), so that the compiled
      // page texts stay a few (page-sql-cache.ts keeps one per length). MariaDB reads a long IN list as a table of
      // values and joins it by primary key (5,000 ids of 1,000,000, sorted for the page: ~6 ms); the same ids as a
      // subquery of the postings took ~700 ms (a temporary table, then a sort).
      const length = ids.length <= FEW_IDS ? ids.length : 2 ** Math.ceil(Math.log2(ids.length));
      const list = ids.concat(Array.from({ length: length - ids.length }, () => ids[ids.length - 1]));
      return {
        ...counted(ids.length, async () => ids.length),
        shape: `ids${list.length}`,
        params: list,
        condition: () => (list.length ? sql<SqlBool>`a.id in (${sql.join(list)})` : sql<SqlBool>`1 = 0`),
      };
    }
    // More: counted when the total is asked; a page of them (dense ones test rows in the page's order instead) takes
    // them by the same query as a subquery.
    return {
      ...counted(undefined, async () => Number((await found.count.execute(db)).rows[0]?.n ?? 0)),
      shape: found.shape,
      params: found.params,
      condition: () => sql<SqlBool>`a.id in (${found.ids})`,
    };
  }
  const matching = sql`select id from ${table} where v like lower(${pattern}) escape '!'`;
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
