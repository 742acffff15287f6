import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/harness.js';
import { startKeywordApp, type KeywordApp } from '../support/keyword-app.js';
import { setShapeCache, shapeCacheHits } from '../../core/crud/page-sql-cache.js';

type Row = Record<string, unknown>;

/** Page calls of three entities with filters of every kind (equality and lists, like, ranges, keyword) and orders. */
const KEYWORDS = ['木', '沙发', '桌', 'a', 'A', 'DT', '-', '%', '_', '!', 'ORD', '2024', 'é', 'zzz-none'];
const DATES = ['2024-01-01 00:00:00', '2025-06-15 12:00:00', '2026-01-01', '2030-01-01 00:00:00'];
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 2 });
const paging = {
  page: maybe(fc.integer({ min: 1, max: 4 })),
  size: maybe(fc.integer({ min: 1, max: 25 })),
  keyWord: maybe(fc.constantFrom(...KEYWORDS)),
  sort: maybe(fc.constantFrom('asc', 'desc')),
};
const call: fc.Arbitrary<{ prefix: string; body: Row }> = fc.oneof(
  fc.record({
    prefix: fc.constant('product/info'),
    body: fc.record({
      ...paging,
      status: maybe(fc.oneof(fc.constantFrom(0, 1), fc.constant([0, 1]))),
      recommend: maybe(fc.constantFrom(0, 1, '1')),
      auditStatus: maybe(fc.array(fc.constantFrom(0, 1, 2), { minLength: 1, maxLength: 3 })),
      categoryId: maybe(fc.integer({ min: 1, max: 12 })),
      order: maybe(fc.constantFrom('price', 'sales', 'createTime', 'name')),
    }),
  }),
  fc.record({
    prefix: fc.constant('demo/goods'),
    body: fc.record({
      ...paging,
      title: maybe(fc.constantFrom(...KEYWORDS)),
      type: maybe(fc.integer({ min: 0, max: 3 })),
      status: maybe(fc.constantFrom(0, 1)),
      order: maybe(fc.constantFrom('price', 'title', 'createTime')),
    }),
  }),
  fc.record({
    prefix: fc.constant('order/order'),
    body: fc.record({
      ...paging,
      status: maybe(fc.oneof(fc.constantFrom(0, 1, 2, 3), fc.constant([1, 3]))),
      pendingTime: maybe(
        fc.tuple(
          fc.option(fc.constantFrom(...DATES), { nil: null }),
          fc.option(fc.constantFrom(...DATES), { nil: null }),
        ),
      ),
      completedTime: maybe(fc.tuple(fc.constantFrom(...DATES), fc.constantFrom(...DATES))),
      order: maybe(fc.constantFrom('createTime', 'price', 'orderNo')),
    }),
  }),
);

/**
 * The compiled-SQL cache of page calls (server/core/crud/list-query.ts, cachedPageRows) answers exactly what building
 * each query answers: the same rows in the same order, the same total and the same refusals, over random sequences
 * of calls whose shapes repeat with other values.
 */
describe.each(DIALECTS)('page calls through the compiled-SQL cache = built queries (%s)', (dialect) => {
  let t: KeywordApp;
  beforeAll(async () => {
    // Keywords through the index too.
    t = await startKeywordApp(dialect);
  });
  afterAll(() => {
    setShapeCache(true);
    return t?.close();
  });

  const page = async (prefix: string, body: Row) => {
    const r = await t.call('POST', `/admin/${prefix}/page`, {
      token: t.token,
      body: Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
    });
    return { status: r.status, body: r.body };
  };

  it('same answers with and without the cache', async () => {
    const before = shapeCacheHits();
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 4, maxLength: 12 }), async (calls) => {
        for (const { prefix, body } of calls) {
          setShapeCache(true);
          const cached = await page(prefix, body);
          setShapeCache(false);
          const built = await page(prefix, body);
          setShapeCache(true);
          expect(cached, `${prefix} ${JSON.stringify(body)}`).toEqual(built);
        }
      }),
      { numRuns: Number(process.env.JOINERY_SHAPE_RUNS ?? (dialect === 'sqlite' ? 40 : 25)) },
    );
    // The cache was used, not only filled: shapes came back with other values.
    expect(shapeCacheHits() - before).toBeGreaterThan(8);
  }, 240_000);

  it("a cached page never sees the rows of another request's open transaction", async () => {
    // No keyword and a short page: the call runs no statement but the page's own, so nothing else waits for the
    // transaction first.
    const body = { page: 1, size: 100, order: 'price', sort: 'desc' };
    const names = async () =>
      ((await page('product/info', body)).body.data as { list: Row[] }).list
        .map((r) => r.name)
        .filter((n) => n === 'uncommitted-probe');
    await names();
    await names(); // the shape is kept now: the next call reads through the kept text (at once, on SQLite)
    const hits = shapeCacheHits();
    const { database } = t.app.joinery;
    let inside!: () => void;
    const opened = new Promise<void>((r) => {
      inside = r;
    });
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    // A write transaction that waits for something else before it ends (as a handler awaiting a file or a network call
    // does), and then rolls back.
    const tx = database.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('product_info' as never)
          .values({
            name: 'uncommitted-probe',
            categoryId: 1,
            price: 1,
            createTime: '2026-01-01 00:00:00',
            updateTime: '2026-01-01 00:00:00',
          } as never)
          .execute();
        inside();
        await held;
        throw new Error('rolled back');
      })
      .catch((e: Error) => e.message);
    await opened;
    const during = names();
    setTimeout(release, 50);
    expect(await during).toEqual([]);
    expect(await tx).toBe('rolled back');
    expect(await names()).toEqual([]);
    expect(shapeCacheHits()).toBeGreaterThan(hits);
  });
});
