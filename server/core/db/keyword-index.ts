import { createHash } from 'node:crypto';
import { CompiledQuery, sql, type Expression, type SqlBool } from 'kysely';
import type { Entity, Field } from '../registry/entity-types.js';
import type { Database } from './database.js';
import { likePattern } from './dialect-sql.js';
import { inTransaction } from './row-count.js';

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
 * - MySQL/MariaDB: the same keyword table as on PostgreSQL, kept by row triggers, without a substring index (MariaDB has
 *   no ngram parser): a search reads the narrow table whole — honestly a scan, but of pre-folded text, not of the rows.
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
  // In one transaction (or the caller's), the triggers last: a complete set is always a filled one.
  return inTransaction(db, async (trx) => {
    await dropSqliteKeywordIndex(trx, entity);
    if (!want) return false;
    for (const statement of [want.create, want.vocab, want.fill, ...want.triggers]) await sql.raw(statement).execute(trx);
    return true;
  });
}

/** PostgreSQL: the keyword table of an entity and its trigger functions (names of at most 63 bytes, distinct per table). */
function pgNames(table: string) {
  const hash = createHash('sha1').update(table).digest('hex').slice(0, 8);
  const short = `${table.slice(0, 36)}_${hash}`;
  return {
    table: `${table.slice(0, 50)}__kw`,
    index: `${table.slice(0, 50)}__kw_v`,
    fn: (what: 'ins' | 'del' | 'upd') => `joinery_k_${what}_${short}`,
    trigger: (what: 'ins' | 'del' | 'upd') => `${table.slice(0, 50)}__k_${what}`,
  };
}

function pgStatements(entity: Entity, columns: string[]) {
  const names = pgNames(entity.table);
  const v = (row: string) => columns.map((c) => `lower(coalesce(${row}.${q(c)}::text, ''))`).join(` || chr(1) || `);
  const add = (rows: string) => `insert into ${q(names.table)} (id, v) select ${rows}.id, ${v(rows)} from ${rows} ${rows}`;
  const del = (rows: string) => `delete from ${q(names.table)} where id in (select id from ${rows})`;
  const body = (steps: string[]) => `begin ${steps.join('; ')}; return null; end`;
  return {
    names,
    functions: [
      { what: 'ins' as const, event: 'INSERT', referencing: 'NEW TABLE AS nt', body: body([add('nt')]) },
      { what: 'del' as const, event: 'DELETE', referencing: 'OLD TABLE AS ot', body: body([del('ot')]) },
      { what: 'upd' as const, event: 'UPDATE', referencing: 'OLD TABLE AS ot NEW TABLE AS nt', body: body([del('ot'), add('nt')]) },
    ],
    fill: `insert into ${q(names.table)} (id, v) select t.id, ${v('t')} from ${q(entity.table)} t`,
  };
}

/** Drops the PostgreSQL keyword table of an entity with its triggers and functions, if there are any. */
export async function dropPostgresKeywordIndex(db: Database['db'], table: string): Promise<void> {
  const names = pgNames(table);
  const exists = await sql<{ t: string | null }>`select to_regclass(quote_ident(${table})) as t`.execute(db);
  for (const what of ['ins', 'del', 'upd'] as const) {
    if (exists.rows[0]?.t) await sql.raw(`drop trigger if exists ${q(names.trigger(what))} on ${q(table)}`).execute(db);
    await sql.raw(`drop function if exists ${q(names.fn(what))}()`).execute(db);
  }
  await sql.raw(`drop table if exists ${q(names.table)}`).execute(db);
}

async function ensurePostgresIndexes(database: Database, entity: Entity, columns: string[]): Promise<boolean> {
  const { db } = database;
  const key = database.url;
  if (!trgmReady.has(key)) {
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
      trgmReady.set(key, true);
    } catch (error) {
      // Not allowed to create extensions here: searches stay correct, reading the narrow keyword table whole.
      console.warn(`[joinery] pg_trgm is not available (${(error as Error).message}); keyword search scans tables`);
      trgmReady.set(key, false);
    }
  }
  const table = entity.table;
  const want = columns.length ? pgStatements(entity, columns) : undefined;
  const names = pgNames(table);
  if (!want && !(await sql<{ t: string | null }>`select to_regclass(quote_ident(${names.table})) as t`.execute(db)).rows[0]?.t) return false;
  const check = async (trx: Database['db']) => {
    if (!want) return false;
    const found = await sql<{ fn: string; src: string; tg: string }>`
      select p.proname as fn, p.prosrc as src, t.tgname as tg from pg_trigger t join pg_proc p on p.oid = t.tgfoid
      where t.tgrelid = quote_ident(${table})::regclass and t.tgname like ${`${table.slice(0, 50)}__k_%`}`.execute(trx);
    const index = await sql<{ n: number }>`select count(*) as n from pg_indexes where tablename = ${names.table} and indexname = ${names.index}`.execute(trx);
    return found.rows.length === want.functions.length && (Number(index.rows[0]?.n) > 0 || !trgmReady.get(key))
      && want.functions.every((f) => found.rows.some((r) => r.fn === names.fn(f.what) && r.src === f.body && r.tg === names.trigger(f.what)));
  };
  const legacy = async (trx: Database['db']) => {
    // Earlier versions indexed each keyword column of the table itself (kw_<table>_<column>): the keyword table replaces them.
    const old = await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table} and indexname like ${`kw\_%`} and indexdef like '%gin_trgm_ops%'`.execute(trx);
    for (const { name } of old.rows) await sql.raw(`drop index if exists ${q(name)}`).execute(trx);
  };
  if (await check(db)) return true;
  return inTransaction(db, async (trx) => {
    // Servers starting together make it one after the other; no writer of the table until the commit, so the fill
    // below and the triggers meet exactly.
    await sql`select pg_advisory_xact_lock(hashtext(${names.table}))`.execute(trx);
    await sql.raw(`lock table ${q(table)} in share row exclusive mode`).execute(trx);
    if (await check(trx)) return true;
    await dropPostgresKeywordIndex(trx, table);
    await legacy(trx);
    if (!want) return false;
    await sql.raw(`create table ${q(names.table)} (id bigint primary key, v text not null)`).execute(trx);
    await sql.raw(want.fill).execute(trx);
    if (trgmReady.get(key)) await sql.raw(`create index ${q(names.index)} on ${q(names.table)} using gin (v gin_trgm_ops)`).execute(trx);
    await sql.raw(`analyze ${q(names.table)}`).execute(trx);
    for (const f of want.functions) {
      await sql.raw(`create or replace function ${q(names.fn(f.what))}() returns trigger language plpgsql as $joinery$${f.body}$joinery$`).execute(trx);
      await sql.raw(`create trigger ${q(names.trigger(f.what))} after ${f.event} on ${q(table)} referencing ${f.referencing} for each statement execute function ${q(names.fn(f.what))}()`).execute(trx);
    }
    return true;
  });
}

const bq = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** MySQL/MariaDB: the keyword table's triggers (row triggers: the only kind MySQL has). */
function mysqlTriggers(entity: Entity, columns: string[]) {
  const names = pgNames(entity.table);
  const v = (row: string) => `concat(${columns.map((c) => `lower(coalesce(${row}${bq(c)}, ''))`).join(', char(1 using utf8mb4), ')})`;
  const add = `insert into ${bq(names.table)} (id, v) values (NEW.id, ${v('NEW.')})`;
  const del = `delete from ${bq(names.table)} where id = OLD.id`;
  return {
    names,
    triggers: [
      { name: names.trigger('ins'), event: 'INSERT', body: add },
      { name: names.trigger('del'), event: 'DELETE', body: del },
      { name: names.trigger('upd'), event: 'UPDATE', body: `BEGIN ${del}; ${add}; END` },
    ],
    fill: `insert into ${bq(names.table)} (id, v) select id, ${v('')} from ${bq(entity.table)}`,
  };
}

/** Drops the MySQL keyword table of an entity with its triggers, if there are any. */
export async function dropMysqlKeywordIndex(db: Database['db'], table: string): Promise<void> {
  const names = pgNames(table);
  for (const what of ['ins', 'del', 'upd'] as const) await sql.raw(`drop trigger if exists ${bq(names.trigger(what))}`).execute(db);
  await sql.raw(`drop table if exists ${bq(names.table)}`).execute(db);
}

async function ensureMysqlIndex(database: Database, entity: Entity, columns: string[]): Promise<boolean> {
  const { db } = database;
  const table = entity.table;
  const want = columns.length ? mysqlTriggers(entity, columns) : undefined;
  const names = pgNames(table);
  const exists = async (c: Database['db']) => (await sql<{ n: number }>`select count(*) as n from information_schema.tables where table_schema = database() and table_name = ${names.table}`.execute(c)).rows[0]?.n;
  if (!want) {
    if (Number(await exists(db)) > 0) await dropMysqlKeywordIndex(db, table);
    return false;
  }
  const check = async (c: Database['db']) => {
    const found = await sql<{ name: string; body: string }>`select trigger_name as name, action_statement as body from information_schema.triggers
      where event_object_schema = database() and event_object_table = ${table} and trigger_name like ${`${table.slice(0, 50).replace(/_/g, '\\_')}\\_\\_k\\_%`}`.execute(c);
    return found.rows.length === want.triggers.length && want.triggers.every((t) => found.rows.some((r) => r.name === t.name && r.body === t.body));
  };
  if (await check(db)) return true;
  // v compares as the keyword columns do (the entity table's collation).
  const collation = await sql<{ c: string | null }>`select collation_name as c from information_schema.columns where table_schema = database() and table_name = ${table} and column_name = ${columns[0]}`.execute(db);
  const collate = collation.rows[0]?.c ? ` collate ${collation.rows[0].c}` : '';
  await sql.raw(`create table if not exists ${bq(names.table)} (id bigint not null primary key, v longtext character set utf8mb4${collate} not null)`).execute(db);
  // MySQL commits around CREATE TRIGGER, so table locks (not a transaction) keep writers out until the fill is in:
  // other servers starting together wait here too, and find the work done.
  await db.connection().execute(async (c) => {
    await sql.raw(`lock tables ${bq(table)} write, ${bq(names.table)} write`).execute(c);
    try {
      if (await check(c)) return;
      for (const what of ['ins', 'del', 'upd'] as const) await sql.raw(`drop trigger if exists ${bq(names.trigger(what))}`).execute(c);
      await sql.raw(`delete from ${bq(names.table)}`).execute(c);
      await sql.raw(want.fill).execute(c);
      for (const t of want.triggers) await sql.raw(`create trigger ${bq(t.name)} after ${t.event} on ${bq(table)} for each row ${t.body}`).execute(c);
    } finally {
      await sql.raw('unlock tables').execute(c);
    }
  });
  return true;
}

/** Creates (or re-creates, when the keyword fields changed) the entity's keyword index; part of the schema sync. */
export async function ensureKeywordIndex(database: Database, entity: Entity): Promise<void> {
  const columns = keywordFields(entity).map((f) => f.name);
  let ok = false;
  if (database.dialect === 'sqlite') ok = await ensureSqliteIndex(database, entity, columns);
  else if (database.dialect === 'postgres') ok = await ensurePostgresIndexes(database, entity, columns);
  else ok = await ensureMysqlIndex(database, entity, columns);
  if (ok) indexed.add(entity);
  else indexed.delete(entity);
}

/** A short keyword beginning more trigrams than this is matched by the scan (one OR branch per trigram). */
const MAX_TERMS = 1000;
/** The highest character: the last trigram that begins with a short keyword is the keyword padded with it. */
const TOP = '\u{10FFFF}';

/** MySQL: a keyword matching at most this many rows reaches the page as a list of ids. */
const FEW_IDS = 1000;

/** Per FTS table: the texts of its vocabulary and count lookups. */
const sqliteLookups = new Map<string, { terms: string; count: string }>();

/**
 * What the keyword index says of a keyword: the condition on `a.id` that finds exactly the rows holding it in the
 * entity's own keyword columns (a shape token and its parameters for the compiled-query cache), at most how many rows
 * that is (exact once counted), and their exact number (counted once, when asked).
 */
export type IndexedKeyword = { atMost: number; total: () => Promise<number>; shape: string; params: unknown[]; condition: () => Expression<SqlBool> };

function counted(atMost: number | undefined, count: () => Promise<number>): Pick<IndexedKeyword, 'atMost' | 'total'> {
  let known: Promise<number> | undefined;
  return { atMost: atMost ?? Number.POSITIVE_INFINITY, total: () => (known ??= count()) };
}

/**
 * The keyword index's answer for a keyword; undefined when it cannot answer (no index, MySQL, a keyword holding the
 * END character, a short keyword beginning too many trigrams on SQLite).
 */
export async function indexedKeyword(database: Database, db: Database['db'], entity: Entity, keyword: string): Promise<IndexedKeyword | undefined> {
  if (!indexed.has(entity) || keyword.length === 0 || keyword.includes(END)) return undefined;
  if (database.dialect !== 'sqlite') {
    // PostgreSQL and MySQL: the keyword table, folded as lower() folds; counted at once (one read of the narrow table).
    const table = sql.table(pgNames(entity.table).table);
    const pattern = likePattern(keyword);
    const matching = sql`select id from ${table} where v like lower(${pattern}) escape '!'`;
    if (database.dialect === 'mysql') {
      // MySQL tries an IN subquery row by row down the page's order: for a rare keyword that is every row of the table.
      // A few matching ids are read first (the same read counts them) and handed to the page as a list.
      const few = await sql<{ id: number }>`${matching} limit ${FEW_IDS + 1}`.execute(db);
      if (few.rows.length <= FEW_IDS) {
        const ids = few.rows.map((r) => Number(r.id));
        return { ...counted(ids.length, async () => ids.length), shape: `ids${ids.length}`, params: ids, condition: () => (ids.length ? sql<SqlBool>`a.id in (${sql.join(ids)})` : sql<SqlBool>`1 = 0`) };
      }
    }
    const n = Number((await sql<{ n: string | number }>`select count(*) as n from ${table} where v like lower(${pattern}) escape '!'`.execute(db)).rows[0]?.n ?? 0);
    return { ...counted(n, async () => n), shape: 'kw', params: [pattern], condition: () => sql<SqlBool>`a.id in (${matching})` };
  }
  const fts = ftsName(entity);
  // The two lookups' texts, made once per table (a page call with a keyword may run them before its own query).
  let texts = sqliteLookups.get(fts);
  if (!texts) {
    sqliteLookups.set(fts, (texts = {
      terms: `select term, doc from ${q(`${fts}_vocab`)} where term >= ? and term <= ? limit ${MAX_TERMS + 1}`,
      count: `select count(*) as n from ${q(fts)} where ${q(fts)} match ?`,
    }));
  }
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
    if (!begins.length) return { ...counted(0, async () => 0), shape: 'none', params: [], condition: () => sql<SqlBool>`1 = 0` };
    match = begins.map((r) => phrase(r.term)).join(' OR ');
    // Each row holding the keyword holds one of these trigrams: the rows of all of them bound the count from above.
    atMost = begins.reduce((n, r) => n + Number(r.doc), 0);
  }
  const table = sql.table(fts);
  const matching = sql`select rowid from ${table} where ${table} match ${match}`;
  const countRows = async () => Number((await db.executeQuery<{ n: number }>(CompiledQuery.raw(count, [match]))).rows[0]?.n ?? 0);
  // A phrase has no bound from the vocabulary: its rows are counted at once (one lookup, cheap when they are few).
  const n = atMost === undefined ? await countRows() : undefined;
  return { ...counted(n ?? atMost, n === undefined ? countRows : async () => n), shape: 'fts', params: [match], condition: () => sql<SqlBool>`a.id in (${matching})` };
}
