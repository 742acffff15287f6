import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';

/** Sequences per dialect; JOINERY_REF_RUNS=200 for a long hunt. */
const RUNS = Number(process.env.JOINERY_REF_RUNS ?? 12);

/** Which category a product call names: one made in the run (alive or deleted by now), or one that never was. */
type Pick = { made: number } | 'never';
type Op =
  | { op: 'addCategory' }
  | { op: 'deleteCategory'; i: number }
  | { op: 'restoreCategory'; i: number }
  | { op: 'addProduct'; pick: Pick }
  | { op: 'updateProduct'; i: number; pick: Pick };

const pick: fc.Arbitrary<Pick> = fc.oneof(fc.record({ made: fc.nat(5) }), fc.constant('never' as const));
const ops: fc.Arbitrary<Op[]> = fc.array(
  fc.oneof(
    fc.constant<Op>({ op: 'addCategory' }),
    fc.record({ op: fc.constant('deleteCategory' as const), i: fc.nat(5) }),
    fc.record({ op: fc.constant('restoreCategory' as const), i: fc.nat(5) }),
    fc.record({ op: fc.constant('addProduct' as const), pick }),
    fc.record({ op: fc.constant('updateProduct' as const), i: fc.nat(5), pick }),
  ),
  { minLength: 4, maxLength: 14 },
);

/*
 * Relations over sequences (ref-check.ts): categories are made, deleted to the bin and restored while products are
 * added and moved between them. A product call is accepted exactly when the category it names exists at that moment
 * — or, for an update, is the one the product already has (deleted since or not) — and a refused call changes
 * nothing. The model (which categories exist, which category each product has) is compared with the tables after
 * every step.
 */
describe.each(DIALECTS)('relations over add, delete, restore and move sequences (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let seq = 0;
  let runs = 0;
  const post = (url: string, body: unknown) => t.call('POST', `/admin/${url}`, { token, body });

  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('a product call is accepted exactly when its category exists (or is unchanged), and a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(ops, async (steps) => {
        const run = `Ref run ${++runs}: `;
        const made: number[] = [];
        const alive = new Set<number>();
        const products = new Map<number, number>();
        const categoryOf = (p: Pick) => (p === 'never' ? 999_999 : made[p.made % Math.max(made.length, 1)]);
        for (const step of steps) {
          switch (step.op) {
            case 'addCategory': {
              const r = await post('product/category/add', { name: `Ref category ${++seq}` });
              expect(r.status, r.raw).toBe(200);
              const id = (r.body.data as { id: number }).id;
              made.push(id);
              alive.add(id);
              break;
            }
            case 'deleteCategory': {
              const id = made[step.i % Math.max(made.length, 1)];
              if (id === undefined || !alive.has(id)) break;
              const r = await post('product/category/delete', { ids: [id] });
              expect(r.status, r.raw).toBe(200);
              alive.delete(id);
              break;
            }
            case 'restoreCategory': {
              const id = made[step.i % Math.max(made.length, 1)];
              if (id === undefined || alive.has(id)) break;
              const kept = (await t.rows('recycle_data')).filter(
                (r: Row) =>
                  r.entityPrefix === 'product/category' &&
                  (JSON.parse(String(r.data)) as Row[]).some((d) => Number(d.id) === id),
              );
              expect(kept, `category ${id} in the bin`).toHaveLength(1);
              const r = await post('recycle/data/restore', { ids: [Number(kept[0]!.id)] });
              expect(r.status, r.raw).toBe(200);
              alive.add(id);
              break;
            }
            case 'addProduct': {
              const categoryId = categoryOf(step.pick);
              if (categoryId === undefined) break;
              const r = await post('product/info/add', { name: `${run}${++seq}`, price: 1000, categoryId });
              if (alive.has(categoryId)) {
                expect(r.status, r.raw).toBe(200);
                products.set((r.body.data as { id: number }).id, categoryId);
              } else {
                expect(r.status, r.raw).toBe(400);
                expect(r.body.details).toEqual([{ path: 'categoryId', message: `记录 ${categoryId} 不存在` }]);
              }
              break;
            }
            case 'updateProduct': {
              const ids = [...products.keys()];
              const id = ids[step.i % Math.max(ids.length, 1)];
              const categoryId = categoryOf(step.pick);
              if (id === undefined || categoryId === undefined) break;
              const r = await post('product/info/update', { id, categoryId });
              if (alive.has(categoryId) || products.get(id) === categoryId) {
                expect(r.status, r.raw).toBe(200);
                products.set(id, categoryId);
              } else {
                expect(r.status, r.raw).toBe(400);
                expect(r.body.errorCode).toBe('FIELD_NO_RECORD');
              }
              break;
            }
          }
          // The tables as the model says: the categories that exist, and each product's category.
          const categories = new Set((await t.rows('product_category')).map((r: Row) => Number(r.id)));
          for (const id of made) expect(categories.has(id), `category ${id}`).toBe(alive.has(id));
          const stored = new Map((await t.rows('product_info')).map((r: Row) => [Number(r.id), Number(r.categoryId)]));
          for (const [id, categoryId] of products) expect(stored.get(id), `product ${id}`).toBe(categoryId);
        }
        // The products the run's accepted adds made, and none from a refused one.
        const named = (await t.rows('product_info')).filter((r: Row) => String(r.name).startsWith(run));
        expect(named.length).toBe(products.size);
      }),
      { numRuns: RUNS },
    );
  });
});
