import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Entity } from '../registry/entity-types.js';
import type { Database } from './database.js';
import { DELTAS, inTransaction, lit, q } from './row-count-sql.js';

/**
 * The kept row counts on PostgreSQL (see row-count.ts): statement triggers with transition tables insert one
 * `joinery_row_delta` row per statement and key; a compaction folds a table's rows into one per key.
 */

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

/** Makes (or remakes) the delta table, functions and triggers of one table, recounting it, unless already as wanted. */
export async function ensurePostgres(database: Database, entity: Entity, fields: string[]): Promise<void> {
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

export /** One statement: the rows it can lock without waiting become one row per key (a zero sum is dropped, but not the table's own). */
async function compactPostgres(database: Database, table: string): Promise<void> {
  await sql`with gone as (
      delete from ${sql.table(DELTAS)} where id in (select id from ${sql.table(DELTAS)} where tbl = ${table} for update skip locked) returning k, n)
    insert into ${sql.table(DELTAS)} (tbl, k, n) select ${table}, k, sum(n) from gone group by k having sum(n) <> 0 or k = ''`.execute(
    database.db,
  );
}
