import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { createStaff, menuRows } from '../support/create-staff.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { formatDateTime } from '../../core/db/time.js';

/**
 * Issue 31: revisions, the lost-update check (409 STALE_RECORD, merged when the fields do not overlap), the field
 * history every write records, its routes (a record's timeline, the entity's search, a revert) and restore.
 */
describe.each(DIALECTS)('field history and revisions (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let bob: string;
  let bobId: number;
  const as = (token: string) => (url: string, body: unknown) => t.call('POST', `/admin/${url}`, { token, body });
  const info = async (id: number) =>
    (await t.call('GET', '/admin/demo/goods/info', { token: admin, query: { id: String(id) } })).body.data as Row;

  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
    const made = await as(admin)('base/sys/user/add', {
      username: 'bob',
      name: 'Bob',
      password: 'Bob-pass-1',
      roleIdList: [1],
    });
    expect(made.status, made.raw).toBe(200);
    bobId = Number(typeof made.body.data === 'object' ? (made.body.data as Row).id : made.body.data);
    bob = await t.login('bob', 'Bob-pass-1');
  });
  afterAll(() => t.close());

  it('counts revisions, merges writes that touch other fields, refuses a lost update with who and when', async () => {
    const added = await as(admin)('demo/goods/add', { title: 'Chair', price: 1000, type: 0, stock: 5 });
    expect(added.status, added.raw).toBe(200);
    const id = Number((added.body.data as Row).id);
    expect((await info(id)).revision).toBe(1);

    // Bob saves the price based on revision 1.
    const bobs = await as(bob)('demo/goods/update', { id, revision: 1, price: 1200 });
    expect(bobs.body, bobs.raw).toMatchObject({ code: 1000, data: { revision: 2 } });
    // The admin loaded revision 1 too and sends the whole form, changing only the stock: merged, Bob's price stays.
    const mine = await as(admin)('demo/goods/update', { id, revision: 1, title: 'Chair', price: 1000, stock: 9 });
    expect(mine.body, mine.raw).toMatchObject({ code: 1000, data: { revision: 3 } });
    expect(await info(id)).toMatchObject({ price: 1200, stock: 9, revision: 3 });

    // Based on revision 1 again, the admin now changes the price Bob changed: 409 naming the field, Bob, the values.
    const stale = await t.call('POST', '/admin/demo/goods/update', {
      token: admin,
      body: { id, revision: 1, price: 1500 },
      headers: { language: 'en' },
    });
    expect(stale.status, stale.raw).toBe(409);
    expect(stale.body.errorCode).toBe('STALE_RECORD');
    expect(stale.body.message).toContain('revision 3');
    expect(stale.body.details).toEqual([{ path: 'price', message: expect.stringContaining('changed by Bob at') }]);
    const fields = (stale.body.data as { revision: number; fields: Row[] }).fields;
    expect((stale.body.data as Row).revision).toBe(3);
    expect(fields.find((f) => f.field === 'price')).toMatchObject({
      base: 1000,
      theirs: 1200,
      mine: 1500,
      conflict: true,
      userId: bobId,
      userName: 'Bob',
    });
    expect(fields.find((f) => f.field === 'stock')).toMatchObject({ base: 5, theirs: 9, conflict: false });
    expect((await info(id)).price).toBe(1200);

    // Saved against the new revision it goes through; a call without a revision keeps the original's behaviour.
    expect((await as(admin)('demo/goods/update', { id, revision: 3, price: 1500 })).body.data).toEqual({
      revision: 4,
    });
    const plain = await as(admin)('demo/goods/update', { id, stock: 1 });
    expect(plain.body).toEqual({ code: 1000, message: 'success' });
    // A write that changes nothing keeps the revision.
    await as(admin)('demo/goods/update', { id, stock: 1 });
    expect((await info(id)).revision).toBe(5);

    // The timeline, newest first, with who and the changes; the entity-wide search by field and user.
    const timeline = await as(admin)('demo/goods/history', { id });
    expect(timeline.status, timeline.raw).toBe(200);
    const list = (timeline.body.data as { list: Row[] }).list;
    expect(list.map((h) => [h.version, h.action])).toEqual([
      [5, 'update'],
      [4, 'update'],
      [3, 'update'],
      [2, 'update'],
      [1, 'add'],
    ]);
    expect(list[3]).toMatchObject({
      userName: 'Bob',
      changes: { price: [1000, 1200] },
      url: '/admin/demo/goods/update',
    });
    expect(list[4].changes).toMatchObject({ title: [null, 'Chair'], price: [null, 1000] });
    const byBob = await as(admin)('demo/goods/history', { field: 'price', userId: bobId });
    expect((byBob.body.data as { list: Row[] }).list.map((h) => h.version)).toEqual([2]);

    // Revert the price to revision 1: a new revision, recorded as a revert.
    const reverted = await as(admin)('demo/goods/revert', { id, version: 1, field: 'price' });
    expect(reverted.body, reverted.raw).toMatchObject({ code: 1000, data: { revision: 6, fields: ['price'] } });
    expect(await info(id)).toMatchObject({ price: 1000, stock: 1 });
    const whole = await as(admin)('demo/goods/revert', { id, version: 2 });
    expect(whole.body.data).toMatchObject({ revision: 7 });
    expect(await info(id)).toMatchObject({ price: 1200, stock: 5 });
    const last = ((await as(admin)('demo/goods/history', { id, size: 1 })).body.data as { list: Row[] }).list[0];
    expect(last).toMatchObject({ version: 7, action: 'revert', changes: { price: [1000, 1200], stock: [1, 5] } });

    // A delete based on an old revision is refused; delete and restore are recorded and the restore is a revision.
    const staleDelete = await as(admin)('demo/goods/delete', { ids: [id], revision: 6 });
    expect(staleDelete.status, staleDelete.raw).toBe(409);
    expect((await as(admin)('demo/goods/delete', { ids: [id], revision: 7 })).status).toBe(200);
    const bin = (await as(admin)('recycle/data/page', {})).body.data as { list: Row[] };
    const record = bin.list.find((r) => r.entityPrefix === 'demo/goods');
    expect((await as(admin)('recycle/data/restore', { ids: [record?.id] })).status).toBe(200);
    expect(await info(id)).toMatchObject({ price: 1200, revision: 9 });
    const tail = ((await as(admin)('demo/goods/history', { id, size: 2 })).body.data as { list: Row[] }).list;
    expect(tail.map((h) => [h.version, h.action])).toEqual([
      [9, 'restore'],
      [8, 'delete'],
    ]);
    expect(tail[1].changes).toMatchObject({ price: [1200, null] });
  });

  it('concurrent saves based on one revision: one wins, the others are refused, none is lost', async () => {
    const id = Number(
      ((await as(admin)('demo/goods/add', { title: 'Desk', price: 100, type: 0 })).body.data as Row).id,
    );
    const saves = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => as(n % 2 ? admin : bob)('demo/goods/update', { id, revision: 1, price: 100 + n })),
    );
    expect(saves.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const won = saves.findIndex((r) => r.status === 200) + 1;
    expect(await info(id)).toMatchObject({ price: 100 + won, revision: 2 });
    const timeline = (await as(admin)('demo/goods/history', { id })).body.data as { list: Row[] };
    expect(timeline.list.map((h) => h.version)).toEqual([2, 1]);
  });

  it('a delegated admin sees the history of the records its data scope shows, and reverts as it may update', async () => {
    const dept = Number(
      ((await as(admin)('base/sys/department/add', { name: 'h_branch', parentId: 1 })).body.data as Row).id,
    );
    const inside = Number(
      (
        await as(admin)('base/sys/user/add', {
          username: 'h_in',
          name: 'Inside',
          password: 'Inside-pass-1',
          departmentId: dept,
        })
      ).body.data,
    );
    const outside = Number(
      (await as(admin)('base/sys/user/add', { username: 'h_out', name: 'Outside', password: 'Out-pass-1' })).body.data,
    );
    await as(admin)('base/sys/user/update', { id: inside, nickName: 'in2' });
    await as(admin)('base/sys/user/update', { id: outside, nickName: 'out2' });
    const menus = (await menuRows(t, admin)).filter((m) => /base:sys:user:/.test(m.perms ?? '')).map((m) => m.id);
    const staff = await createStaff(t, admin, {
      username: 'h_staff',
      menuIds: menus,
      departmentIds: [dept],
      departmentId: dept,
    });
    const token = await t.login(staff.username, staff.password);
    const all = (await as(token)('base/sys/user/history', { size: 100 })).body.data as { list: Row[] };
    const records = new Set(all.list.map((h) => Number(h.recordId)));
    expect(records.has(inside)).toBe(true);
    expect(records.has(outside)).toBe(false);
    const theirs = await as(token)('base/sys/user/history', { id: outside });
    expect((theirs.body.data as { list: Row[] }).list).toEqual([]);
    // Revert is an update: outside the scope the record is not found.
    expect((await as(token)('base/sys/user/revert', { id: outside, version: 1 })).status).toBe(404);
    const back = await as(token)('base/sys/user/revert', { id: inside, version: 1, field: 'nickName' });
    expect(back.status, back.raw).toBe(200);
    // And the super admin sees every record's history.
    const every = (await as(admin)('base/sys/user/history', { size: 100 })).body.data as { list: Row[] };
    expect(every.list.some((h) => Number(h.recordId) === outside)).toBe(true);
  });

  it("a module's own write (moving a user) moves the revision and is in the history: an edit based on the one before merges", async () => {
    const id = Number(
      (await as(admin)('base/sys/user/add', { username: 'h_moved', name: 'Moved', password: 'Moved-pass-1' })).body
        .data,
    );
    const user = async () =>
      (await t.call('GET', '/admin/base/sys/user/info', { token: admin, query: { id: String(id) } })).body.data as Row;
    const loaded = await user();
    const revision = Number(loaded.revision);
    const dept = await as(admin)('base/sys/department/add', { name: 'Moved to', parentId: 1 });
    const deptId = Number(typeof dept.body.data === 'object' ? (dept.body.data as Row).id : dept.body.data);
    expect((await as(admin)('base/sys/user/move', { departmentId: deptId, userIds: [id] })).status).toBe(200);
    expect(Number((await user()).revision)).toBe(revision + 1);
    const timeline = (await as(admin)('base/sys/user/history', { id })).body.data as { list: Row[] };
    expect(timeline.list[0]).toMatchObject({
      version: revision + 1,
      action: 'update',
      changes: { departmentId: [loaded.departmentId ?? null, deptId] },
    });
    // The move is in the history, so a save based on the revision before it is merged field by field: one that
    // leaves the department as it was loaded goes through (the move stays); one that changes it too is a conflict.
    const merged = await as(admin)('base/sys/user/update', {
      id,
      revision,
      nickName: 'mv',
      departmentId: loaded.departmentId,
    });
    expect(merged.body.data, merged.raw).toEqual({ revision: revision + 2 });
    expect(await user()).toMatchObject({ nickName: 'mv', departmentId: deptId });
    const stale = await as(admin)('base/sys/user/update', { id, revision, departmentId: 1 });
    expect([stale.status, stale.body.errorCode]).toEqual([409, 'STALE_RECORD']);
  });

  it('records secrets as a marker, and not at all for entities that opt out', async () => {
    const users = (await as(admin)('base/sys/user/history', { id: bobId })).body.data as { list: Row[] };
    expect(users.list[0].changes).toMatchObject({ password: ['***', '***'], username: [null, 'bob'] });
    expect(JSON.stringify(users.list)).not.toContain('Bob-pass-1');
    const rows = await t.rows('base_sys_history');
    expect(rows.some((r) => r.entityPrefix === 'base/sys/log')).toBe(false);
    expect(rows.every((r) => !String(r.changes).includes('Bob-pass-1'))).toBe(true);
    // No history route for an entity that keeps none; the timeline needs the entity's read permission.
    expect((await as(admin)('base/sys/log/history', {})).status).toBe(404);
    expect((await t.call('POST', '/admin/demo/goods/history', { body: {} })).status).toBe(401);
  });

  it('searches a time range: "every price change last week" leaves out older ones and other fields', async () => {
    const id = Number(
      ((await as(admin)('demo/goods/add', { title: 'Week', price: 100, type: 0, stock: 1 })).body.data as Row).id,
    );
    await as(admin)('demo/goods/update', { id, price: 200 });
    await as(admin)('demo/goods/update', { id, price: 300 });
    await as(admin)('demo/goods/update', { id, stock: 2 });
    // The first price change was made ten days ago.
    await untyped(t.app.joinery.database.db)
      .updateTable('base_sys_history')
      .set({ createTime: formatDateTime(new Date(Date.now() - 10 * 86_400_000)) })
      .where('entityPrefix', '=', 'demo/goods')
      .where('recordId', '=', id)
      .where('version', '=', 2)
      .execute();
    const weekAgo = formatDateTime(new Date(Date.now() - 7 * 86_400_000));
    const found = async (query: Row) =>
      ((await as(admin)('demo/goods/history', { ...query, size: 100 })).body.data as { list: Row[] }).list
        .filter((h) => Number(h.recordId) === id)
        .map((h) => h.version);
    expect(await found({ field: 'price', from: weekAgo })).toEqual([3, 1]);
    expect(await found({ field: 'price', to: weekAgo })).toEqual([2]);
    expect(await found({ from: weekAgo })).toEqual([4, 3, 1]);
    const bad = await as(admin)('demo/goods/history', { from: 'last week' });
    expect(bad.status).toBe(400);
  });
});
