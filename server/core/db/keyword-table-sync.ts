import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Entity } from '../registry/entity-types.js';
import type { Database } from './database.js';
import { inTransaction } from './row-count-sql.js';

/**
 * Part of the schema sync: makes, checks and drops the keyword table of PostgreSQL (`<table>__kw (id, v)`,
 * keyword-table.ts) with the triggers that keep it and its trigram index; the names of the keyword tables of
 * PostgreSQL and MySQL/MariaDB (whose sync, with its postings, is keyword-table-mysql.ts).
 */

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** Per database URL: could pg_trgm be created there. */
const trgmReady = new Map<string, boolean>();

/**
 * The names of an entity's keyword table, its index, triggers and (PostgreSQL) trigger functions: at most 63 bytes,
 * distinct per table.
 */
export function tableNames(table: string) {
  const hash = createHash('sha1').update(table).digest('hex').slice(0, 8);
  const short = `${table.slice(0, 36)}_${hash}`;
  return {
    table: `${table.slice(0, 50)}__kw`,
    postings: `${table.slice(0, 50)}__kwt`,
    index: `${table.slice(0, 50)}__kw_v`,
    fn: (what: 'ins' | 'del' | 'upd') => `joinery_k_${what}_${short}`,
    trigger: (what: 'ins' | 'del' | 'upd') => `${table.slice(0, 50)}__k_${what}`,
  };
}

function pgStatements(entity: Entity, columns: string[]) {
  const names = tableNames(entity.table);
  const v = (row: string) => columns.map((c) => `lower(coalesce(${row}.${q(c)}::text, ''))`).join(` || chr(1) || `);
  const add = (rows: string) =>
    `insert into ${q(names.table)} (id, v) select ${rows}.id, ${v(rows)} from ${rows} ${rows}`;
  const del = (rows: string) => `delete from ${q(names.table)} where id in (select id from ${rows})`;
  const body = (steps: string[]) => `begin ${steps.join('; ')}; return null; end`;
  return {
    names,
    functions: [
      { what: 'ins' as const, event: 'INSERT', referencing: 'NEW TABLE AS nt', body: body([add('nt')]) },
      { what: 'del' as const, event: 'DELETE', referencing: 'OLD TABLE AS ot', body: body([del('ot')]) },
      {
        what: 'upd' as const,
        event: 'UPDATE',
        referencing: 'OLD TABLE AS ot NEW TABLE AS nt',
        body: body([del('ot'), add('nt')]),
      },
    ],
    fill: `insert into ${q(names.table)} (id, v) select t.id, ${v('t')} from ${q(entity.table)} t`,
  };
}

/** Drops the PostgreSQL keyword table of an entity with its triggers and functions, if there are any. */
export async function dropPostgresKeywordIndex(db: Database['db'], table: string): Promise<void> {
  const names = tableNames(table);
  const exists = await sql<{ t: string | null }>`select to_regclass(quote_ident(${table})) as t`.execute(db);
  for (const what of ['ins', 'del', 'upd'] as const) {
    if (exists.rows[0]?.t) await sql.raw(`drop trigger if exists ${q(names.trigger(what))} on ${q(table)}`).execute(db);
    await sql.raw(`drop function if exists ${q(names.fn(what))}()`).execute(db);
  }
  await sql.raw(`drop table if exists ${q(names.table)}`).execute(db);
}

/** Makes (or makes again, when the keyword fields changed) the keyword table of an entity on PostgreSQL. */
export async function ensurePostgresKeywordTable(
  database: Database,
  entity: Entity,
  columns: string[],
): Promise<boolean> {
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
  const names = tableNames(table);
  if (
    !want &&
    !(await sql<{ t: string | null }>`select to_regclass(quote_ident(${names.table})) as t`.execute(db)).rows[0]?.t
  )
    return false;
  const check = async (trx: Database['db']) => {
    if (!want) return false;
    const found = await sql<{ fn: string; src: string; tg: string }>`
      select p.proname as fn, p.prosrc as src, t.tgname as tg from pg_trigger t join pg_proc p on p.oid = t.tgfoid
      where t.tgrelid = quote_ident(${table})::regclass and t.tgname like ${`${table.slice(0, 50)}__k_%`}`.execute(trx);
    const index = await sql<{
      n: number;
    }>`select count(*) as n from pg_indexes where tablename = ${names.table} and indexname = ${names.index}`.execute(
      trx,
    );
    const kept = await sql<{ t: string | null }>`select to_regclass(quote_ident(${names.table})) as t`.execute(trx);
    return (
      Boolean(kept.rows[0]?.t) &&
      found.rows.length === want.functions.length &&
      (Number(index.rows[0]?.n) > 0 || !trgmReady.get(key)) &&
      want.functions.every((f) =>
        found.rows.some((r) => r.fn === names.fn(f.what) && r.src === f.body && r.tg === names.trigger(f.what)),
      )
    );
  };
  const legacy = async (trx: Database['db']) => {
    // Earlier versions indexed each keyword column of the table itself (kw_<table>_<column>): the keyword table replaces them.
    const old = await sql<{
      name: string;
    }>`select indexname as name from pg_indexes where tablename = ${table} and indexname like ${'kw\\_%'} and indexdef like '%gin_trgm_ops%'`.execute(
      trx,
    );
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
    if (trgmReady.get(key))
      await sql.raw(`create index ${q(names.index)} on ${q(names.table)} using gin (v gin_trgm_ops)`).execute(trx);
    await sql.raw(`analyze ${q(names.table)}`).execute(trx);
    for (const f of want.functions) {
      await sql
        .raw(
          `create or replace function ${q(names.fn(f.what))}() returns trigger language plpgsql as $joinery$${f.body}$joinery$`,
        )
        .execute(trx);
      await sql
        .raw(
          `create trigger ${q(names.trigger(f.what))} after ${f.event} on ${q(table)} referencing ${f.referencing} for each statement execute function ${q(names.fn(f.what))}()`,
        )
        .execute(trx);
    }
    return true;
  });
}
