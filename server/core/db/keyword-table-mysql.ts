import { sql } from 'kysely';
import type { Entity } from '../registry/entity-types.js';
import type { Database } from './database.js';
import { tableNames } from './keyword-table-sync.js';

/**
 * Part of the schema sync on MySQL/MariaDB: makes, checks and drops the keyword table `<table>__kw (id, v)` and its
 * postings `<table>__kwt (s, id, m)` (keyword-table.ts reads them) with the row triggers that keep both.
 */

const bq = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** MySQL/MariaDB: the longest piece of a value the postings hold (from each of its characters). */
export const GRAM = 8;

/**
 * MySQL/MariaDB: the keyword table's triggers (row triggers: the only kind MySQL has). Each keeps the keyword table's
 * row and the row's postings in `<table>__kwt (s, id, m)`: from every character of v, s is the next GRAM characters
 * (cut before END; as utf8mb4 bytes), and m how long a prefix of s also begins at an earlier character of v (the
 * number of k in 1…GRAM for which left(s, k) is found before it); a piece met twice is posted from its first place.
 * So the rows holding a keyword of L ≤ GRAM characters are exactly the postings `s LIKE 'keyword%' AND m < L`, each
 * row once: the posting of the keyword's first place in it. An update touches them only when v (or the id) changes.
 */
function mysqlTriggers(entity: Entity, columns: string[]) {
  const names = tableNames(entity.table);
  const v = (row: string) =>
    `concat(${columns.map((c) => `lower(coalesce(${row}${bq(c)}, ''))`).join(', char(1 using utf8mb4), ')})`;
  const kw = bq(names.table);
  const kt = bq(names.postings);
  const add = `insert into ${kw} (id, v) values (NEW.id, ${v('NEW.')})`;
  const del = `delete from ${kw} where id = OLD.id`;
  const earlier = (s: string, value: string, at: string) =>
    Array.from({ length: GRAM }, (_, k) => `(locate(left(${s}, ${k + 1}), ${value}) < ${at})`).join(' + ');
  const piece = (value: string, at: string) =>
    `substring_index(substring(${value}, ${at}, ${GRAM}), char(1 using utf8mb4), 1)`;
  // The value is followed by END here, so a piece cut short is always followed by it: a piece met before is found
  // before (a full one alone, a short one with its END). Only a piece's first place posts (or unposts) it.
  const first = (s: string, value: string, at: string) =>
    `char_length(${s}) > 0 and locate(if(char_length(${s}) < ${GRAM}, concat(${s}, char(1 using utf8mb4)), ${s}), ${value}) = ${at}`;
  // One statement per piece of the value (MySQL has no set-returning function to insert them in one).
  const each = (row: 'NEW' | 'OLD', step: string) =>
    `SET kw_v = concat(${v(`${row}.`)}, char(1 using utf8mb4)); SET kw_i = 1; WHILE kw_i < char_length(kw_v) DO SET kw_s = ${piece('kw_v', 'kw_i')}; IF ${first('kw_s', 'kw_v', 'kw_i')} THEN ${step}; END IF; SET kw_i = kw_i + 1; END WHILE`;
  const post = each('NEW', `insert into ${kt} (s, id, m) values (kw_s, NEW.id, ${earlier('kw_s', 'kw_v', 'kw_i')})`);
  const unpost = each('OLD', `delete from ${kt} where s = kw_s and id = OLD.id`);
  // utf8mb4_bin: as the keyword columns compare (characters by code point), on MySQL and MariaDB alike; it pads
  // spaces in comparisons, so emptiness is tested by length.
  const declare =
    'DECLARE kw_v longtext character set utf8mb4 collate utf8mb4_bin; DECLARE kw_s longtext character set utf8mb4 collate utf8mb4_bin; DECLARE kw_i int;';
  const changed = `NOT (OLD.id <=> NEW.id AND cast(${v('OLD.')} as binary) <=> cast(${v('NEW.')} as binary))`;
  return {
    names,
    triggers: [
      { name: names.trigger('ins'), event: 'INSERT', body: `BEGIN ${declare} ${add}; ${post}; END` },
      { name: names.trigger('del'), event: 'DELETE', body: `BEGIN ${declare} ${del}; ${unpost}; END` },
      {
        name: names.trigger('upd'),
        event: 'UPDATE',
        body: `BEGIN ${declare} IF ${changed} THEN ${del}; ${add}; ${unpost}; ${post}; END IF; END`,
      },
    ],
    fill: `insert into ${kw} (id, v) select id, ${v('')} from ${bq(entity.table)}`,
    // From the filled keyword table (not aliased: it is locked under its name), through joinery_kwt_seq (1 … the
    // longest value's length), a temporary table; the ids from `from` to before `to`.
    post: (from: number, to: number) =>
      `insert into ${kt} (s, id, m) select s, id, ${earlier('s', 'v', 'i')} from (select ${kw}.id, concat(${kw}.v, char(1 using utf8mb4)) as v, joinery_kwt_seq.i, ${piece(`${kw}.v`, 'joinery_kwt_seq.i')} as s from ${kw} join joinery_kwt_seq on joinery_kwt_seq.i <= char_length(${kw}.v) where ${kw}.id >= ${from} and ${kw}.id < ${to}) x where ${first('s', 'v', 'i')}`,
  };
}

/** Drops the MySQL keyword table of an entity with its postings and triggers, if there are any. */
export async function dropMysqlKeywordIndex(db: Database['db'], table: string): Promise<void> {
  const names = tableNames(table);
  for (const what of ['ins', 'del', 'upd'] as const)
    await sql.raw(`drop trigger if exists ${bq(names.trigger(what))}`).execute(db);
  await sql.raw(`drop table if exists ${bq(names.table)}`).execute(db);
  await sql.raw(`drop table if exists ${bq(names.postings)}`).execute(db);
}

/** Ids of the keyword table whose postings one statement of the fill makes. */
const POST_ROWS = 5000;

/** Fills the postings from the keyword table (on the connection holding the tables' locks). */
async function fillPostings(c: Database['db'], want: ReturnType<typeof mysqlTriggers>): Promise<void> {
  const found = (
    await sql<{
      longest: number | null;
      first: number | null;
      last: number | null;
    }>`select max(char_length(v)) as longest, min(id) as first, max(id) as last from ${sql.table(want.names.table)}`.execute(
      c,
    )
  ).rows[0];
  const longest = Number(found?.longest ?? 0);
  await sql.raw('drop temporary table if exists joinery_kwt_seq').execute(c);
  await sql.raw('create temporary table joinery_kwt_seq (i int not null primary key)').execute(c);
  try {
    for (let from = 1; from <= longest; from += 1000) {
      const to = Math.min(longest, from + 999);
      const values = Array.from({ length: to - from + 1 }, (_, k) => `(${from + k})`).join(', ');
      await sql.raw(`insert into joinery_kwt_seq (i) values ${values}`).execute(c);
    }
    // 5,000 rows' postings a statement (under a second on an idle machine): each stays well inside the statement
    // timeout, also on a busy one.
    for (let from = Number(found?.first ?? 0); from <= Number(found?.last ?? -1); from += POST_ROWS)
      await sql.raw(want.post(from, from + POST_ROWS)).execute(c);
  } finally {
    await sql.raw('drop temporary table if exists joinery_kwt_seq').execute(c);
  }
}

/** Makes (or makes again, when the keyword fields changed) the keyword table and postings of an entity on MySQL. */
export async function ensureMysqlKeywordTable(database: Database, entity: Entity, columns: string[]): Promise<boolean> {
  const { db } = database;
  const table = entity.table;
  const want = columns.length ? mysqlTriggers(entity, columns) : undefined;
  const names = tableNames(table);
  const exists = async (c: Database['db'], name: string) =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*) as n from information_schema.tables where table_schema = database() and table_name = ${name}`.execute(
          c,
        )
      ).rows[0]?.n,
    ) > 0;
  if (!want) {
    if ((await exists(db, names.table)) || (await exists(db, names.postings))) await dropMysqlKeywordIndex(db, table);
    return false;
  }
  const check = async (c: Database['db']) => {
    const found = await sql<{
      name: string;
      body: string;
    }>`select trigger_name as name, action_statement as body from information_schema.triggers
      where event_object_schema = database() and event_object_table = ${table} and trigger_name like ${`${table.slice(0, 50).replace(/_/g, '\\_')}\\_\\_k\\_%`}`.execute(
      c,
    );
    return (
      (await exists(c, names.table)) &&
      (await exists(c, names.postings)) &&
      found.rows.length === want.triggers.length &&
      want.triggers.every((t) => found.rows.some((r) => r.name === t.name && r.body === t.body))
    );
  };
  if (await check(db)) return true;
  // v compares as the keyword columns do (the entity table's collation).
  const collation = await sql<{
    c: string | null;
  }>`select collation_name as c from information_schema.columns where table_schema = database() and table_name = ${table} and column_name = ${columns[0]}`.execute(
    db,
  );
  const collate = collation.rows[0]?.c ? ` collate ${collation.rows[0].c}` : '';
  await sql
    .raw(
      `create table if not exists ${bq(names.table)} (id bigint not null primary key, v longtext character set utf8mb4${collate} not null)`,
    )
    .execute(db);
  // Pieces as their bytes: compared exactly, as the keyword columns' binary collation compares characters.
  await sql
    .raw(
      `create table if not exists ${bq(names.postings)} (s varbinary(${GRAM * 4}) not null, id bigint not null, m tinyint not null, primary key (s, id))`,
    )
    .execute(db);
  // MySQL commits around CREATE TRIGGER, so table locks (not a transaction) keep writers out until the fill is in:
  // other servers starting together wait here too, and find the work done.
  await db.connection().execute(async (c) => {
    await sql.raw(`lock tables ${bq(table)} write, ${bq(names.table)} write, ${bq(names.postings)} write`).execute(c);
    try {
      if (await check(c)) return;
      for (const what of ['ins', 'del', 'upd'] as const)
        await sql.raw(`drop trigger if exists ${bq(names.trigger(what))}`).execute(c);
      await sql.raw(`delete from ${bq(names.table)}`).execute(c);
      await sql.raw(`truncate table ${bq(names.postings)}`).execute(c);
      await sql.raw(want.fill).execute(c);
      await fillPostings(c, want);
      for (const t of want.triggers)
        await sql
          .raw(`create trigger ${bq(t.name)} after ${t.event} on ${bq(table)} for each row ${t.body}`)
          .execute(c);
    } finally {
      await sql.raw('unlock tables').execute(c);
    }
  });
  return true;
}
