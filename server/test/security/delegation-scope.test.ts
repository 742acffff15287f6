import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import { createStaff } from '../support/create-staff.js';
import type { Row } from '../../core/db/row.js';
import { delegationWorld } from './delegation-world.js';

describe.each(DIALECTS)('delegation: a non-super admin never widens its own power (%s)', (dialect) => {
  const { started, post, ok, login, menuByPerm } = delegationWorld(dialect);
  let t: TestApp;
  let admin: string;
  beforeAll(() => {
    ({ t, admin } = started());
  });

  it('examples from the attack: deleting a menu does not take sub-menus the caller does not hold with it', async () => {
    const dir = Number(((await ok('/admin/base/sys/menu/add', { name: 'dir', type: 0, parentId: null })) as Row).id);
    const held = Number(
      (
        (await ok('/admin/base/sys/menu/add', {
          name: 'held',
          type: 2,
          parentId: dir,
          perms: 'product:info:page',
        })) as Row
      ).id,
    );
    const hidden = Number(
      (
        (await ok('/admin/base/sys/menu/add', {
          name: 'hidden',
          type: 2,
          parentId: dir,
          perms: 'secret:other:do',
        })) as Row
      ).id,
    );
    const staff = await createStaff(t, admin, {
      username: 'x_mdel',
      menuIds: [...(await menuByPerm(/base:sys:menu:/)), held],
    });
    const token = await login(staff.username, staff.password);
    const r = await post('/admin/base/sys/menu/delete', { ids: [dir] }, token);
    expect(r.status, r.raw).toBe(400);
    expect((await t.rows('base_sys_menu')).filter((m) => [dir, held, hidden].includes(Number(m.id))).length).toBe(3);
  });

  it("examples from the attack: the recycle bin shows and restores only records in the caller's scope", async () => {
    const branchA = (await t.rows('base_sys_department')).find((d) => d.name === 'Branch A')!;
    const staff = await createStaff(t, admin, {
      username: 'x_bin',
      menuIds: await menuByPerm(/(recycle:data|base:sys:user):/),
      departmentIds: [Number(branchA.id)],
      departmentId: Number(branchA.id),
    });
    const token = await login(staff.username, staff.password);
    const page = (await post('/admin/recycle/data/page', { page: 1, size: 100 }, token)).body.data as { list: Row[] };
    const leaver = (await t.rows('recycle_data')).find((r) => String(r.data).includes('"d_leaver"'))!;
    expect(page.list.map((r) => Number(r.id))).not.toContain(Number(leaver.id));
    for (const record of page.list)
      for (const row of record.data as Row[])
        if ('departmentId' in row) expect([Number(branchA.id)]).toContain(Number(row.departmentId));
    expect(
      (await t.call('GET', '/admin/recycle/data/info', { token, query: { id: String(leaver.id) } })).body.data,
    ).toBeUndefined();
    const restore = await post('/admin/recycle/data/restore', { ids: [Number(leaver.id)] }, token);
    expect(restore.status, restore.raw).toBe(404);
    expect((await t.rows('base_sys_user')).some((u) => u.username === 'd_leaver')).toBe(false);
    // The super admin sees it and can restore it.
    expect(
      ((await post('/admin/recycle/data/page', { page: 1, size: 100 })).body.data as { list: Row[] }).list.map((r) =>
        Number(r.id),
      ),
    ).toContain(Number(leaver.id));
  });

  it('a delegated admin can still do its job inside its scope', async () => {
    const branch = (await t.rows('base_sys_department')).find((d) => d.name === 'Branch B')!;
    const staff = await createStaff(t, admin, {
      username: 'x_job',
      menuIds: await menuByPerm(/base:sys:(user|role|department):|product:info:page/),
      departmentIds: [Number(branch.id)],
      departmentId: Number(branch.id),
      relevance: true,
    });
    const token = await login(staff.username, staff.password);
    const menus = await menuByPerm(/^product:info:page/);
    const role = (await ok(
      '/admin/base/sys/role/add',
      { name: 'viewer', label: 'x_viewer', relevance: false, menuIdList: menus, departmentIdList: [Number(branch.id)] },
      token,
    )) as Row;
    const sub = (await ok(
      '/admin/base/sys/department/add',
      { name: 'B team', parentId: Number(branch.id) },
      token,
    )) as Row;
    const user = Number(
      await ok(
        '/admin/base/sys/user/add',
        {
          username: 'x_member',
          name: 'Member',
          password: 'Member-pass-1',
          departmentId: Number(sub.id),
          roleIdList: [Number(role.id)],
        },
        token,
      ),
    );
    await ok('/admin/base/sys/user/update', { id: user, password: 'Member-pass-2' }, token);
    await ok('/admin/base/sys/user/delete', { ids: [user] }, token);
    const record = (await t.rows('recycle_data')).find((r) => String(r.data).includes('"x_member"'))!;
    await ok('/admin/recycle/data/restore', { ids: [Number(record.id)] }, admin);
    expect((await t.rows('base_sys_user')).some((u) => u.username === 'x_member')).toBe(true);
  });
});
