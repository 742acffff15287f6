import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Entity, Field } from '../registry/entity-types.js';
import type { Database } from './database.js';

/**
 * Exact row counts kept by triggers inside each write's own transaction, so a list tells its total without counting
 * a million rows (server/core/db/README.md, "Row counts"):
 * - the whole table (what an unfiltered list counts: deletes are real deletes, the recycle bin keeps copies elsewhere);
 * - per value of each few-valued equality field (an enum or a boolean searched by `eq`/`in`, not a relation), for a
 *   list filtered by that one field only (a status tab).
 * SQLite has one writer at a time, so one counter row per table and value costs nothing (`joinery_row_count`, and
 * `joinery_value_count` for the values). PostgreSQL and MySQL have concurrent writers, which would queue on such a row
 * (and could deadlock across tables), so there each write *inserts* its change as a new row of `joinery_row_delta`
 * (PostgreSQL: one row per statement and value, from statement triggers with transition tables; MySQL: row triggers,
 * one row per written row and value) and a count is the SUM of a table's rows. Writers never update or lock a shared
 * row. A read that finds many rows compacts them (in the background: each row it can lock without waiting, SKIP
 * LOCKED, is deleted and replaced by one row per key holding their sum, in one statement or transaction), so neither
 * the reads nor the table grow with the writes.
 */
const COUNTS = 'joinery_row_count';
const VALUES = 'joinery_value_count';
const DELTAS = 'joinery_row_delta';
/** Rows of one table's deltas a read sums before it asks for a compaction. */
const COMPACT_AFTER = 64;
/** Rows one compaction step takes on MySQL (ids are listed in the statement). */
const MYSQL_COMPACT_STEP = 5000;

/** Entities whose counters the sync made or found, with the fields counted per value. */
const counted = new WeakMap<Entity, Set<string>>();
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const bq = (name: string) => `\`${name.replace(/`/g, '``')}\``;
const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Fields counted per value: few values (an enum or a boolean), searched by equality only, stored as integers or
 * short text (their text form is the same in SQL and in JavaScript), not a relation.
 */
export function countedFields(entity: Entity): Field[] {
  return entity.fields.filter(
    (f) =>
      !f.virtual &&
      f.name !== 'id' &&
      f.search.length > 0 &&
      f.search.every((m) => m === 'eq' || m === 'in') &&
      (Array.isArray(f.schema.enum) || f.storage === 'boolean') &&
      !f.schema['x-ref'] &&
      ['integer', 'boolean', 'string'].includes(f.storage) &&
      ['int', 'bigint', 'tinyint', 'boolean', 'varchar'].includes(f.columnType),
  );
}

/** The counter key of one value of a counted field ('' is the whole table). */
export const valueKey = (field: string, value: unknown) => `${field}=${String(value)}`;

// ---------------------------------------------------------------- SQLite

function sqliteTriggers(table: string, fields: string[]): string[] {
  const where = `WHERE tbl = ${lit(table)}`;
  const out = [
    `CREATE TRIGGER ${q(`${table}__n_ai`)} AFTER INSERT ON ${q(table)} BEGIN UPDATE ${COUNTS} SET n = n + 1 ${where}; END`,
    `CREATE TRIGGER ${q(`${table}__n_ad`)} AFTER DELETE ON ${q(table)} BEGIN UPDATE ${COUNTS} SET n = n - 1 ${where}; END`,
  ];
  if (fields.length === 0) return out;
  const bump = (row: 'new' | 'old', by: number) =>
    fields
      .map(
        (f) =>
          `INSERT INTO ${VALUES} (tbl, k, n) SELECT ${lit(table)}, ${lit(`${f}=`)} || ${row}.${q(f)}, ${by} WHERE ${row}.${q(f)} IS NOT NULL ON CONFLICT (tbl, k) DO UPDATE SET n = n + excluded.n;`,
      )
      .join(' ');
  const changed = fields.map((f) => `old.${q(f)} IS NOT new.${q(f)}`).join(' OR ');
  out.push(
    `CREATE TRIGGER ${q(`${table}__v_ai`)} AFTER INSERT ON ${q(table)} BEGIN ${bump('new', 1)} END`,
    `CREATE TRIGGER ${q(`${table}__v_ad`)} AFTER DELETE ON ${q(table)} BEGIN ${bump('old', -1)} END`,
    `CREATE TRIGGER ${q(`${table}__v_au`)} AFTER UPDATE OF ${fields.map(q).join(', ')} ON ${q(table)} WHEN ${changed} BEGIN ${bump('old', -1)} ${bump('new', 1)} END`,
  );
  return out;
}

/**
 * Runs the work in a transaction of its own, or in the caller's when the sync already runs in one (registerEntity
 * syncs a new entity inside the transaction that also writes its menu and definition: Kysely cannot nest them).
 */
export function inTransaction<T>(db: Database['db'], work: (trx: Database['db']) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

async function ensureSqlite(database: Database, entity: Entity, fields: string[]): Promise<void> {
  const { db } = database;
  const table = entity.table;
  await sql.raw(`CREATE TABLE IF NOT EXISTS ${COUNTS} (tbl TEXT PRIMARY KEY, n INTEGER NOT NULL)`).execute(db);
  await sql
    .raw(
      `CREATE TABLE IF NOT EXISTS ${VALUES} (tbl TEXT NOT NULL, k TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (tbl, k))`,
    )
    .execute(db);
  const want = sqliteTriggers(table, fields);
  const names = ['n_ai', 'n_ad', 'v_ai', 'v_ad', 'v_au'].map((s) => `${table}__${s}`);
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'trigger' and tbl_name = ${table} and name in (${sql.join(names)})`.execute(
    db,
  );
  const row = await sql<{ n: number }>`select n from ${sql.table(COUNTS)} where tbl = ${table}`.execute(db);
  if (
    found.rows.length === want.length &&
    want.every((t) => found.rows.some((r) => r.sql === t)) &&
    row.rows.length > 0
  )
    return;
  // Made (again) in one transaction: SQLite has one writer, so the recount sees every row and misses no write.
  await inTransaction(db, async (trx) => {
    for (const name of names) await sql.raw(`DROP TRIGGER IF EXISTS ${q(name)}`).execute(trx);
    for (const t of want) await sql.raw(t).execute(trx);
    await sql`insert or replace into ${sql.table(COUNTS)} (tbl, n) values (${table}, (select count(*) from ${sql.table(table)}))`.execute(
      trx,
    );
    await sql`delete from ${sql.table(VALUES)} where tbl = ${table}`.execute(trx);
    for (const f of fields) {
      await sql
        .raw(
          `INSERT INTO ${VALUES} (tbl, k, n) SELECT ${lit(table)}, ${lit(`${f}=`)} || ${q(f)}, count(*) FROM ${q(table)} WHERE ${q(f)} IS NOT NULL GROUP BY ${q(f)}`,
        )
        .execute(trx);
    }
  });
}

// ---------------------------------------------------------------- PostgreSQL

/** Trigger function names: at most 63 bytes, distinct per table. */
function pgFunction(table: string, what: 'ins' | 'del' | 'upd'): string {
  const hash = createHash('sha1').update(table).digest('hex').slice(0, 8);
  return `joinery_n_${what}_${table.slice(0, 36)}_${hash}`;
}

/** The changes of one statement, grouped by key: rows of (k, n) from the transition table(s). */
function pgDeltaSelect(
  table: string,
  fields: string[],
  parts: { rows: string; sign: 1 | -1 }[],
  whole: boolean,
): string {
  const keyed: string[] = [];
  for (const { rows, sign } of parts) {
    if (whole) keyed.push(`select ''::text as k, ${sign} as n from ${rows}`);
    for (const f of fields)
      keyed.push(`select ${lit(`${f}=`)} || ${q(f)}::text as k, ${sign} as n from ${rows} where ${q(f)} is not null`);
  }
  return `insert into ${DELTAS} (tbl, k, n) select ${lit(table)}, k, sum(n) from (${keyed.join(' union all ')}) d group by k having sum(n) <> 0`;
}

function pgFunctions(
  table: string,
  fields: string[],
): { name: string; body: string; event: string; referencing: string }[] {
  const out = [
    {
      name: pgFunction(table, 'ins'),
      event: 'INSERT',
      referencing: 'NEW TABLE AS nt',
      body: pgDeltaSelect(table, fields, [{ rows: 'nt', sign: 1 }], true),
    },
    {
      name: pgFunction(table, 'del'),
      event: 'DELETE',
      referencing: 'OLD TABLE AS ot',
      body: pgDeltaSelect(table, fields, [{ rows: 'ot', sign: -1 }], true),
    },
  ];
  if (fields.length) {
    out.push({
      name: pgFunction(table, 'upd'),
      event: 'UPDATE',
      referencing: 'OLD TABLE AS ot NEW TABLE AS nt',
      body: pgDeltaSelect(
        table,
        fields,
        [
          { rows: 'ot', sign: -1 },
          { rows: 'nt', sign: 1 },
        ],
        false,
      ),
    });
  }
  return out.map((f) => ({ ...f, body: `begin ${f.body}; return null; end` }));
}

async function ensurePostgres(database: Database, entity: Entity, fields: string[]): Promise<void> {
  const { db } = database;
  const table = entity.table;
  const functions = pgFunctions(table, fields);
  const triggerName = (event: string) => `${table.slice(0, 50)}__n_${event.slice(0, 3).toLowerCase()}`;
  const check = async (trx: Database['db']) => {
    const found = await sql<{ fn: string; src: string; tg: string }>`
      select p.proname as fn, p.prosrc as src, t.tgname as tg from pg_trigger t join pg_proc p on p.oid = t.tgfoid
      where t.tgrelid = quote_ident(${table})::regclass and t.tgname like ${`${table.slice(0, 50)}__n_%`}`.execute(trx);
    const seeded = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(DELTAS)} where tbl = ${table} and k = ''`.execute(trx);
    return (
      found.rows.length === functions.length &&
      Number(seeded.rows[0]?.n) > 0 &&
      functions.every((f) =>
        found.rows.some((r) => r.fn === f.name && r.src === f.body && r.tg === triggerName(f.event)),
      )
    );
  };
  const exists = await sql<{ t: string | null }>`select to_regclass(${DELTAS}) as t`.execute(db);
  if (exists.rows[0]?.t && (await check(db))) return;
  await inTransaction(db, async (trx) => {
    // Servers starting together make the table, functions and triggers one after the other.
    await sql`select pg_advisory_xact_lock(hashtext(${DELTAS}))`.execute(trx);
    await sql
      .raw(
        `create table if not exists ${DELTAS} (id bigserial primary key, tbl varchar(64) not null, k varchar(191) not null, n bigint not null)`,
      )
      .execute(trx);
    await sql.raw(`create index if not exists ${DELTAS}_tbl on ${DELTAS} (tbl, k) include (n)`).execute(trx);
    // No writer of the table from here to the commit, so the recount below and the triggers meet exactly.
    await sql.raw(`lock table ${q(table)} in share row exclusive mode`).execute(trx);
    if (await check(trx)) return;
    for (const f of functions) {
      await sql
        .raw(
          `create or replace function ${q(f.name)}() returns trigger language plpgsql as $joinery$${f.body}$joinery$`,
        )
        .execute(trx);
    }
    for (const event of ['INSERT', 'DELETE', 'UPDATE'])
      await sql.raw(`drop trigger if exists ${q(triggerName(event))} on ${q(table)}`).execute(trx);
    if (!fields.length) await sql.raw(`drop function if exists ${q(pgFunction(table, 'upd'))}()`).execute(trx);
    for (const f of functions) {
      await sql
        .raw(
          `create trigger ${q(triggerName(f.event))} after ${f.event} on ${q(table)} referencing ${f.referencing} for each statement execute function ${q(f.name)}()`,
        )
        .execute(trx);
    }
    // Waits for a compaction of this table's rows to end, then replaces them all by the recount.
    await sql`select id from ${sql.table(DELTAS)} where tbl = ${table} for update`.execute(trx);
    await sql`delete from ${sql.table(DELTAS)} where tbl = ${table}`.execute(trx);
    await sql`insert into ${sql.table(DELTAS)} (tbl, k, n) select ${table}, '', count(*) from ${sql.table(table)}`.execute(
      trx,
    );
    for (const f of fields) {
      await sql
        .raw(
          `insert into ${DELTAS} (tbl, k, n) select ${lit(table)}, ${lit(`${f}=`)} || ${q(f)}::text, count(*) from ${q(table)} where ${q(f)} is not null group by ${q(f)}`,
        )
        .execute(trx);
    }
  });
}

/** One statement: the rows it can lock without waiting become one row per key (a zero sum is dropped, but not the table's own). */
async function compactPostgres(database: Database, table: string): Promise<void> {
  await sql`with gone as (
      delete from ${sql.table(DELTAS)} where id in (select id from ${sql.table(DELTAS)} where tbl = ${table} for update skip locked) returning k, n)
    insert into ${sql.table(DELTAS)} (tbl, k, n) select ${table}, k, sum(n) from gone group by k having sum(n) <> 0 or k = ''`.execute(
    database.db,
  );
}

// ---------------------------------------------------------------- MySQL / MariaDB

function mysqlTriggers(table: string, fields: string[]): { name: string; event: string; body: string }[] {
  const rows = (row: 'NEW' | 'OLD', sign: 1 | -1, whole: boolean) => [
    ...(whole ? [`SELECT '' AS k, ${sign} AS n`] : []),
    ...fields.map((f) => `SELECT CONCAT(${lit(`${f}=`)}, ${row}.${bq(f)}) AS k, ${sign} AS n`),
  ];
  const insert = (selects: string[], where = 'k IS NOT NULL') =>
    `INSERT INTO ${DELTAS} (tbl, k, n) SELECT ${lit(table)}, k, n FROM (${selects.join(' UNION ALL ')}) d WHERE ${where}`;
  const out = [
    { name: `${table.slice(0, 56)}__n_ai`, event: 'INSERT', body: insert(rows('NEW', 1, true)) },
    { name: `${table.slice(0, 56)}__n_ad`, event: 'DELETE', body: insert(rows('OLD', -1, true)) },
  ];
  if (fields.length) {
    const changed = fields.map((f) => `NOT (OLD.${bq(f)} <=> NEW.${bq(f)})`).join(' OR ');
    // Both sides of every counted field, when one of them changed; an unchanged field adds -1 and +1 to the same key.
    out.push({
      name: `${table.slice(0, 56)}__n_au`,
      event: 'UPDATE',
      body: `IF ${changed} THEN ${insert([...rows('OLD', -1, false), ...rows('NEW', 1, false)])}; END IF`,
    });
  }
  return out.map((t) => ({ ...t, body: t.event === 'UPDATE' ? `BEGIN ${t.body}; END` : t.body }));
}

async function ensureMysql(database: Database, entity: Entity, fields: string[], tableOptions: string): Promise<void> {
  const { db } = database;
  const table = entity.table;
  const want = mysqlTriggers(table, fields);
  await sql
    .raw(
      `create table if not exists ${DELTAS} (id bigint not null auto_increment primary key, tbl varchar(64) not null, k varchar(191) not null, n bigint not null, key ${DELTAS}_tbl (tbl, k, n)) ${tableOptions}`,
    )
    .execute(db);
  const check = async (c: Database['db']) => {
    const found = await sql<{
      name: string;
      body: string;
    }>`select trigger_name as name, action_statement as body from information_schema.triggers
      where event_object_schema = database() and event_object_table = ${table} and trigger_name like ${`${table.slice(0, 56)}\\_\\_n\\_%`}`.execute(
      c,
    );
    const seeded = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(DELTAS)} where tbl = ${table} and k = ''`.execute(c);
    return (
      found.rows.length === want.length &&
      Number(seeded.rows[0]?.n) > 0 &&
      want.every((t) => found.rows.some((r) => r.name === t.name && r.body === t.body))
    );
  };
  if (await check(db)) return;
  // MySQL commits around CREATE TRIGGER, so the table locks (not a transaction) keep writers out until the recount is
  // in: other servers starting together wait here too, and find the work done.
  await db.connection().execute(async (c) => {
    await sql.raw(`lock tables ${bq(table)} write, ${DELTAS} write`).execute(c);
    try {
      if (await check(c)) return;
      for (const suffix of ['ai', 'ad', 'au'])
        await sql.raw(`drop trigger if exists ${bq(`${table.slice(0, 56)}__n_${suffix}`)}`).execute(c);
      for (const t of want)
        await sql
          .raw(`create trigger ${bq(t.name)} after ${t.event} on ${bq(table)} for each row ${t.body}`)
          .execute(c);
      await sql`delete from ${sql.table(DELTAS)} where tbl = ${table}`.execute(c);
      await sql`insert into ${sql.table(DELTAS)} (tbl, k, n) select ${table}, '', count(*) from ${sql.table(table)}`.execute(
        c,
      );
      for (const f of fields) {
        await sql
          .raw(
            `insert into ${DELTAS} (tbl, k, n) select ${lit(table)}, concat(${lit(`${f}=`)}, ${bq(f)}), count(*) from ${bq(table)} where ${bq(f)} is not null group by ${bq(f)}`,
          )
          .execute(c);
      }
    } finally {
      await sql.raw('unlock tables').execute(c);
    }
  });
}

/**
 * Steps of: lock what can be locked without waiting (READ COMMITTED: no gap locks, so a writer's insert never waits
 * on a compaction), delete those rows by id and add their sums, commit.
 */
async function compactMysql(database: Database, table: string): Promise<void> {
  await database.db.connection().execute(async (c) => {
    for (;;) {
      const more = await c
        .transaction()
        .setIsolationLevel('read committed')
        .execute(async (trx) => {
          const rows = await sql<{
            id: number;
            k: string;
            n: number;
          }>`select id, k, n from ${sql.table(DELTAS)} where tbl = ${table} order by id limit ${MYSQL_COMPACT_STEP} for update skip locked`.execute(
            trx,
          );
          if (rows.rows.length < 2) return false;
          const sums = new Map<string, number>();
          for (const r of rows.rows) sums.set(r.k, (sums.get(r.k) ?? 0) + Number(r.n));
          await sql`delete from ${sql.table(DELTAS)} where id in (${sql.join(rows.rows.map((r) => Number(r.id)))})`.execute(
            trx,
          );
          const kept = [...sums].filter(([k, n]) => n !== 0 || k === '');
          if (kept.length)
            await sql`insert into ${sql.table(DELTAS)} (tbl, k, n) values ${sql.join(kept.map(([k, n]) => sql`(${table}, ${k}, ${n})`))}`.execute(
              trx,
            );
          return rows.rows.length === MYSQL_COMPACT_STEP;
        });
      if (!more) return;
    }
  });
}

// ---------------------------------------------------------------- shared

/** Part of the schema sync: the counters and their triggers, counted once when they are made (or their fields change). */
export async function ensureRowCount(
  database: Database,
  entity: Entity,
  mysqlTableOptions?: () => Promise<string>,
): Promise<void> {
  const fields = countedFields(entity).map((f) => f.name);
  if (database.dialect === 'sqlite') await ensureSqlite(database, entity, fields);
  else if (database.dialect === 'postgres') await ensurePostgres(database, entity, fields);
  else
    await ensureMysql(
      database,
      entity,
      fields,
      mysqlTableOptions ? await mysqlTableOptions() : 'character set utf8mb4',
    );
  counted.set(entity, new Set(fields));
}

const compacting = new Map<string, Promise<void>>();

/** Compacts a table's delta rows in the background (once at a time per table and process); errors are only logged. */
function compactSoon(database: Database, table: string): void {
  const key = `${database.url}\n${table}`;
  if (compacting.has(key)) return;
  const done = (database.dialect === 'postgres' ? compactPostgres(database, table) : compactMysql(database, table))
    .catch((error) =>
      console.warn(
        `[joinery] compacting the row counts of ${table} failed (they stay exact): ${(error as Error).message}`,
      ),
    )
    .finally(() => compacting.delete(key));
  compacting.set(key, done);
}

/** Resolves when the background compactions under way in this process have ended (tests wait on it). */
export async function compactionsSettled(): Promise<void> {
  while (compacting.size > 0) await Promise.all([...compacting.values()]);
}

/** Compacts a table's delta rows now (PostgreSQL, MySQL; tests and tools). */
export async function compactRowCount(database: Database, entity: Entity): Promise<void> {
  if (database.dialect === 'postgres') await compactPostgres(database, entity.table);
  else if (database.dialect === 'mysql') await compactMysql(database, entity.table);
}

/** The kept count of the rows holding one of `keys` ('' = every row); undefined where none is kept. */
async function keptCount(
  database: Database,
  db: Database['db'],
  entity: Entity,
  keys: string[],
): Promise<number | undefined> {
  if (!counted.has(entity)) return undefined;
  const table = entity.table;
  if (database.dialect === 'sqlite') {
    if (keys.length === 1 && keys[0] === '') {
      const row = await sql<{ n: number }>`select n from ${sql.table(COUNTS)} where tbl = ${table}`.execute(db);
      return row.rows.length ? Number(row.rows[0].n) : undefined;
    }
    const row = await sql<{
      n: number | null;
    }>`select sum(n) as n from ${sql.table(VALUES)} where tbl = ${table} and k in (${sql.join(keys)})`.execute(db);
    return Number(row.rows[0]?.n ?? 0);
  }
  const row = await sql<{
    n: number | string | null;
    c: number | string;
  }>`select sum(n) as n, count(*) as c from ${sql.table(DELTAS)} where tbl = ${table} and k in (${sql.join(keys)})`.execute(
    db,
  );
  if (Number(row.rows[0]?.c ?? 0) > COMPACT_AFTER) compactSoon(database, table);
  return Number(row.rows[0]?.n ?? 0);
}

/** The table's row count from its counter; undefined where no counter is kept. */
export function storedRowCount(database: Database, db: Database['db'], entity: Entity): Promise<number | undefined> {
  return keptCount(database, db, entity, ['']);
}

/** The number of rows whose `field` holds one of `values` (a counted field); undefined where no counter is kept. */
export function storedValueCount(
  database: Database,
  db: Database['db'],
  entity: Entity,
  field: string,
  values: unknown[],
): Promise<number | undefined> {
  if (!counted.get(entity)?.has(field)) return Promise.resolve(undefined);
  return keptCount(database, db, entity, [...new Set(values.map((v) => valueKey(field, v)))]);
}
