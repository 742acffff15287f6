import { CompiledQuery, sql, type SqlBool } from 'kysely';
import type { Entity, Field } from '../registry/entity-types.js';
import type { Database } from './database.js';
import { inTransaction } from './row-count-sql.js';
import { counted, END, tableKeyword, type IndexedKeyword } from './keyword-table.js';
import { ensurePostgresKeywordTable } from './keyword-table-sync.js';
import { ensureMysqlKeywordTable } from './keyword-table-mysql.js';
import { getOrSet } from '../get-or-set.js';

export type { IndexedKeyword } from './keyword-table.js';
export { dropPostgresKeywordIndex } from './keyword-table-sync.js';
export { dropMysqlKeywordIndex } from './keyword-table-mysql.js';

/**
 * Keyword search that does not scan the table. The search itself is a case-insensitive substring match over the
 * entity's keyword fields (containsInsensitive); an index answers it where it can:
 * - SQLite: a contentless FTS5 table (`<table>__kw`, tokenizer `trigram case_sensitive 1`) over the keyword columns
 *   folded the way SQLite's LIKE folds them (lower(): ASCII only), each value followed by two END characters. Kept by
 *   triggers, so inside the write's own transaction. Its answers are exactly LIKE's, so the index alone decides:
 *   a keyword of three characters or more is a phrase of trigrams; a shorter one (木, 沙发) is every trigram of the
 *   index that begins with it (read from the index's vocabulary) — the END characters make every character of a value
 *   the start of a trigram. A keyword holding END itself, or so short and common that it begins too many trigrams,
 *   is matched by the scan.
 * - PostgreSQL: `<table>__kw (id, v)`, one row per row of the table, v its keyword columns each folded by lower()
 *   (as ILIKE folds them) and joined by END; kept by statement triggers inside the write's transaction, with a pg_trgm
 *   GIN index on v. `v LIKE lower(pattern)` is exactly ILIKE over the columns (a keyword without END cannot span two
 *   of them), read from the index for three characters or more, and from a narrow table without folding otherwise.
 * - MySQL/MariaDB: the same keyword table as on PostgreSQL, and beside it `<table>__kwt (s, id, m)` (MariaDB has no
 *   ngram parser): from every character of v the next 8 characters, with how long a prefix of them begins earlier in
 *   v. A keyword of up to 8 characters is one prefix range of its primary key (each row once, the count exact); a
 *   longer one the rows holding its first 8 characters, confirmed by `v LIKE`. Both kept by row triggers.
 */

/** Fewest characters a trigram index can look up. */
export const TRIGRAM = 3;

/** Entities whose keyword index the sync made or found in place (SQLite: the FTS table exists). */
const indexed = new WeakSet<Entity>();

export function keywordFields(entity: Entity): Field[] {
  return entity.fields.filter(
    (f) => f.search.includes('keyword') && !f.virtual && ['string', 'json'].includes(f.storage),
  );
}

const ftsName = (entity: Entity) => `${entity.table}__kw`;
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

function ftsStatements(
  entity: Entity,
  columns: string[],
): { create: string; vocab: string; triggers: string[]; fill: string } {
  const t = entity.table;
  const fts = ftsName(entity);
  const cols = columns.map(q).join(', ');
  const folded = (row: string) => columns.map((c) => `lower(${row}${q(c)}) || char(1, 1)`).join(', ');
  const create = `CREATE VIRTUAL TABLE ${q(fts)} USING fts5(${cols}, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`;
  const del = `DELETE FROM ${q(fts)} WHERE rowid = old.id;`;
  const add = `INSERT INTO ${q(fts)}(rowid, ${cols}) VALUES (new.id, ${folded('new.')});`;
  return {
    create,
    vocab: `CREATE VIRTUAL TABLE ${q(`${fts}_vocab`)} USING fts5vocab(${q(fts)}, 'row')`,
    triggers: [
      `CREATE TRIGGER ${q(`${fts}_ai`)} AFTER INSERT ON ${q(t)} BEGIN ${add} END`,
      `CREATE TRIGGER ${q(`${fts}_ad`)} AFTER DELETE ON ${q(t)} BEGIN ${del} END`,
      // Only a change of an indexed column (or of the id) touches the index.
      `CREATE TRIGGER ${q(`${fts}_au`)} AFTER UPDATE OF ${['id', ...columns].map(q).join(', ')} ON ${q(t)} BEGIN ${del} ${add} END`,
    ],
    fill: `INSERT INTO ${q(fts)}(rowid, ${cols}) SELECT id, ${folded('')} FROM ${q(t)}`,
  };
}

/** Drops the SQLite keyword index of an entity (its triggers, vocabulary and FTS5 table), if there is one. */
export async function dropSqliteKeywordIndex(db: Database['db'], entity: Entity): Promise<void> {
  const fts = ftsName(entity);
  for (const suffix of ['ai', 'ad', 'au']) await sql.raw(`DROP TRIGGER IF EXISTS ${q(`${fts}_${suffix}`)}`).execute(db);
  await sql.raw(`DROP TABLE IF EXISTS ${q(`${fts}_vocab`)}`).execute(db);
  await sql.raw(`DROP TABLE IF EXISTS ${q(fts)}`).execute(db);
}

async function ensureSqliteIndex(database: Database, entity: Entity, columns: string[]): Promise<boolean> {
  const { db } = database;
  const fts = ftsName(entity);
  const want = columns.length ? ftsStatements(entity, columns) : undefined;
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_master where (type = 'table' and name in (${fts}, ${`${fts}_vocab`})) or (type = 'trigger' and tbl_name = ${entity.table} and name like ${`${fts}_a_`})`.execute(
    db,
  );
  const stored = new Set(found.rows.map((r) => r.sql));
  if (want && found.rows.length === 5 && [want.create, want.vocab, ...want.triggers].every((t) => stored.has(t)))
    return true;
  // Missing, or made for other columns or by an earlier version: made again from the table (reads every row once).
  // In one transaction (or the caller's), the triggers last: a complete set is always a filled one.
  return inTransaction(db, async (trx) => {
    await dropSqliteKeywordIndex(trx, entity);
    if (!want) return false;
    for (const statement of [want.create, want.vocab, want.fill, ...want.triggers])
      await sql.raw(statement).execute(trx);
    return true;
  });
}

/** Creates (or re-creates, when the keyword fields changed) the entity's keyword index; part of the schema sync. */
export async function ensureKeywordIndex(database: Database, entity: Entity): Promise<void> {
  const columns = keywordFields(entity).map((f) => f.name);
  let ok = false;
  if (database.dialect === 'sqlite') ok = await ensureSqliteIndex(database, entity, columns);
  else if (database.dialect === 'postgres') ok = await ensurePostgresKeywordTable(database, entity, columns);
  else ok = await ensureMysqlKeywordTable(database, entity, columns);
  if (ok) indexed.add(entity);
  else indexed.delete(entity);
}

/** A short keyword beginning more trigrams than this is matched by the scan (one OR branch per trigram). */
const MAX_TERMS = 1000;
/** The highest character: the last trigram that begins with a short keyword is the keyword padded with it. */
const TOP = '\u{10FFFF}';

/** Per FTS table: the texts of its vocabulary and count lookups. */
const sqliteLookups = new Map<string, { terms: string; count: string }>();

/**
 * The keyword index's answer for a keyword; undefined when it cannot answer (no index, a keyword holding the END
 * character, a short keyword beginning too many trigrams on SQLite): the keyword is then matched by scanning.
 * `denseFrom`: matches past which the page will test rows in its order (MySQL then reads no more ids).
 */
export async function indexedKeyword(
  database: Database,
  db: Database['db'],
  entity: Entity,
  keyword: string,
  denseFrom = Number.POSITIVE_INFINITY,
): Promise<IndexedKeyword | undefined> {
  if (!indexed.has(entity) || keyword.length === 0 || keyword.includes(END)) return undefined;
  if (database.dialect !== 'sqlite') return tableKeyword(database, db, entity, keyword, denseFrom);
  const fts = ftsName(entity);
  // The two lookups' texts, made once per table (a page call with a keyword may run them before its own query).
  const texts = getOrSet(sqliteLookups, fts, () => ({
    terms: `select term, doc from ${q(`${fts}_vocab`)} where term >= ? and term <= ? limit ${MAX_TERMS + 1}`,
    count: `select count(*) as n from ${q(fts)} where ${q(fts)} match ?`,
  }));
  const { count } = texts;
  // LIKE folds ASCII letters only, as lower() did to the indexed values.
  const folded = keyword.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
  let match: string;
  let atMost: number | undefined;
  const length = [...folded].length;
  if (length >= TRIGRAM) match = phrase(folded);
  else {
    const last = folded + TOP.repeat(TRIGRAM - length);
    const terms = await db.executeQuery<{ term: string; doc: number }>(CompiledQuery.raw(texts.terms, [folded, last]));
    if (terms.rows.length > MAX_TERMS) return undefined;
    const begins = terms.rows.filter((r) => r.term.startsWith(folded));
    if (!begins.length)
      return { ...counted(0, async () => 0), shape: 'none', params: [], condition: () => sql<SqlBool>`1 = 0` };
    match = begins.map((r) => phrase(r.term)).join(' OR ');
    // Each row holding the keyword holds one of these trigrams: the rows of all of them bound the count from above.
    atMost = begins.reduce((n, r) => n + Number(r.doc), 0);
  }
  const table = sql.table(fts);
  const matching = sql`select rowid from ${table} where ${table} match ${match}`;
  const countRows = async () =>
    Number((await db.executeQuery<{ n: number }>(CompiledQuery.raw(count, [match]))).rows[0]?.n ?? 0);
  // A phrase has no bound from the vocabulary: its rows are counted at once (one lookup, cheap when they are few).
  const n = atMost === undefined ? await countRows() : undefined;
  return {
    ...counted(n ?? atMost, n === undefined ? countRows : async () => n),
    shape: 'fts',
    params: [match],
    condition: () => sql<SqlBool>`a.id in (${matching})`,
  };
}
