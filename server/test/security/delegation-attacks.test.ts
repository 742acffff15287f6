import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import { createStaff } from '../support/create-staff.js';
import type { Row } from '../../core/db/row.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { delegationWorld } from './delegation-world.js';

describe.each(DIALECTS)('delegation: a non-super admin never widens its own power (%s)', (dialect) => {
  const { started, post, ok, login, perms, menuByPerm } = delegationWorld(dialect);
  let t: TestApp;
  let admin: string;
  beforeAll(() => {
    ({ t, admin } = started());
  });

  it('examples from the attack: a menu moved under a parent, then granted, gives nothing', async () => {
    // The super admin keeps a button with a permission nobody delegated; the caller may edit menus and its roles.
    const vault = Number(
      (
        (await ok('/admin/base/sys/menu/add', {
          name: 'vault',
          type: 2,
          parentId: null,
          perms: 'secret:vault:open',
        })) as Row
      ).id,
    );
    const menuAdmin = await menuByPerm(/base:sys:(menu|role):/);
    const staff = await createStaff(t, admin, { username: 'x_menu', menuIds: menuAdmin, departmentIds: [1] });
    const token = await login(staff.username, staff.password);
    const moved = await post('/admin/base/sys/menu/update', { id: menuAdmin[0], parentId: vault }, token);
    expect(moved.status, moved.raw).toBe(400);
    const grant = await post(
      '/admin/base/sys/role/update',
      { id: staff.roleId, menuIdList: [...menuAdmin, vault] },
      token,
    );
    expect(grant.status, grant.raw).toBe(400);
    expect(await perms(await login(staff.username, staff.password))).not.toContain('secret:vault:open');
    const added = await post(
      '/admin/base/sys/menu/add',
      { name: 'mine', type: 2, parentId: menuAdmin[0], perms: 'secret:vault:open' },
      token,
    );
    expect(added.status, added.raw).toBe(400);
    const imported = await post(
      '/admin/base/sys/menu/import',
      { menus: [{ name: 'x', type: 2, perms: 'secret:vault:open' }] },
      token,
    );
    expect(imported.status, imported.raw).toBe(400);
    expect(
      (await t.rows('base_sys_menu'))
        .filter((m) => String(m.perms).includes('secret:vault:open'))
        .map((m) => Number(m.id)),
    ).toEqual([vault]);
  });

  it('examples from the attack: deleting a department with its users spares the super admin and the caller', async () => {
    const staff = await createStaff(t, admin, {
      username: 'x_dept',
      menuIds: await menuByPerm(/base:sys:department:/),
      departmentIds: [1],
      departmentId: 1,
    });
    const token = await login(staff.username, staff.password);
    const usersBefore = await t.rows('base_sys_user');
    const r = await post('/admin/base/sys/department/delete', { ids: [1], deleteUser: true }, token);
    expect(r.status, r.raw).toBe(400);
    expect(await t.rows('base_sys_user')).toEqual(usersBefore);
    expect((await t.rows('base_sys_department')).some((d) => Number(d.id) === 1)).toBe(true);
    const links = await t.rows('base_sys_user_role');
    const userIds = new Set(usersBefore.map((u) => Number(u.id)));
    expect(
      links.filter((l) => !userIds.has(Number(l.userId))),
      'no orphaned user-role rows',
    ).toEqual([]);
  });

  it('a department deleted with its users puts them in the recycle bin, role links and all removed together', async () => {
    const dept = Number(((await ok('/admin/base/sys/department/add', { name: 'Closing', parentId: 1 })) as Row).id);
    const staff = await createStaff(t, admin, { username: 'x_closing', menuIds: [], departmentId: dept });
    await ok('/admin/base/sys/department/delete', { ids: [dept], deleteUser: true });
    expect((await t.rows('base_sys_user')).some((u) => Number(u.id) === staff.userId)).toBe(false);
    expect((await t.rows('base_sys_user_role')).some((l) => Number(l.userId) === staff.userId)).toBe(false);
    const record = (await t.rows('recycle_data')).find((r) => String(r.data).includes('"x_closing"'));
    expect(record?.entityPrefix).toBe('base/sys/user');
    expect(record?.scope).toBe(`dept:${dept}`);
  });

  it("examples from the attack: a role with relevance does not widen the caller's department scope", async () => {
    const branch = (await t.rows('base_sys_department')).find((d) => d.name === 'Branch A')!;
    const below = (await t.rows('base_sys_department')).find((d) => d.name === 'Branch A1')!;
    const staff = await createStaff(t, admin, {
      username: 'x_rel',
      menuIds: await menuByPerm(/base:sys:(role|user|department):/),
      departmentIds: [Number(branch.id)],
      departmentId: Number(branch.id),
    });
    const token = await login(staff.username, staff.password);
    const role = await post(
      '/admin/base/sys/role/add',
      { name: 'wide', label: 'x_wide', relevance: true, menuIdList: [], departmentIdList: [Number(branch.id)] },
      token,
    );
    expect(role.status, role.raw).toBe(400);
    const own = await post('/admin/base/sys/role/update', { id: staff.roleId, relevance: true }, token);
    expect(own.status, own.raw).toBe(400);
    const list = (await post('/admin/base/sys/department/list', {}, await login(staff.username, staff.password))).body
      .data as Row[];
    expect(list.map((d) => Number(d.id))).not.toContain(Number(below.id));
  });

  it('a role cannot become a super role by its label, even when the label is free', async () => {
    const staff = await createStaff(t, admin, { username: 'x_label', menuIds: await menuByPerm(/base:sys:role:/) });
    const token = await login(staff.username, staff.password);
    // A database imported from elsewhere may name its super role differently, leaving the label `admin` free: the
    // unique index must not be the only thing in the way.
    const db = untyped(t.app.joinery.database.db);
    await db.updateTable('base_sys_role').set({ label: 'root_imported' }).where('id', '=', 1).execute();
    try {
      const renamed = await post('/admin/base/sys/role/update', { id: staff.roleId, label: 'admin' }, token);
      expect([renamed.status, renamed.body.message]).toEqual([400, '不允许：只有超级管理员可以创建超级管理员角色']);
      expect((await t.rows('base_sys_role')).find((r) => Number(r.id) === staff.roleId)?.label).toBe(
        `r_${staff.username}`,
      );
      const added = await post(
        '/admin/base/sys/role/add',
        { name: 'sneaky', label: 'admin', relevance: false, menuIdList: [], departmentIdList: [] },
        token,
      );
      expect(added.status, added.raw).toBe(400);
      expect(await perms(await login(staff.username, staff.password))).not.toContain('base:sys:user:delete');
    } finally {
      await db.updateTable('base_sys_role').set({ label: 'admin' }).where('id', '=', 1).execute();
    }
  });
});
