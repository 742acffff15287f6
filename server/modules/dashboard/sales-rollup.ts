import { sql, type Kysely } from 'kysely';
import type { Database, DialectName, SystemTables } from '../../core/db/database.js';
import { createServerTable } from '../../core/db/server-tables.js';

/**
 * Per-day order totals kept by database triggers on `order_info`, so the dashboard reads a few hundred rows
 * instead of aggregating every order. Triggers (not application code) keep it right whoever writes orders:
 * the order workflow, the generic CRUD, the recycle bin's restore, the seed, a bulk import.
 * A day is the first 10 characters of `createTime` (local time, the storage format). "Paid" = status 1 or 2.
 */
export const ROLLUP_TABLE = 'dashboard_order_day';
/** Bump when the trigger logic changes: a new version re-installs the triggers and rebuilds the table. */
const VERSION = 'v1';
const TRIGGER = `tr_dashboard_order_day_${VERSION}`;

const paidCount = (row: 'new' | 'old') => `case when ${row}.status in (1, 2) then 1 else 0 end`;
const paidAmount = (row: 'new' | 'old', q: (c: string) => string) =>
  `case when ${row}.status in (1, 2) then ${row}.${q('payAmount')} else 0 end`;
const dayOf = (row: 'new' | 'old', q: (c: string) => string) => `substr(${row}.${q('createTime')}, 1, 10)`;

function quoter(dialect: DialectName): (c: string) => string {
  return dialect === 'mysql' ? (c) => `\`${c}\`` : (c) => `"${c}"`;
}

/** The statements that add a row's contribution (`new`) or take it away (`old`). */
function addNew(dialect: DialectName): string {
  const q = quoter(dialect);
  const values = `(${dayOf('new', q)}, 1, ${paidCount('new')}, ${paidAmount('new', q)})`;
  const insert = `insert into ${ROLLUP_TABLE} (day, order_count, paid_count, paid_amount) values ${values}`;
  if (dialect === 'mysql')
    return `${insert} on duplicate key update order_count = order_count + values(order_count), paid_count = paid_count + values(paid_count), paid_amount = paid_amount + values(paid_amount)`;
  const t = ROLLUP_TABLE;
  return `${insert} on conflict (day) do update set order_count = ${t}.order_count + excluded.order_count, paid_count = ${t}.paid_count + excluded.paid_count, paid_amount = ${t}.paid_amount + excluded.paid_amount`;
}

function removeOld(dialect: DialectName): string {
  const q = quoter(dialect);
  return `update ${ROLLUP_TABLE} set order_count = order_count - 1, paid_count = paid_count - ${paidCount('old')}, paid_amount = paid_amount - ${paidAmount('old', q)} where day = ${dayOf('old', q)}`;
}

async function triggerExists(db: Kysely<SystemTables>, dialect: DialectName): Promise<boolean> {
  const name = dialect === 'mysql' ? `${TRIGGER}_ins` : TRIGGER;
  const found =
    dialect === 'sqlite'
      ? await sql<{
          n: number;
        }>`select count(*) as n from sqlite_master where type = 'trigger' and name = ${`${TRIGGER}_ins`}`.execute(db)
      : dialect === 'postgres'
        ? await sql<{ n: number }>`select count(*) as n from pg_trigger where tgname = ${name}`.execute(db)
        : await sql<{
            n: number;
          }>`select count(*) as n from information_schema.triggers where trigger_schema = database() and trigger_name = ${name}`.execute(
            db,
          );
  return Number(found.rows[0]?.n) > 0;
}

async function dropOldTriggers(db: Kysely<SystemTables>, dialect: DialectName): Promise<void> {
  const names =
    dialect === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'trigger' and name like 'tr_dashboard_order_day_%'`.execute(db)
        ).rows.map((r) => r.name)
      : dialect === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select tgname as name from pg_trigger where tgname like 'tr_dashboard_order_day_%'`.execute(db)
          ).rows.map((r) => r.name)
        : (
            await sql<{
              name: string;
            }>`select trigger_name as name from information_schema.triggers where trigger_schema = database() and trigger_name like 'tr_dashboard_order_day_%'`.execute(
              db,
            )
          ).rows.map((r) => r.name);
  for (const n of names)
    await sql
      .raw(dialect === 'postgres' ? `drop trigger if exists ${n} on order_info` : `drop trigger if exists ${n}`)
      .execute(db);
}

async function createTriggers(db: Kysely<SystemTables>, dialect: DialectName): Promise<void> {
  const q = quoter(dialect);
  const changed = `of ${q('createTime')}, status, ${q('payAmount')}`;
  if (dialect === 'sqlite') {
    await sql.raw(`create trigger ${TRIGGER}_ins after insert on order_info begin ${addNew(dialect)}; end`).execute(db);
    await sql
      .raw(
        `create trigger ${TRIGGER}_upd after update ${changed} on order_info begin ${removeOld(dialect)}; ${addNew(dialect)}; end`,
      )
      .execute(db);
    await sql
      .raw(`create trigger ${TRIGGER}_del after delete on order_info begin ${removeOld(dialect)}; end`)
      .execute(db);
    return;
  }
  if (dialect === 'postgres') {
    await sql
      .raw(`create or replace function ${TRIGGER}_fn() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then ${removeOld(dialect)}; end if;
  if tg_op in ('INSERT', 'UPDATE') then ${addNew(dialect)}; end if;
  return null;
end $$`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${TRIGGER} after insert or update ${changed} or delete on order_info for each row execute function ${TRIGGER}_fn()`,
      )
      .execute(db);
    return;
  }
  await sql.raw(`create trigger ${TRIGGER}_ins after insert on order_info for each row ${addNew(dialect)}`).execute(db);
  // MariaDB has no "update of <columns>": compare the columns that matter instead.
  await sql
    .raw(`create trigger ${TRIGGER}_upd after update on order_info for each row begin
    if not (old.status <=> new.status and old.${q('payAmount')} <=> new.${q('payAmount')} and old.${q('createTime')} <=> new.${q('createTime')}) then
      ${removeOld(dialect)}; ${addNew(dialect)};
    end if;
  end`)
    .execute(db);
  await sql
    .raw(`create trigger ${TRIGGER}_del after delete on order_info for each row ${removeOld(dialect)}`)
    .execute(db);
}

/** Recomputes every day from the orders (first install, or after a trigger change). */
export async function rebuildSalesRollup(db: Kysely<SystemTables>, dialect: DialectName): Promise<void> {
  const q = quoter(dialect);
  await sql.raw(`delete from ${ROLLUP_TABLE}`).execute(db);
  await sql
    .raw(`insert into ${ROLLUP_TABLE} (day, order_count, paid_count, paid_amount)
    select substr(${q('createTime')}, 1, 10), count(*), sum(case when status in (1, 2) then 1 else 0 end), sum(case when status in (1, 2) then ${q('payAmount')} else 0 end)
    from order_info group by substr(${q('createTime')}, 1, 10)`)
    .execute(db);
}

/**
 * Creates the rollup table, its triggers and the indexes the dashboard's live queries use; rebuilds the totals
 * when the triggers were not there yet. Runs at start, after the schema sync (order_info exists by then).
 */
export async function installSalesRollup(database: Database): Promise<void> {
  const { db, dialect } = database;
  await createServerTable(database, ROLLUP_TABLE);
  await ensureIndex(database, 'ix_dashboard_order_time', 'order_info', ['createTime', 'status', 'payAmount']);
  await ensureIndex(database, 'ix_dashboard_member_time', 'user_info', ['createTime']);
  if (await triggerExists(db, dialect)) return;
  await db.transaction().execute(async (trx) => {
    await dropOldTriggers(trx, dialect);
    await createTriggers(trx, dialect);
    await rebuildSalesRollup(trx, dialect);
  });
}

async function ensureIndex(database: Database, name: string, table: string, columns: string[]): Promise<void> {
  const { db, dialect } = database;
  if (dialect === 'mysql') {
    const found = await sql<{
      n: number;
    }>`select count(*) as n from information_schema.statistics where table_schema = database() and table_name = ${table} and index_name = ${name}`.execute(
      db,
    );
    if (Number(found.rows[0]?.n) > 0) return;
    await db.schema.createIndex(name).on(table).columns(columns).execute();
    return;
  }
  await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
}
