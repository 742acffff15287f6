import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';

/** Sequences per dialect; JOINERY_HISTORY_RUNS=200 for a long hunt (CI keeps it short: ≤ 10 s a dialect). */
const RUNS = Number(process.env.JOINERY_HISTORY_RUNS ?? 6);
const PREFIX = 'demo/goods';
const FIELDS = ['title', 'price', 'stock', 'status', 'description', 'type'] as const;
type Field = (typeof FIELDS)[number];
const CALLERS = 3;

/** A value of a field from a seed (valid for the schema; few distinct values, so callers often write the same one). */
function sampleValue(field: Field, seed: number): unknown {
  switch (field) {
    case 'title':
      return `t${seed % 5}`;
    case 'price':
      return (seed % 4) * 250;
    case 'stock':
      return seed % 3;
    case 'status':
      return seed % 2;
    case 'type':
      return seed % 2;
    case 'description':
      return seed % 3 === 0 ? null : `d${seed % 4}`;
  }
}

const caller = fc.nat(CALLERS - 1);
const pick = fc.nat(50);
const op = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('add' as const), caller, seed: fc.nat(20) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('load' as const), caller, pick }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      caller,
      pick,
      fields: fc.subarray([...FIELDS], { minLength: 1, maxLength: 3 }),
      seed: fc.nat(20),
      // Most saves carry the revision their form was loaded at (the console); some do not (scripts, the original).
      withRevision: fc.oneof({ arbitrary: fc.constant(true), weight: 5 }, { arbitrary: fc.constant(false), weight: 1 }),
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), caller, pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('restore' as const), pick }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('revert' as const),
      caller,
      pick,
      back: fc.nat(4),
      field: fc.option(fc.constantFrom(...FIELDS), { nil: undefined }),
    }),
    weight: 1,
  },
);

type Write = { id: number; version: number; base: number | undefined };

/**
 * Issue 31, as a property on every dialect: random sequences of adds, loads, saves (the whole form with the
 * revision it was loaded at, as the edit dialog sends it, or without one), deletes, restores and reverts by three
 * callers. Afterwards (1) replaying each record's history from empty gives its current state (or its absence), and
 * (2) no write based on a revision changed a field that another write had changed after that revision — an
 * acknowledged update is never overwritten by someone who had not seen it: such saves are merged or refused (409).
 */
describe.each(DIALECTS)('history replays to the current state, and no update is lost silently (%s)', (dialect) => {
  let t: TestApp;
  const tokens: string[] = [];
  const post = (who: number, url: string, body: unknown) =>
    t.call('POST', `/admin/${PREFIX}/${url}`, { token: tokens[who], body });

  beforeAll(async () => {
    t = await startApp(dialect);
    tokens.push(await t.login());
    for (let i = 1; i < CALLERS; i++) {
      const made = await t.call('POST', '/admin/base/sys/user/add', {
        token: tokens[0],
        body: { username: `caller${i}`, name: `Caller ${i}`, password: `Caller-pass-${i}`, roleIdList: [1] },
      });
      expect(made.status, made.raw).toBe(200);
      tokens.push(await t.login(`caller${i}`, `Caller-pass-${i}`));
    }
  });
  afterAll(() => t.close());

  it('over random sequences of writes by several callers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 14 }), async (ops) => {
        const ids: number[] = [];
        /** What each caller's form holds: the record as it loaded it. */
        const views = Array.from({ length: CALLERS }, () => new Map<number, Row>());
        const writes: Write[] = [];
        const load = async (who: number, id: number) => {
          const r = await t.call('GET', `/admin/${PREFIX}/info`, { token: tokens[who], query: { id: String(id) } });
          const row = r.body.data as Row | undefined;
          if (row) views[who].set(id, row);
          else views[who].delete(id);
        };
        const idOf = (n: number) => (ids.length ? ids[n % ids.length] : undefined);
        /** The record's revision as stored now (to tell a write that changed something from one that did not). */
        const stored = async (id: number) =>
          Number((await t.rows('demo_goods')).find((r) => Number(r.id) === id)?.revision ?? 0);
        // Two records every caller has open in its form.
        for (const seed of [0, 7]) {
          const r = await post(0, 'add', Object.fromEntries(FIELDS.map((f, i) => [f, sampleValue(f, seed + i)])));
          ids.push(Number((r.body.data as Row).id));
          for (let who = 0; who < CALLERS; who++) await load(who, ids[ids.length - 1]);
        }
        for (const o of ops) {
          if (o.kind === 'add') {
            const values = Object.fromEntries(FIELDS.map((f, i) => [f, sampleValue(f, o.seed + i)]));
            const r = await post(o.caller, 'add', values);
            expect(r.status, r.raw).toBe(200);
            ids.push(Number((r.body.data as Row).id));
            await load(o.caller, ids[ids.length - 1]);
            continue;
          }
          const id = idOf(o.pick);
          if (id === undefined) continue;
          if (o.kind === 'load') await load(o.caller, id);
          else if (o.kind === 'update') {
            const view = views[o.caller].get(id);
            if (!view) continue;
            const form = Object.fromEntries(FIELDS.map((f) => [f, view[f]]));
            for (const [i, f] of o.fields.entries()) form[f] = sampleValue(f, o.seed + i);
            const base = o.withRevision ? Number(view.revision) : undefined;
            const before = await stored(id);
            const r = await post(o.caller, 'update', { ...form, id, ...(base ? { revision: base } : {}) });
            if (r.status === 404) continue;
            expect([200, 409], r.raw).toContain(r.status);
            if (r.status === 409) {
              expect(r.body.errorCode).toBe('STALE_RECORD');
              expect(base).toBeDefined();
            } else if (base !== undefined && Number((r.body.data as Row).revision) > before)
              writes.push({ id, version: Number((r.body.data as Row).revision), base });
            await load(o.caller, id);
          } else if (o.kind === 'delete') {
            const view = views[o.caller].get(id);
            const r = await post(o.caller, 'delete', { ids: [id], ...(view ? { revision: view.revision } : {}) });
            expect([200, 409], r.raw).toContain(r.status);
          } else if (o.kind === 'restore') {
            const bin = await t.call('POST', '/admin/recycle/data/page', {
              token: tokens[0],
              body: { size: 100, keyWord: PREFIX },
            });
            const record = (bin.body.data as { list: Row[] }).list.find(
              (r) =>
                r.entityPrefix === PREFIX &&
                (typeof r.data === 'string' ? r.data : JSON.stringify(r.data)).includes(`"id":${id},`),
            );
            if (record)
              expect(
                (await t.call('POST', '/admin/recycle/data/restore', { token: tokens[0], body: { ids: [record.id] } }))
                  .status,
              ).toBe(200);
          } else {
            const view = views[o.caller].get(id);
            if (!view) continue;
            const version = Math.max(1, Number(view.revision) - o.back);
            const before = await stored(id);
            const r = await post(o.caller, 'revert', {
              id,
              version,
              revision: view.revision,
              ...(o.field ? { field: o.field } : {}),
            });
            // Gone, or a version the history does not hold (a no-op update), or stale: all refused as a whole.
            expect([200, 404, 409], r.raw).toContain(r.status);
            if (r.status === 200 && Number((r.body.data as Row).revision) > before)
              writes.push({ id, version: Number((r.body.data as Row).revision), base: Number(view.revision) });
            await load(o.caller, id);
          }
        }

        const history = (await t.rows('base_sys_history')).filter((h) => h.entityPrefix === PREFIX);
        if (process.env.JOINERY_HISTORY_DEBUG)
          console.log(
            ops.length,
            'ops',
            ids.length,
            'records',
            writes.length,
            'based writes',
            history.length,
            'history',
          );
        const changes = (h: Row) =>
          (typeof h.changes === 'string' ? JSON.parse(h.changes) : h.changes) as Record<string, [unknown, unknown]>;
        const current = new Map((await t.rows('demo_goods')).map((r) => [Number(r.id), r]));
        for (const id of ids) {
          const own = history
            .filter((h) => Number(h.recordId) === id)
            .sort((a, b) => Number(a.version) - Number(b.version));
          // (1) Replayed from empty, the history gives the record as it is (or says it is deleted).
          let state: Row | undefined;
          for (const h of own) {
            if (h.action === 'delete') state = undefined;
            else {
              state = { ...(state ?? {}) };
              for (const [f, [, to]] of Object.entries(changes(h))) state[f] = to;
            }
          }
          const row = current.get(id);
          expect(state === undefined, `record ${id}: deleted in history and table alike`).toBe(row === undefined);
          if (row) {
            for (const f of FIELDS)
              expect(state?.[f] ?? null, `record ${id}.${f} replayed`).toEqual(
                f === 'price' || f === 'stock' || f === 'status' || f === 'type' ? Number(row[f]) : row[f],
              );
            expect(Number(own[own.length - 1].version), `record ${id}: history's last version`).toBe(
              Number(row.revision),
            );
          }
          // (2) A write based on revision b changed no field another write changed after b.
          for (const w of writes.filter((x) => x.id === id)) {
            const mine = own.find((h) => Number(h.version) === w.version);
            if (!mine || w.base === undefined) continue;
            const between = own.filter((h) => Number(h.version) > (w.base as number) && Number(h.version) < w.version);
            const theirs = new Set(between.flatMap((h) => Object.keys(changes(h))));
            for (const f of Object.keys(changes(mine)))
              expect(theirs.has(f), `record ${id}: revision ${w.version} (based on ${w.base}) overwrote ${f}`).toBe(
                false,
              );
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
