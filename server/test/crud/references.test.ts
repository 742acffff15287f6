import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { dbFingerprint } from '../support/db-fingerprint.js';

/*
 * A record written through the generic calls points at records that exist: a relation naming no record is refused by
 * field, in the caller's language, and nothing is written — an add, a batch, an update, an import alike.
 */
describe.each(DIALECTS)('relations name existing records (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  const post = (url: string, body: unknown, language = 'zh-cn') =>
    t.call('POST', `/admin/${url}`, { token, body, headers: { language } });
  const idOf = (r: { body: { data?: unknown } }) => (r.body.data as { id: number }).id;

  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(() => t.close());

  it('an add naming a missing record is a 400 on that field, in the three languages, and adds nothing', async () => {
    const before = await dbFingerprint(t);
    const texts: Record<string, string> = {
      'zh-cn': '记录 99999 不存在',
      'zh-tw': '記錄 99999 不存在',
      en: 'there is no record 99999',
    };
    for (const [language, text] of Object.entries(texts)) {
      const r = await post('product/info/add', { name: 'Oak bench', price: 59900, categoryId: 99999 }, language);
      expect(r.status, r.raw).toBe(400);
      expect(r.body).toMatchObject({
        errorCode: 'FIELD_NO_RECORD',
        message: `categoryId: ${text}`,
        details: [{ path: 'categoryId', message: text }],
      });
    }
    // A user put in a department that does not exist (the user list would show it nowhere).
    const user = await post('base/sys/user/add', {
      username: 'nowhere',
      password: 'Nowhere-pass-1',
      name: 'Nowhere',
      departmentId: 99999,
      roleIdList: [],
    });
    expect(user.status, user.raw).toBe(400);
    expect(user.body.details).toEqual([{ path: 'departmentId', message: '记录 99999 不存在' }]);
    // …or given a role that does not exist (its link row would grant nothing and show as nothing).
    const role = await post('base/sys/user/add', {
      username: 'roleless',
      password: 'Roleless-pass-1',
      name: 'Roleless',
      departmentId: 1,
      roleIdList: [99999],
    });
    expect(role.status, role.raw).toBe(400);
    expect(role.body.details).toEqual([{ path: 'roleIdList', message: '记录 99999 不存在' }]);
    // A role's menus and departments (link tables its hooks keep) alike.
    for (const field of ['menuIdList', 'departmentIdList']) {
      const r = await post('base/sys/role/add', { name: `No ${field}`, label: `no-${field}`, [field]: [99999] });
      expect(r.status, r.raw).toBe(400);
      expect(r.body.details).toEqual([{ path: field, message: '记录 99999 不存在' }]);
    }
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('a batch with one record naming a missing record (in a list of ids) adds none, and says which record', async () => {
    const [material] = await t.rows('product_material');
    const before = await dbFingerprint(t);
    const r = await post('product/info/add', [
      { name: 'Ash stool', price: 39900, categoryId: 1, materialIds: [Number(material!.id)] },
      { name: 'Ash chair', price: 49900, categoryId: 1, materialIds: [Number(material!.id), 88888] },
    ]);
    expect(r.status, r.raw).toBe(400);
    expect(r.body.details).toEqual([{ path: '1.materialIds', message: '记录 88888 不存在' }]);
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('an update to a missing record changes nothing; a record whose related record went since can still be edited', async () => {
    const category = await post('product/category/add', { name: 'Short-lived' });
    expect(category.status, category.raw).toBe(200);
    const product = await post('product/info/add', { name: 'Pine shelf', price: 19900, categoryId: idOf(category) });
    expect(product.status, product.raw).toBe(200);
    const id = idOf(product);
    const before = await dbFingerprint(t);
    const bad = await post('product/info/update', { id, categoryId: 77777, name: 'Renamed' }, 'en');
    expect(bad.status, bad.raw).toBe(400);
    expect(bad.body.details).toEqual([{ path: 'categoryId', message: 'there is no record 77777' }]);
    expect(await dbFingerprint(t)).toEqual(before);

    expect((await post('product/category/delete', { ids: [idOf(category)] })).status).toBe(200);
    const stored = (await t.rows('product_info')).find((r: Row) => Number(r.id) === id)!;
    // The whole record as a form sends it back, its old category included: the other fields are saved.
    const edit = await post('product/info/update', {
      id,
      categoryId: Number(stored.categoryId),
      name: 'Pine shelf II',
    });
    expect(edit.status, edit.raw).toBe(200);
    const after = (await t.rows('product_info')).find((r: Row) => Number(r.id) === id)!;
    expect(after.name).toBe('Pine shelf II');
    expect(Number(after.categoryId)).toBe(idOf(category));
  });

  it('users moved to a department that does not exist stay where they are', async () => {
    const user = await post('base/sys/user/add', {
      username: 'mover',
      password: 'Mover-pass-1',
      name: 'Mover',
      departmentId: 1,
      roleIdList: [],
    });
    expect(user.status, user.raw).toBe(200);
    const id = Number(user.body.data);
    const before = await dbFingerprint(t);
    const r = await post('base/sys/user/move', { departmentId: 99999, userIds: [id] }, 'en');
    expect(r.status, r.raw).toBe(400);
    expect(r.body.details).toEqual([{ path: 'departmentId', message: 'there is no record 99999' }]);
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('a parent must exist and must not be the record itself or one of its descendants', async () => {
    const top = idOf(await post('dict/info/add', { typeId: 1, name: 'top', value: 't' }));
    const child = idOf(await post('dict/info/add', { typeId: 1, name: 'child', value: 'c', parentId: top }));
    const before = await dbFingerprint(t);
    const self = await post('dict/info/update', { id: top, parentId: top });
    expect(self.status, self.raw).toBe(400);
    expect(self.body.errorCode).toBe('PARENT_CYCLE');
    const loop = await post('dict/info/update', { id: top, parentId: child });
    expect(loop.status, loop.raw).toBe(400);
    expect(loop.body.errorCode).toBe('PARENT_CYCLE');
    const missing = await post('dict/info/add', { typeId: 1, name: 'orphan', value: 'o', parentId: 99999 }, 'zh-tw');
    expect(missing.status, missing.raw).toBe(400);
    expect(missing.body.details).toEqual([{ path: 'parentId', message: '上級記錄 99999 不存在' }]);
    expect(await dbFingerprint(t)).toEqual(before);
  });
});
