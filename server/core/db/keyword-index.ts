import { sql } from 'kysely';
import type { Entity, Field } from '../registry/entity-types.js';
import type { Database } from './database.js';

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
 * - PostgreSQL: pg_trgm GIN indexes on each keyword column, which ILIKE uses by itself (three characters or more).
 * - MySQL/MariaDB: no substring index (MariaDB has no ngram parser): the LIKE scans, honestly.
 */

/** Fewest characters a trigram index can look up. */
export const TRIGRAM = 3;

/** Entities whose keyword index the sync made or found in place (SQLite: the FTS table exists). */
const indexed = new WeakSet<Entity>();
/** Per database URL: could pg_trgm be created there. */
const trgmReady = new Map<string, boolean>();

export function keywordFields(entity: Entity): Field[] {
  return entity.fields.filter((f) => f.search.includes('keyword') && !f.virtual && ['string', 'json'].includes(f.storage));
}

const ftsName = (entity: Entity) => `${entity.table}__kw`;
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Follows every indexed value twice, so each of its characters begins a trigram; never part of a looked-up keyword. */
const END = '\u0001';

function ftsStatements(entity: Entity, columns: string[]): { create: string; vocab: string; triggers: string[]; fill: string } {
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
  const found = await sql<{ sql: string }>`select sql from sqlite_master where (type = 'table' and name in (${fts}, ${`${fts}_vocab`})) or (type = 'trigger' and tbl_name = ${entity.table} and name like ${`${fts}_a_`})`.execute(db);
  const stored = new Set(found.rows.map((r) => r.sql));
  if (want && found.rows.length === 5 && [want.create, want.vocab, ...want.triggers].every((t) => stored.has(t))) return true;
  // Missing, or made for other columns or by an earlier version: made again from the table (reads every row once).
  // The triggers come last: a start cut short before them leaves no complete set, so the next start makes it again.
  await dropSqliteKeywordIndex(db, entity);
  if (!want) return false;
  for (const statement of [want.create, want.vocab, want.fill, ...want.triggers]) await sql.raw(statement).execute(db);
  return true;
}

async function ensurePostgresIndexes(database: Database, entity: Entity, columns: string[]): Promise<boolean> {
  const { db } = database;
  const key = database.url;
  if (!trgmReady.has(key)) {
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
      trgmReady.set(key, true);
    } catch (error) {
      // Not allowed to create extensions here: searches stay correct, by scanning.
      console.warn(`[joinery] pg_trgm is not available (${(error as Error).message}); keyword search scans tables`);
      trgmReady.set(key, false);
    }
  }
  if (!trgmReady.get(key)) return false;
  for (const c of columns) {
    const name = `kw_${entity.table}_${c}`.slice(0, 63);
    await sql.raw(`create index if not exists ${q(name)} on ${q(entity.table)} using gin (${q(c)} gin_trgm_ops)`).execute(db);
  }
  return columns.length > 0;
}

/** Creates (or re-creates, when the keyword fields changed) the entity's keyword index; part of the schema sync. */
export async function ensureKeywordIndex(database: Database, entity: Entity): Promise<void> {
  const columns = keywordFields(entity).map((f) => f.name);
  let ok = false;
  if (database.dialect === 'sqlite') ok = await ensureSqliteIndex(database, entity, columns);
  else if (database.dialect === 'postgres') ok = await ensurePostgresIndexes(database, entity, columns);
  if (ok) indexed.add(entity);
  else indexed.delete(entity);
}

/** A short keyword beginning more trigrams than this is matched by the scan (one OR branch per trigram). */
const MAX_TERMS = 1000;
/** The highest character: the last trigram that begins with a short keyword is the keyword padded with it. */
const TOP = '\u{10FFFF}';

/** What the keyword index says of a keyword: the FTS5 query that finds exactly its rows (null: no row has it), and how many rows. */
export type IndexedKeyword = { table: string; match: string | null; count: number };

/**
 * On SQLite, the FTS5 query matching exactly the rows whose keyword columns hold the keyword (as LIKE would find
 * them), and their number; undefined when the index cannot answer (no index, another dialect, a keyword holding the
 * END character, a short keyword beginning too many trigrams).
 */
export async function indexedKeyword(database: Database, db: Database['db'], entity: Entity, keyword: string): Promise<IndexedKeyword | undefined> {
  if (database.dialect !== 'sqlite' || !indexed.has(entity) || keyword.length === 0 || keyword.includes(END)) return undefined;
  const fts = ftsName(entity);
  // LIKE folds ASCII letters only, as lower() did to the indexed values.
  const folded = keyword.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
  let match: string | null;
  const length = [...folded].length;
  if (length >= TRIGRAM) match = phrase(folded);
  else {
    const last = folded + TOP.repeat(TRIGRAM - length);
    const terms = await sql<{ term: string }>`select term from ${sql.table(`${fts}_vocab`)} where term >= ${folded} and term <= ${last} limit ${MAX_TERMS + 1}`.execute(db);
    if (terms.rows.length > MAX_TERMS) return undefined;
    const begins = terms.rows.filter((r) => r.term.startsWith(folded));
    match = begins.length ? begins.map((r) => phrase(r.term)).join(' OR ') : null;
  }
  if (match === null) return { table: fts, match, count: 0 };
  const counted = await sql<{ n: number }>`select count(*) as n from ${sql.table(fts)} where ${sql.table(fts)} match ${match}`.execute(db);
  return { table: fts, match, count: Number(counted.rows[0]?.n ?? 0) };
}
