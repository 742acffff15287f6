import { sql, type Expression, type SqlBool } from 'kysely';
import type { Entity } from '../registry/entity-types.js';
import type { Database } from './database.js';
import { likePattern } from './dialect-sql.js';
import { GRAM } from './keyword-table-mysql.js';
import { tableNames } from './keyword-table-sync.js';

/**
 * The keyword table of PostgreSQL and MySQL/MariaDB (keyword-index.ts has the whole picture and SQLite's FTS5 index):
 * `<table>__kw (id, v)`, one row per row of the table, v its keyword columns each folded by lower() and joined by END.
 * Here: what the table answers for a keyword; keyword-table-sync.ts and keyword-table-mysql.ts make it and its triggers.
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
  /** The page finds its rows sooner by testing rows in its order than by this condition, whatever their share. */
  dense?: boolean;
};

/** The atMost/total pair of an answer: `count` runs once, when the total is first asked. */
export function counted(
  atMost: number | undefined,
  count: () => Promise<number>,
): Pick<IndexedKeyword, 'atMost' | 'total'> {
  let known: Promise<number> | undefined;
  return { atMost: atMost ?? Number.POSITIVE_INFINITY, total: () => (known ??= count()) };
}

/** MySQL: matches read (and counted) at once; past them they are counted first. */
const FEW_IDS = 1000;

/** Matching rows up to which a PostgreSQL page takes the keyword's ids as an array (see tableKeyword). */
const ARRAY_IDS = 10_000;

/** MySQL: matches up to which (when the page does not test rows in its order) they reach the page as a list. */
const LIST = 100_000;
/** MySQL: pieces of a keyword longer than GRAM looked up. */
const WINDOWS = 4;

/**
 * MySQL: the rows holding a keyword, from the postings (keyword-table-mysql.ts): up to GRAM characters exactly the
 * postings of its first place in each row (a prefix range of the index, each row once); longer, the rows holding
 * some of its pieces of GRAM characters, confirmed by `v LIKE` on the keyword table. Folded by the same lower() as the
 * pattern.
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
  // Up to WINDOWS of its pieces of GRAM characters (the first, the last, some between): each row holding one has one
  // posting of it, and the optimizer starts from the rarest (its estimate is an index dive) and looks the others up
  // by primary key.
  const last = length - GRAM;
  const starts = [...new Set(Array.from({ length: WINDOWS }, (_, k) => Math.round((k * last) / (WINDOWS - 1))))];
  const window = (start: number) =>
    sql`cast(substring(lower(${keyword}), ${sql.lit(start + 1)}, ${sql.lit(GRAM)}) as binary)`;
  const joins = starts.slice(1).map((start, k) => {
    const p = sql.raw(`p${k + 1}`);
    return sql` join ${postings} ${p} on ${p}.s = ${window(start)} and ${p}.id = p0.id`;
  });
  const from = sql`${postings} p0${sql.join(joins, sql``)} join ${sql.table(names.table)} k on k.id = p0.id`;
  const where = sql`p0.s = ${window(starts[0])} and k.v like lower(${pattern}) escape '!'`;
  return {
    ids: sql`select p0.id from ${from} where ${where}`,
    count: sql<{ n: number }>`select count(*) as n from ${from} where ${where}`,
    params: [...starts.map(() => keyword), pattern],
    shape: `ktl${starts.join('.')}`,
  };
}

/** The keyword table's answer for a keyword (PostgreSQL, MySQL): its rows, counted at once (folded as lower() folds). */
export async function tableKeyword(
  database: Database,
  db: Database['db'],
  entity: Entity,
  keyword: string,
  denseFrom: number,
): Promise<IndexedKeyword> {
  const names = tableNames(entity.table);
  const table = sql.table(names.table);
  const pattern = likePattern(keyword);
  if (database.dialect === 'mysql') {
    // MySQL tries an IN subquery row by row down the page's order: for a rare keyword that was every row of the
    // table. The matching ids are read first (up to FEW_IDS the same read counts them; past it they are counted first,
    // so that a dense keyword's ids are not carried here) and handed to the page as a list, unless the page tests rows
    // in its order.
    const found = postingsMatch(names, keyword, pattern);
    let rows = (await sql<{ id: number }>`${found.ids} limit ${FEW_IDS + 1}`.execute(db)).rows;
    let n = rows.length <= FEW_IDS ? rows.length : Number((await found.count.execute(db)).rows[0]?.n ?? 0);
    // The ids as a subquery: only where the page does not take them (dense), or past LIST.
    const subquery = {
      shape: found.shape,
      params: found.params,
      condition: () => sql<SqlBool>`a.id in (${found.ids})`,
    };
    // Dense: the page tests rows in its order (it finds its 20 rows soon) and the count is its total.
    if (n > denseFrom) return { ...counted(n, async () => n), ...subquery, dense: true };
    if (n > FEW_IDS && n <= LIST) {
      rows = (await found.ids.execute(db)).rows as { id: number }[];
      n = rows.length;
    }
    if (n <= LIST) {
      const ids = rows.map((r) => Number(r.id));
      // Past FEW_IDS the list is made as long as the next power of two (its last id repeated), so that the compiled
      // page texts stay a few (page-sql-cache.ts keeps one per length). MariaDB reads a long IN list as a table of
      // values and joins it by primary key (5,000 ids of 1,000,000, sorted for the page: ~6 ms); the same ids as a
      // subquery of the postings became a temporary table and a sort (~700 ms; 50,000 ids: 6 s).
      const length = n <= FEW_IDS ? n : 2 ** Math.ceil(Math.log2(n));
      const list = ids.concat(Array.from({ length: length - n }, () => ids[n - 1]));
      return {
        ...counted(n, async () => n),
        shape: `ids${list.length}`,
        params: list,
        condition: () => (list.length ? sql<SqlBool>`a.id in (${sql.join(list)})` : sql<SqlBool>`1 = 0`),
      };
    }
    return { ...counted(n, async () => n), ...subquery };
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
