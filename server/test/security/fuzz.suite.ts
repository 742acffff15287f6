import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { startApp, type DialectUnderTest, type TestApp } from '../support/harness.js';
import { loadRegistry } from '../../app.js';
import type { Entity, GenericAction } from '../../core/registry/entity-types.js';
import { emptyAsNone, writableFields } from '../../core/crud/input-validation.js';
import type { Row } from '../../core/db/row.js';
import { dbFingerprint } from '../support/db-fingerprint.js';
import { asSent, recordArbitrary, withUniqueText, wrongValueArbitrary } from '../support/record-arbitrary.js';

/** Runs per property and entity/route; JOINERY_FUZZ_RUNS=200 for a long hunt. Bounded so a file stays under a minute per dialect. */
const RUNS = Number(process.env.JOINERY_FUZZ_RUNS ?? 12);
const ENTITIES = loadRegistry().all();
/**
 * An entity with a relation that must match another of its fields (x-ref.match: an order's address is its member's,
 * and the server copies the address text from it) does not round-trip a random record; its rules are tested in
 * order-workflow.test.ts, order-guards.test.ts and shop-rules.test.ts.
 */
const completedFromRelations = (e: (typeof ENTITIES)[number]) => e.fields.some((f) => f.schema['x-ref']?.match);
const WRITERS = ENTITIES.filter((e) => e.api.includes('add') && !completedFromRelations(e));
const ROUTES = ENTITIES.flatMap((e) => e.api.map((action) => ({ entity: e, action })));
const WRITES = new Set<GenericAction>(['add', 'update', 'delete']);

/** Bodies a careless or hostile client might send: anything JSON, or objects over the keys the route reads. */
function bodyArbitrary(entity: Entity): fc.Arbitrary<unknown> {
  const keys = [
    ...entity.fields.map((f) => f.name),
    'id',
    'ids',
    'page',
    'size',
    'order',
    'sort',
    'keyWord',
    'isExport',
  ];
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
    fc.dictionary(
      fc.constantFrom(...keys),
      fc.oneof(fc.integer(), fc.string(), fc.constant(''), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 })),
      { maxKeys: 6 },
    ),
  );
}

const queryArbitrary = fc
  .dictionary(
    fc.constantFrom('id', 'ID', 'id[]', 'keyWord', 'x'),
    fc.oneof(fc.string(), fc.integer().map(String), fc.constant('')),
    { maxKeys: 3 },
  )
  .map((q) => new URLSearchParams(q).toString());

/** The generic routes fuzzed on one dialect (fuzz.<dialect>.test.ts). */
export function fuzzSuite(dialect: DialectUnderTest): void {
  describe(`fuzzing the generic routes (${dialect})`, () => {
    let t: TestApp;
    let token: string;
    const counter = { n: 1 };
    const post = (url: string, body: unknown) => t.call('POST', url, { token, body });

    const idOf = (data: unknown) => (typeof data === 'number' ? data : (data as { id: number }).id);
    const readBack = async (entity: Entity, id: number): Promise<Row | undefined> => {
      if (entity.api.includes('info'))
        return (await t.call('GET', `/admin/${entity.prefix}/info`, { token, query: { id: String(id) } })).body.data as
          | Row
          | undefined;
      return ((await post(`/admin/${entity.prefix}/list`, {})).body.data as Row[]).find((r) => Number(r.id) === id);
    };

    beforeAll(async () => {
      t = await startApp(dialect);
      token = await t.login();
    });
    afterAll(() => t.close());

    it.each(WRITERS.map((e) => ({ entity: e, prefix: e.prefix })))(
      '$prefix: a valid record drawn from the schema round-trips through add and info',
      async ({ entity }) => {
        const readable = writableFields(entity).filter((f) => !f.secret);
        await fc.assert(
          fc.asyncProperty(recordArbitrary(entity), async (generated) => {
            // What goes over the wire (JSON has no -0, for one) is what must come back.
            const record = JSON.parse(JSON.stringify(withUniqueText(entity, generated, counter))) as Row;
            const r = await post(`/admin/${entity.prefix}/add`, record);
            expect(r.status, r.raw).toBe(200);
            const stored = await readBack(entity, idOf(r.body.data));
            expect(stored).toBeDefined();
            for (const f of readable) {
              if (!(f.name in record)) continue;
              // Linked ids (x-ref multiple) are a set kept in a link table: compared without their order.
              const unordered = (v: unknown) => (f.schema['x-ref']?.multiple && Array.isArray(v) ? [...v].sort() : v);
              expect([f.name, unordered(asSent(entity.prefix, f.name, stored![f.name]))]).toEqual([
                f.name,
                unordered(emptyAsNone(f, record[f.name])),
              ]);
            }
          }),
          { numRuns: RUNS },
        );
      },
    );

    it.each(WRITERS.map((e) => ({ entity: e, prefix: e.prefix })))(
      '$prefix: one field of the wrong type is refused by name and changes nothing',
      async ({ entity }) => {
        const live = await post(
          `/admin/${entity.prefix}/add`,
          withUniqueText(entity, fc.sample(recordArbitrary(entity), 1)[0], counter),
        );
        expect(live.status, live.raw).toBe(200);
        const liveId = idOf(live.body.data);
        const fields = writableFields(entity);
        const corrupt = fc
          .constantFrom(...fields)
          .chain((f) => wrongValueArbitrary(f).map((value) => ({ field: f, value })));
        // The database as the last run left it, proven unchanged by that run's refusal; unknown after a failed run.
        let known: Record<string, string> | undefined;
        await fc.assert(
          fc.asyncProperty(
            recordArbitrary(entity),
            corrupt,
            fc.boolean(),
            async (generated, { field, value }, asUpdate) => {
              const record = withUniqueText(entity, generated, counter);
              // An update may leave a secret out on purpose (null or empty means "unchanged"), so secrets are corrupted on add only.
              const update = asUpdate && entity.api.includes('update') && !field.secret;
              const before = known ?? (await dbFingerprint(t));
              known = undefined;
              const body = update ? { id: liveId, [field.name]: value } : { ...record, [field.name]: value };
              const r = await post(`/admin/${entity.prefix}/${update ? 'update' : 'add'}`, body);
              expect(r.status, r.raw).toBe(400);
              expect(String(r.body.message)).toContain(field.name);
              const after = await dbFingerprint(t);
              expect(after).toEqual(before);
              known = after;
            },
          ),
          { numRuns: RUNS },
        );
      },
    );

    it.each(ROUTES.map((r) => ({ ...r, url: `/admin/${r.entity.prefix}/${r.action}` })))(
      '$url: arbitrary input never causes a 5xx; a refused write changes nothing',
      async ({ entity, action, url }) => {
        const input = action === 'info' ? queryArbitrary : bodyArbitrary(entity);
        // As above: the database as the last run left it when that run's write was refused and checked.
        let known: Record<string, string> | undefined;
        await fc.assert(
          fc.asyncProperty(input, async (value) => {
            const before = WRITES.has(action) ? (known ?? (await dbFingerprint(t))) : undefined;
            known = undefined;
            const r =
              action === 'info'
                ? await t.call('GET', `${url}?${String(value)}`, { token })
                : await t.call('POST', url, {
                    token,
                    body: JSON.stringify(value),
                    headers: { 'content-type': 'application/json' },
                  });
            expect(r.status, r.raw).toBeLessThan(500);
            expect(r.body).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
            if (before && r.status >= 400) {
              const after = await dbFingerprint(t);
              expect(isDeepStrictEqual(after, before), `refused ${r.raw} yet the database changed`).toBe(true);
              known = after;
            }
          }),
          { numRuns: RUNS },
        );
      },
    );
  });
}
