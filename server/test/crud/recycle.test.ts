import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { appError } from '../../core/errors.js';
import { defineErrors } from '../../core/errors/define.js';
import { dbFingerprint } from '../support/db-fingerprint.js';

const PINNED = 'tenant rows are pinned for this test';
const TEST_ERRORS = defineErrors({
  PINNED: { status: 400, code: 1001, texts: { 'zh-cn': PINNED, 'zh-tw': PINNED, en: PINNED } },
});
const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
type BinRecord = Row & { entityInfo: { dataSourceName: string; entity: string }; data: Row[]; params: unknown };

describe.each(DIALECTS)('generic delete and the recycle bin (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  const post = (url: string, body: unknown) => t.call('POST', `/admin/${url}`, { token, body });
  const ids = (rows: Row[]) => rows.map((r) => Number(r.id));
  /** Recycle records added since a count of records, with their JSON columns parsed. */
  const newRecords = async (since: number): Promise<BinRecord[]> =>
    (await t.rows('recycle_data'))
      .slice(since)
      .map((r) => ({ ...r, entityInfo: json(r.entityInfo), data: json(r.data), params: json(r.params) }) as BinRecord);

  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('deletes {ids} and copies the stored rows to recycle_data under the entity class name', async () => {
    const doomed = (await t.rows('product_info')).slice(0, 2);
    const since = (await t.rows('recycle_data')).length;
    const r = await post('product/info/delete', { ids: ids(doomed) });
    expect(r.status, r.raw).toBe(200);
    expect(r.body).toEqual({ code: 1000, message: 'success' });
    expect(ids(await t.rows('product_info'))).not.toEqual(expect.arrayContaining([ids(doomed)[0]]));
    const [record, ...more] = await newRecords(since);
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      entityInfo: { dataSourceName: 'default', entity: 'ProductInfoEntity' },
      userId: 1,
      count: 2,
      url: '/admin/product/info/delete',
      params: { ids: ids(doomed) },
    });
    expect(record.data).toEqual(doomed);
  });

  it('accepts "1,2" text and a single number as ids; unknown ids delete nothing and record nothing', async () => {
    const [a, b, c] = await t.rows('dict_info');
    const since = (await t.rows('recycle_data')).length;
    expect((await post('dict/info/delete', { ids: `${a.id},${b.id}` })).status).toBe(200);
    expect((await post('dict/info/delete', { ids: c.id })).status).toBe(200);
    const left = ids(await t.rows('dict_info'));
    for (const gone of [a, b, c]) expect(left).not.toContain(Number(gone.id));
    const records = await newRecords(since);
    expect(records.map((r) => [r.entityInfo.entity, r.count])).toEqual([
      ['DictInfoEntity', 2],
      ['DictInfoEntity', 1],
    ]);
    const before = await dbFingerprint(t);
    expect((await post('dict/info/delete', { ids: [99999, 99998] })).status).toBe(200);
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('refuses missing or malformed ids by name and changes nothing', async () => {
    const before = await dbFingerprint(t);
    for (const body of [
      {},
      { ids: [] },
      { ids: null },
      { ids: [0] },
      { ids: ['x'] },
      { ids: '1,x' },
      { ids: { 0: 1 } },
      { ids: [1.5] },
    ]) {
      const r = await post('demo/goods/delete', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(/^ids/);
    }
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('does not record entities that opt out of the bin (menus)', async () => {
    const menu = await post('base/sys/menu/add', { name: 'Scratch', type: 0 });
    const since = (await t.rows('recycle_data')).length;
    expect((await post('base/sys/menu/delete', { ids: [(menu.body.data as { id: number }).id] })).status).toBe(200);
    expect(await newRecords(since)).toEqual([]);
  });

  it('copies and deletes in one transaction: a failure after the copy leaves both tables as they were', async () => {
    const unpin = t.app.joinery.hooks.add('demo/tenant', {
      afterDelete: () => {
        throw appError(TEST_ERRORS.PINNED);
      },
    });
    try {
      const before = await dbFingerprint(t);
      const r = await post('demo/tenant/delete', { ids: ids(await t.rows('demo_tenant')) });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('tenant rows are pinned for this test');
      expect(await dbFingerprint(t)).toEqual(before);
    } finally {
      unpin();
    }
  });

  it('restores the rows with their ids and removes the record; new rows get fresh ids afterwards', async () => {
    const original = await t.rows('space_type');
    const doomed = original.slice(1, 3);
    const since = (await t.rows('recycle_data')).length;
    expect((await post('space/type/delete', { ids: ids(doomed) })).status).toBe(200);
    const [record] = await newRecords(since);
    const bin = await post('recycle/data/page', { keyWord: 'space/type' });
    expect(ids((bin.body.data as { list: Row[] }).list)).toContain(Number(record.id));
    const r = await post('recycle/data/restore', { ids: [record.id] });
    expect(r.status, r.raw).toBe(200);
    // Back as they were, at the revision after their delete (issue 31: the delete was one, the restore the next).
    const restored = new Set(ids(doomed));
    expect(await t.rows('space_type')).toEqual(
      original.map((o) => (restored.has(Number(o.id)) ? { ...o, revision: Number(o.revision) + 2 } : o)),
    );
    expect(ids(await t.rows('recycle_data'))).not.toContain(Number(record.id));
    const added = await post('space/type/add', { name: 'After restore' });
    expect(added.status, added.raw).toBe(200);
    expect(ids(original)).not.toContain((added.body.data as { id: number }).id);
  });

  it('a restore never hands a deleted id to the next new row: the newest row deleted, another restored, a new row added, then the newest restored too', async () => {
    const type = async (name: string) =>
      Number(((await post('space/type/add', { name })).body.data as { id: number }).id);
    const older = await type('Restored first');
    const newest = await type('Newest, restored last');
    const binIds: number[] = [];
    for (const id of [newest, older]) {
      const since = (await t.rows('recycle_data')).length;
      expect((await post('space/type/delete', { ids: [id] })).status).toBe(200);
      binIds.push(Number((await newRecords(since))[0].id));
    }
    // Restoring the older row once moved PostgreSQL's sequence back to the highest id left (the newest was in the bin).
    expect((await post('recycle/data/restore', { ids: [binIds[1]] })).status).toBe(200);
    const fresh = await type('Added between the restores');
    expect([older, newest]).not.toContain(fresh);
    const r = await post('recycle/data/restore', { ids: [binIds[0]] });
    expect(r.status, r.raw).toBe(200);
    expect(ids(await t.rows('space_type'))).toEqual(expect.arrayContaining([older, newest, fresh]));
  });

  it('refuses a restore whose id is taken again (409) and changes nothing', async () => {
    const doomed = (await t.rows('product_category'))[0];
    const since = (await t.rows('recycle_data')).length;
    expect((await post('product/category/delete', { ids: [doomed.id] })).status).toBe(200);
    const [record] = await newRecords(since);
    // Another process (an import, a restore from backup) put a row with the same id back meanwhile.
    await untyped(t.app.joinery.database.db)
      .insertInto('product_category')
      .values({ ...doomed, name: 'Squatter' })
      .execute();
    const before = await dbFingerprint(t);
    const r = await post('recycle/data/restore', { ids: [record.id] });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(new RegExp(`product/category.*${String(doomed.id)}`));
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('refuses a restore that would break a unique value (409), all records or none', async () => {
    const [rich, json2] = await t.rows('base_sys_param');
    const since = (await t.rows('recycle_data')).length;
    expect((await post('base/sys/param/delete', { ids: [json2.id] })).status).toBe(200);
    expect((await post('base/sys/param/delete', { ids: [rich.id] })).status).toBe(200);
    const [first, second] = await newRecords(since);
    expect((await post('base/sys/param/add', { keyName: rich.keyName, name: 'Newcomer' })).status).toBe(200);
    const before = await dbFingerprint(t);
    const r = await post('recycle/data/restore', { ids: [first.id, second.id] });
    expect(r.status).toBe(409);
    expect(await dbFingerprint(t)).toEqual(before);
    expect((await post('recycle/data/restore', { ids: [first.id] })).status).toBe(200);
    expect((await t.rows('base_sys_param')).find((p) => Number(p.id) === Number(json2.id))).toEqual({
      ...json2,
      revision: Number(json2.revision) + 2,
    });
  });
});
