import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from './harness.js';
import { createStaff, menuRows } from './create-staff.js';
import type { Row } from '../core/db/row.js';
import { untyped } from '../core/crud/dynamic-db.js';
import { heldByUser, isSuperUser, readWorld, violations } from './delegation-oracle.js';
import {
  callerArbitrary,
  choose,
  commandArbitrary,
  isManagementMenu,
  runCommand,
  type CallerSpec,
  type Command,
} from './delegation-commands.js';

/** Runs per dialect: enough to cover every command many times, bounded so the suite stays quick. */
const RUNS: Record<string, number> = { sqlite: 60, postgres: 25, mysql: 20 };
const RUNS_OVERRIDE = Number(process.env.JOINERY_DELEGATION_RUNS ?? 0);

describe.each(DIALECTS)('delegation: a non-super admin never widens its own power (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let callers = 0;

  const post = (url: string, body: unknown, token = admin) => t.call('POST', url, { token, body });
  const ok = async (url: string, body: unknown, token = admin) => {
    const r = await post(url, body, token);
    expect(r.status, `${url} ${r.raw}`).toBe(200);
    return r.body.data as Row & number;
  };
  const login = async (username: string, password: string) => {
    const r = await post('/admin/base/open/login', { username, password }, '');
    expect(r.status, r.raw).toBe(200);
    return (r.body.data as Row).token as string;
  };
  const perms = async (token: string) =>
    ((await t.call('GET', '/admin/base/comm/permmenu', { token })).body.data as { perms: string[] }).perms;
  const menuByPerm = async (pattern: RegExp) =>
    (await menuRows(t, admin)).filter((m) => pattern.test(m.perms ?? '')).map((m) => m.id);

  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
    // A wider tree than the seed: two branches with sub-departments, staff in each, and bin records of both.
    const a = await ok('/admin/base/sys/department/add', { name: 'Branch A', parentId: 1 });
    const a1 = await ok('/admin/base/sys/department/add', { name: 'Branch A1', parentId: (a as Row).id });
    const b = await ok('/admin/base/sys/department/add', { name: 'Branch B', parentId: 1 });
    await ok('/admin/base/sys/department/add', { name: 'Branch B1', parentId: (b as Row).id });
    const strong = await createStaff(t, admin, {
      username: 'd_strong',
      menuIds: (await menuRows(t, admin)).map((m) => m.id),
      departmentIds: [1],
      departmentId: Number((a1 as Row).id),
    });
    await createStaff(t, admin, {
      username: 'd_weak',
      menuIds: await menuByPerm(/^product:info:page/),
      departmentId: Number((a as Row).id),
    });
    const leaver = await createStaff(t, admin, {
      username: 'd_leaver',
      menuIds: [],
      departmentId: Number((b as Row).id),
    });
    await ok('/admin/base/sys/user/delete', { ids: [leaver.userId] });
    void strong;
  });
  afterAll(() => t.close());

  /** A delegated admin built by the super admin from a random spec. */
  async function makeCaller(spec: CallerSpec) {
    const menus = await menuRows(t, admin);
    const management = menus.filter((m) => isManagementMenu(m));
    const chosen = new Set([
      ...management.filter((_, i) => spec.keepManagement[i % 64]).map((m) => m.id),
      ...spec.otherMenus.map((n) => choose(menus, n)!.id),
    ]);
    const departments = (await t.rows('base_sys_department')).map((d) => Number(d.id));
    const scope = [...new Set(spec.departments.map((n) => choose(departments, n)!))];
    const role = await ok('/admin/base/sys/role/add', {
      name: `caller ${++callers}`,
      label: `caller_${callers}`,
      relevance: spec.relevance,
      menuIdList: [...chosen],
      departmentIdList: scope,
    });
    const username = `caller_${callers}`;
    const userId = Number(
      await ok('/admin/base/sys/user/add', {
        username,
        name: username,
        password: 'Caller-pass-1',
        status: 1,
        departmentId: choose(scope, spec.home),
        roleIdList: [(role as Row).id],
      }),
    );
    return { userId, token: await login(username, 'Caller-pass-1') };
  }

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

  it('property: random write sequences by random delegated admins keep the invariant', async () => {
    const started = Date.now();
    const counts: Record<string, number> = {};
    const accepted: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(
        callerArbitrary,
        fc.array(commandArbitrary, { minLength: 1, maxLength: 8 }),
        async (spec, commands: (Command & { honest: boolean })[]) => {
          const caller = await makeCaller(spec);
          const before = await readWorld(t);
          const log: string[] = [];
          for (const cmd of commands) {
            const r = await runCommand(t, caller.token, caller.userId, cmd);
            expect(r.status, `${r.url} ${JSON.stringify(r.body)}`).toBeLessThan(500);
            counts[cmd.kind] = (counts[cmd.kind] ?? 0) + 1;
            if (r.status === 200) accepted[cmd.kind] = (accepted[cmd.kind] ?? 0) + 1;
            log.push(`${r.status} ${r.url} ${JSON.stringify(r.body)} → ${r.reply}`);
          }
          const after = await readWorld(t);
          expect(violations(before, after, caller.userId), log.join('\n')).toEqual([]);
          // What the caller reads is inside its scope too (when its session survived its own writes).
          // Scope at the time of reading: the caller's rights now (the invariant above bounds them by its rights before).
          const scopeNow = heldByUser(after, caller.userId).departments;
          const users = await post('/admin/base/sys/user/page', { page: 1, size: 1000 }, caller.token);
          if (users.status === 200) {
            for (const u of (users.body.data as { list: Row[] }).list) {
              expect(scopeNow.has(Number(u.departmentId)), `user ${String(u.id)} read outside scope`).toBe(true);
              expect(isSuperUser(after, Number(u.id)), `super admin ${String(u.id)} read by a delegated admin`).toBe(
                false,
              );
            }
          }
          const bin = await post('/admin/recycle/data/page', { page: 1, size: 1000 }, caller.token);
          if (bin.status === 200) {
            for (const record of (bin.body.data as { list: Row[] }).list) {
              for (const row of record.data as Row[]) {
                if (record.entityPrefix === 'base/sys/user')
                  expect(
                    scopeNow.has(Number(row.departmentId)),
                    `bin record ${String(record.id)} read outside scope`,
                  ).toBe(true);
              }
            }
          }
        },
      ),
      { numRuns: RUNS_OVERRIDE || RUNS[dialect], endOnFailure: true },
    );
    console.log(
      `[delegation ${dialect}] ${RUNS_OVERRIDE || RUNS[dialect]} callers, commands sent ${JSON.stringify(counts)}, accepted ${JSON.stringify(accepted)}, ${Date.now() - started} ms`,
    );
  }, 600_000);
});
