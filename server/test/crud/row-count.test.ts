import fc from 'fast-check';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { secondProcess } from '../support/task-helpers.js';
import { compactionsSettled, compactRowCount } from '../../core/db/row-count.js';

type Row = Record<string, unknown>;
const PREFIX = 'product/material';
const TABLE = 'product_material';
const TYPES = [0, 1, 2, 3, 4, 5, 6];

type Command =
  | { kind: 'add'; type: number; many: number }
  | { kind: 'update'; pick: number; type: number }
  | { kind: 'delete'; pick: number; many: number }
  | { kind: 'restore' }
  | { kind: 'compact' };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      type: fc.constantFrom(...TYPES),
      many: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), type: fc.constantFrom(...TYPES) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      pick: fc.nat(),
      many: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'restore' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'compact' as const }) },
);

/**
 * The totals a page call takes from the kept counters (server/core/db/row-count.ts) — the whole table, and a filter on
 * one few-valued field — equal count(*) after adds, updates, deletes, restores from the recycle bin, concurrent
 * writes from two server processes, compactions running beside open write transactions, and restarts, including a
 * start on a table written before its counters existed.
 */
describe.each(DIALECTS)('kept row counts = count(*) (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  }, 60_000);
  afterAll(() => t?.close());

  const entity = () => t.app.joinery.registry.get(PREFIX)!;
  const post = async (action: string, body: unknown, app: FastifyInstance = t.app) => {
    const r = await app.inject({
      method: 'POST',
      url: `/admin/${PREFIX}/${action}`,
      headers: { authorization: token },
      payload: body as Row,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as Row;
  };
  /** A page of one row: a full page whenever a row matches, so its total comes from the counter, not from the page. */
  const total = async (filter: Row = {}, app?: FastifyInstance) =>
    Number(((await post('page', { page: 1, size: 1, ...filter }, app)).pagination as Row).total);
  const counted = async (where = '') =>
    Number(
      (await sql.raw<{ n: number }>(`select count(*) as n from ${TABLE} ${where}`).execute(t.app.joinery.database.db))
        .rows[0].n,
    );

  async function expectExact(what: string, app?: FastifyInstance) {
    expect(await total({}, app), `${what}: unfiltered`).toBe(await counted());
    for (const type of TYPES)
      expect(await total({ type }, app), `${what}: type = ${type}`).toBe(await counted(`where type = ${type}`));
    expect(await total({ type: [1, 3, 3] }, app), `${what}: type in (1, 3)`).toBe(
      await counted('where type in (1, 3)'),
    );
    // Not a kept count: a second condition makes the call count rows, as before.
    expect(await total({ type: 2, keyWord: 'm' }, app), `${what}: type and keyword`).toBe(
      await counted(`where type = 2 and (lower(title) like '%m%' or lower(description) like '%m%')`),
    );
  }

  it('the counters are kept by triggers for the material table', async () => {
    const db = t.app.joinery.database.db;
    const triggers =
      dialect === 'sqlite'
        ? await sql`select name from sqlite_master where type = 'trigger' and tbl_name = ${TABLE} and name like ${`${TABLE}__%`} and name not like '%kw%'`.execute(
            db,
          )
        : dialect === 'postgres'
          ? await sql`select tgname from pg_trigger where tgrelid = ${TABLE}::regclass and not tgisinternal and tgname like ${`${TABLE}__n_%`}`.execute(
              db,
            )
          : await sql`select trigger_name from information_schema.triggers where event_object_schema = database() and event_object_table = ${TABLE} and trigger_name like ${`${TABLE}\\_\\_n\\_%`}`.execute(
              db,
            );
    // Insert, delete, and (the type is counted per value) update.
    expect(triggers.rows.length).toBe(dialect === 'sqlite' ? 5 : 3);
  });

  it('totals equal count(*) over random sequences of writes, restores and compactions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 12 }), async (commands) => {
        for (const c of commands) {
          const live = (await t.rows(TABLE)).map((r) => Number(r.id));
          if (c.kind === 'add') {
            const rows = Array.from({ length: c.many }, (_, i) => ({ title: `m${i}-${c.type}`, type: c.type }));
            await post('add', rows.length === 1 ? rows[0] : rows);
          } else if (c.kind === 'update' && live.length)
            await post('update', { id: live[c.pick % live.length], type: c.type });
          else if (c.kind === 'delete' && live.length) {
            const ids = [...new Set(Array.from({ length: c.many }, (_, i) => live[(c.pick + i * 7) % live.length]))];
            await post('delete', { ids });
          } else if (c.kind === 'restore') {
            const bin = (
              await t.call('POST', '/admin/recycle/data/page', {
                token,
                body: { keyWord: `/admin/${PREFIX}/delete`, page: 1, size: 1, order: 'id', sort: 'desc' },
              })
            ).body.data as Row;
            const [record] = bin.list as Row[];
            if (record)
              expect(
                (await t.call('POST', '/admin/recycle/data/restore', { token, body: { ids: [record.id] } })).status,
              ).toBe(200);
          } else if (c.kind === 'compact') await compactRowCount(t.app.joinery.database, entity());
        }
        await expectExact('after the writes');
      }),
      { numRuns: Number(process.env.JOINERY_COUNT_RUNS ?? 8) },
    );
  }, 240_000);

  it('concurrent writes from two processes, with compactions beside them, keep the totals exact', async () => {
    const other = await secondProcess(t, { scheduler: false });
    try {
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < 24; i++) {
        const app = i % 2 ? other : t.app;
        work.push(
          post(
            'add',
            [
              { title: `c${i}a`, type: i % 7 },
              { title: `c${i}b`, type: (i + 3) % 7 },
            ],
            app,
          ),
        );
        if (i % 3 === 0) work.push(post('update', { id: (await t.rows(TABLE)).at(-1)!.id, type: i % 7 }, app));
        if (i % 4 === 0) work.push(compactRowCount(t.app.joinery.database, entity()));
        // Deletes take rows from the older half, so they never race an update of the newest row (a 404, not a count).
        if (i % 5 === 0)
          work.push(
            t
              .rows(TABLE)
              .then((rows) => post('delete', { ids: [rows[i % Math.max(1, Math.floor(rows.length / 2))].id] }, app)),
          );
      }
      await Promise.all(work);
      await expectExact('after concurrent writes');
      await expectExact('read through the other process', other);
    } finally {
      await other.close();
    }
  }, 120_000);

  it.skipIf(dialect === 'sqlite')(
    'a compaction beside an open write transaction neither loses nor counts twice its rows',
    async () => {
      const { database } = t.app.joinery;
      const before = await counted();
      await database.db.transaction().execute(async (trx) => {
        await sql`insert into ${sql.table(TABLE)} (title, type, ${sql.ref('order')}, ${sql.ref('createTime')}, ${sql.ref('updateTime')}) values ('open', 4, 0, '2026-01-01 00:00:00', '2026-01-01 00:00:00')`.execute(
          trx,
        );
        // Its delta row is not committed: the compaction (another connection) must leave it, and not wait for it.
        await compactRowCount(database, entity());
        await compactRowCount(database, entity());
      });
      expect(await counted()).toBe(before + 1);
      await expectExact('after the open transaction committed');
      // Once committed, its rows are compacted with the others: one row per key is left.
      await compactRowCount(database, entity());
      const rows = await sql<{
        k: string;
        n: number;
      }>`select k, n from joinery_row_delta where tbl = ${TABLE} order by k`.execute(database.db);
      expect(rows.rows.length, JSON.stringify(rows.rows)).toBe(new Set(rows.rows.map((r) => r.k)).size);
      await expectExact('after one more compaction');
    },
  );

  it.skipIf(dialect === 'sqlite')(
    'a compaction of many rows beside a writer open on them takes its rows without waiting for the writer',
    async () => {
      const { database } = t.app.joinery;
      const db = database.db;
      // As a database is after compactions: one delta row per key of every table, so that this table's committed
      // rows below are a good part of the delta table (the state in which the MySQL compaction's DELETE scanned the
      // whole table and waited on the open writer's row).
      for (const e of t.app.joinery.registry.all()) await compactRowCount(database, e);
      for (let i = 0; i < 3; i++)
        await post(
          'add',
          Array.from({ length: 40 }, (_, k) => ({ title: `fold${i}-${k}`, type: k % 7 })),
        );
      const [updated, deleted] = (await t.rows(TABLE)).map((r) => Number(r.id));
      const before = await counted();
      await db.transaction().execute(async (trx) => {
        await sql`insert into ${sql.table(TABLE)} (title, type, ${sql.ref('order')}, ${sql.ref('createTime')}, ${sql.ref('updateTime')}) values ('open', 4, 0, '2026-01-01 00:00:00', '2026-01-01 00:00:00')`.execute(
          trx,
        );
        await sql`update ${sql.table(TABLE)} set type = case when type = 5 then 6 else 5 end where id = ${updated}`.execute(
          trx,
        );
        await sql`delete from ${sql.table(TABLE)} where id = ${deleted}`.execute(trx);
        // Its delta rows are not committed: a compaction (another connection) returns while they are open, having
        // folded every committed row into one per key.
        await compactRowCount(database, entity());
        const committed = await sql<{
          k: string;
          c: number;
        }>`select k, count(*) as c from joinery_row_delta where tbl = ${TABLE} group by k having count(*) > 1`.execute(
          db,
        );
        expect(committed.rows, 'committed keys left with more than one row').toEqual([]);
      });
      expect(await counted()).toBe(before);
      await expectExact('after the open transaction committed');
    },
  );

  it('many writes are compacted by the reads, and the totals stay exact', async () => {
    for (let i = 0; i < 8; i++)
      await post(
        'add',
        Array.from({ length: 20 }, (_, k) => ({ title: `bulk${i}-${k}`, type: k % 7 })),
      );
    await expectExact('before compaction');
    if (dialect !== 'sqlite') {
      // The reads above found many delta rows and compacted them in the background.
      await compactionsSettled();
      const rows = await sql<{ n: number }>`select count(*) as n from joinery_row_delta where tbl = ${TABLE}`.execute(
        t.app.joinery.database.db,
      );
      expect(Number(rows.rows[0].n)).toBeLessThanOrEqual(64 + 20);
    }
    await expectExact('after compaction');
  });

  it('a restart keeps the totals; a table written before its counters existed is counted on start', async () => {
    t = await t.restart();
    token = await t.login();
    await expectExact('after a restart');
    const db = t.app.joinery.database.db;
    // As an older version left it: no triggers, no counts; rows written meanwhile.
    if (dialect === 'sqlite') {
      for (const s of ['n_ai', 'n_ad', 'v_ai', 'v_ad', 'v_au'])
        await sql.raw(`drop trigger if exists "${TABLE}__${s}"`).execute(db);
      await sql`delete from joinery_row_count where tbl = ${TABLE}`.execute(db);
      await sql`delete from joinery_value_count where tbl = ${TABLE}`.execute(db);
    } else if (dialect === 'postgres') {
      for (const s of ['ins', 'del', 'upd'])
        await sql.raw(`drop trigger if exists "${TABLE}__n_${s}" on ${TABLE}`).execute(db);
      await sql`delete from joinery_row_delta where tbl = ${TABLE}`.execute(db);
    } else {
      for (const s of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists \`${TABLE}__n_${s}\``).execute(db);
      await sql`delete from joinery_row_delta where tbl = ${TABLE}`.execute(db);
    }
    for (let i = 0; i < 5; i++) {
      await sql`insert into ${sql.table(TABLE)} (title, type, ${sql.ref('order')}, ${sql.ref('createTime')}, ${sql.ref('updateTime')}) values (${`old${i}`}, ${i % 2}, 0, '2026-01-01 00:00:00', '2026-01-01 00:00:00')`.execute(
        db,
      );
    }
    await sql`delete from ${sql.table(TABLE)} where id = (select min(id) from (select id from ${sql.table(TABLE)}) x)`.execute(
      db,
    );
    t = await t.restart();
    token = await t.login();
    await expectExact('after a start on rows written without counters');
    await post('add', { title: 'after', type: 6 });
    await expectExact('and after a write');
  }, 60_000);
});
