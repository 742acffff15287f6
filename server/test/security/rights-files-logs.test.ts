import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { createDepartment, createStaff, menuRows } from '../support/create-staff.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { formatDateTime } from '../../core/db/time.js';

// Issue 25 §3 "who may do what, everywhere": each block below is an attack that worked before its fix.

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(DIALECTS)('who may do what: files and logs of others (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let clerkId: number;
  let inside: number;
  let outside: number;
  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
    const dept = (name: string) => createDepartment(t, admin, name);
    const mine = await dept('Workshop');
    const theirs = await dept('Head office');
    const menus = await menuRows(t, admin);
    const wanted = (p: string | null) =>
      [
        'space:info:',
        'space:type:',
        'base:sys:log:page',
        'base:sys:log:clear',
        'base:sys:user:page',
        'base:sys:user:info',
        'base:sys:user:update',
        'base:sys:user:move',
      ].some((w) => (p ?? '').includes(w));
    const picked = menus.filter((m) => wanted(m.perms));
    const ids = new Set(picked.flatMap((m) => [m.id, m.parentId ?? 0]).filter(Boolean));
    for (const m of menus) if (ids.has(m.id) && m.parentId) ids.add(m.parentId);
    const staff = await createStaff(t, admin, {
      username: 'clerk',
      menuIds: [...ids],
      departmentIds: [mine],
      departmentId: mine,
    });
    clerkId = staff.userId;
    clerk = await t.login(staff.username, staff.password);
    inside = (await createStaff(t, admin, { username: 'joiner', menuIds: [], departmentId: mine })).userId;
    outside = (await createStaff(t, admin, { username: 'director', menuIds: [], departmentId: theirs })).userId;
  }, 60_000);
  afterAll(async () => t?.close());

  async function upload(token: string): Promise<string> {
    const boundary = `----joinery${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\nchair.png\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="chair.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PIXEL,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/base/comm/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    return String(res.json().data);
  }

  it("space/info/add with another admin's file URL keeps that admin's row and owner; the adder gets a listing of its own, owned by itself whatever the body says", async () => {
    const url = await upload(admin);
    const before = (await t.rows('space_info')).filter((r) => r.url === url);
    expect(before.map((r) => Number(r.userId))).toEqual([1]);
    const added = await t.call('POST', '/admin/space/info/add', {
      token: clerk,
      body: { url, name: 'took it', userId: 1 },
    });
    expect(added.status, added.raw).toBe(200);
    const after = (await t.rows('space_info')).filter((r) => r.url === url);
    expect(after.find((r) => Number(r.id) === Number(before[0].id))).toMatchObject({
      userId: 1,
      name: before[0].name,
      fileId: before[0].fileId,
    });
    expect(after.filter((r) => Number(r.id) !== Number(before[0].id)).map((r) => Number(r.userId))).toEqual([clerkId]);
    // The uploader recording its own upload still leaves one row (the original Vue client does this).
    const own = await upload(clerk);
    expect(
      (await t.call('POST', '/admin/space/info/add', { token: clerk, body: { url: own, name: 'mine' } })).status,
    ).toBe(200);
    expect((await t.rows('space_info')).filter((r) => r.url === own).map((r) => [r.name, Number(r.userId)])).toEqual([
      ['mine', clerkId],
    ]);
    // Nor can an update hand a row to someone else.
    const row = (await t.rows('space_info')).find((r) => r.url === own)!;
    expect(
      (await t.call('POST', '/admin/space/info/update', { token: clerk, body: { id: Number(row.id), userId: 1 } }))
        .status,
    ).toBe(200);
    expect(Number((await t.rows('space_info')).find((r) => r.url === own)!.userId)).toBe(clerkId);
  });

  it('the operation-log page shows a delegated admin only its own requests and those of users in its scope', async () => {
    const db = untyped(t.app.joinery.database.db);
    const now = formatDateTime(new Date());
    const marks: [number | null, string][] = [
      [clerkId, '/mark/clerk'],
      [inside, '/mark/inside'],
      [outside, '/mark/outside'],
      [1, '/mark/admin'],
      [null, '/mark/anonymous'],
    ];
    for (const [userId, action] of marks)
      await db
        .insertInto('base_sys_log')
        .values({
          userId,
          action,
          ip: '10.9.9.9',
          params: `{"email":"${action}@example.com"}`,
          createTime: now,
          updateTime: now,
        })
        .execute();
    const seen = async (token: string) => {
      const r = await t.call('POST', '/admin/base/sys/log/page', { token, body: { size: 100, keyWord: '' } });
      expect(r.status, r.raw).toBe(200);
      return {
        actions: (r.body.data as { list: Row[] }).list
          .map((x) => String(x.action))
          .filter((a) => a.startsWith('/mark/'))
          .sort(),
        raw: r.raw,
      };
    };
    const clerkSees = await seen(clerk);
    expect(clerkSees.actions).toEqual(['/mark/clerk', '/mark/inside']);
    expect(clerkSees.raw).not.toContain('director');
    expect((await seen(admin)).actions).toEqual(marks.map(([, a]) => a).sort());
    // Its clear erases only what it sees.
    expect((await t.call('POST', '/admin/base/sys/log/clear', { token: clerk, body: {} })).status).toBe(200);
    expect((await seen(admin)).actions).toEqual(['/mark/admin', '/mark/anonymous', '/mark/outside']);
  });

  it('space/info/references names only records the caller may see; other uses are counted as "records you cannot see"', async () => {
    const url = await upload(admin);
    const fileId = Number((await t.rows('space_info')).find((r) => r.url === url)!.id);
    for (const id of [inside, outside])
      expect(
        (await t.call('POST', '/admin/base/sys/user/update', { token: admin, body: { id, headImg: url } })).status,
      ).toBe(200);
    const category = Number(
      (
        (await t.call('POST', '/admin/product/category/add', { token: admin, body: { name: 'Chairs' } })).body
          .data as Row
      ).id,
    );
    const product = await t.call('POST', '/admin/product/info/add', {
      token: admin,
      body: { name: 'Secret prototype', price: 100, categoryId: category, pic: url },
    });
    expect(product.status, product.raw).toBe(200);
    const productId = Number((product.body.data as Row).id);

    const asClerk = await t.call('POST', '/admin/space/info/references', { token: clerk, body: { ids: [fileId] } });
    expect(asClerk.status, asClerk.raw).toBe(200);
    const [file] = asClerk.body.data as { references: Row[]; hidden: number }[];
    expect(file.references).toEqual([
      { prefix: 'base/sys/user', title: expect.anything(), fields: ['headImg'], ids: [inside], count: 1 },
    ]);
    expect(file.hidden).toBe(2);
    expect(asClerk.raw).not.toContain('product/info');
    const asAdmin = (
      (await t.call('POST', '/admin/space/info/references', { token: admin, body: { ids: [fileId] } })).body.data as {
        references: Row[];
        hidden: number;
      }[]
    )[0];
    expect(asAdmin.hidden).toBe(0);
    expect(asAdmin.references.map((r) => [r.prefix, r.ids]).sort()).toEqual([
      ['base/sys/user', [inside, outside].sort((a, b) => a - b)],
      ['product/info', [productId]],
    ]);
  });
});
