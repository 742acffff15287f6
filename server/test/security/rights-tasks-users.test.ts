import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { createDepartment, createStaff, menuRows } from '../support/create-staff.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { formatDateTime } from '../../core/db/time.js';

// Issue 25 §3 "who may do what, everywhere": each block below is an attack that worked before its fix.

describe.each(DIALECTS)("who may do what: tasks act with their creator's rights (%s)", (dialect) => {
  let t: TestApp;
  let admin: string;
  let delegated: string;
  let taskMenus: number[];
  const OLD = formatDateTime(new Date(Date.now() - 10 * 86_400_000));
  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
    const menus = await menuRows(t, admin);
    const taskPage = menus.find((m) => (m.perms ?? '').includes('task:info:add'))!;
    taskMenus = menus
      .filter(
        (m) =>
          m.id === taskPage.id ||
          m.id === taskPage.parentId ||
          m.parentId === taskPage.id ||
          (m.perms ?? '').startsWith('task:info'),
      )
      .map((m) => m.id);
    const staff = await createStaff(t, admin, { username: 'tasker', menuIds: taskMenus });
    delegated = await t.login(staff.username, staff.password);
  }, 60_000);
  afterAll(async () => t?.close());

  /** An audit row and a recycle copy from ten days ago, as a one-day keep would erase them. */
  async function oldRows(): Promise<{ logId: number; recycleId: number }> {
    const db = untyped(t.app.joinery.database.db);
    await db
      .insertInto('base_sys_log')
      .values({ action: '/admin/old/audit', ip: '10.0.0.1', createTime: OLD, updateTime: OLD })
      .execute();
    await db
      .insertInto('recycle_data')
      .values({
        entityInfo: '{}',
        data: '[]',
        entityPrefix: 'base/sys/user',
        scope: 'dept:99',
        createTime: OLD,
        updateTime: OLD,
      })
      .execute();
    const logId = Math.max(
      ...(await t.rows('base_sys_log')).filter((r) => r.action === '/admin/old/audit').map((r) => Number(r.id)),
    );
    const recycleId = Math.max(...(await t.rows('recycle_data')).map((r) => Number(r.id)));
    return { logId, recycleId };
  }
  const survive = async (o: { logId: number; recycleId: number }) => {
    expect((await t.rows('base_sys_log')).some((r) => Number(r.id) === o.logId)).toBe(true);
    expect((await t.rows('recycle_data')).some((r) => Number(r.id) === o.recycleId)).toBe(true);
  };
  const task = (service: string) => ({
    name: `run ${service}`,
    service,
    data: service === 'base.purgeExpired' ? '' : '{"keepDays":1}',
    status: 0,
    taskType: 1,
    every: 60_000,
  });

  it('a delegated admin refused on sys/log/clear cannot add, change, start or run a task that clears the log or the recycle bin', async () => {
    const rows = await oldRows();
    expect((await t.call('POST', '/admin/base/sys/log/clear', { token: delegated, body: {} })).status).toBe(403);
    for (const service of ['base.clearOperationLog', 'recycle.emptyExpired', 'base.purgeExpired']) {
      const added = await t.call('POST', '/admin/task/info/add', { token: delegated, body: task(service) });
      expect([service, added.status, (added.body.details as Row[] | undefined)?.[0]?.path], added.raw).toEqual([
        service,
        400,
        'service',
      ]);
    }
    // A super admin's task: the delegated admin may not run it, start it, nor change it into acting for them.
    const made = await t.call('POST', '/admin/task/info/add', { token: admin, body: task('base.clearOperationLog') });
    expect(made.status, made.raw).toBe(200);
    const id = Number((made.body.data as Row).id);
    for (const [action, body] of [
      ['once', { id }],
      ['start', { id }],
      ['update', { id, data: '{"keepDays":2}' }],
    ] as const) {
      const r = await t.call('POST', `/admin/task/info/${action}`, { token: delegated, body });
      expect([action, r.status, (r.body.details as Row[] | undefined)?.[0]?.path], r.raw).toEqual([
        action,
        400,
        'service',
      ]);
    }
    // Nor turn a harmless task of theirs into one.
    const own = await t.call('POST', '/admin/task/info/add', { token: delegated, body: { name: 'mine', status: 0 } });
    expect(own.status, own.raw).toBe(200);
    const ownId = Number((own.body.data as Row).id);
    const turned = await t.call('POST', '/admin/task/info/update', {
      token: delegated,
      body: { id: ownId, service: 'recycle.emptyExpired', data: '{"keepDays":1}' },
    });
    expect([turned.status, (turned.body.details as Row[] | undefined)?.[0]?.path], turned.raw).toEqual([
      400,
      'service',
    ]);
    expect((await t.rows('task_log')).filter((r) => [id, ownId].includes(Number(r.taskId)))).toEqual([]);
    await survive(rows);
    // Stopping is always allowed.
    expect((await t.call('POST', '/admin/task/info/stop', { token: delegated, body: { id } })).status).toBe(409);
  });

  it("each run checks the creator's rights as they are now: a creator who lost them gets a refused run in the task log, and nothing is erased", async () => {
    const roles = await t.rows('base_sys_role');
    const superRole = roles.find((r) => Number(r.id) === 1)!;
    const boss = await t.call('POST', '/admin/base/sys/user/add', {
      token: admin,
      body: { username: 'boss2', password: 'Boss-pass-1', name: 'Boss', status: 1, roleIdList: [Number(superRole.id)] },
    });
    expect(boss.status, boss.raw).toBe(200);
    const bossId = Number(boss.body.data);
    const bossToken = await t.login('boss2', 'Boss-pass-1');
    const made = await t.call('POST', '/admin/task/info/add', {
      token: bossToken,
      body: task('base.clearOperationLog'),
    });
    expect(made.status, made.raw).toBe(200);
    const id = Number((made.body.data as Row).id);
    expect(Number((await t.rows('task_info')).find((r) => Number(r.id) === id)?.creatorId)).toBe(bossId);

    // The creator is demoted to the task pages only; the task still names them.
    const taskRole = (await t.rows('base_sys_role')).find((r) => r.label === 'r_tasker')!;
    expect(
      (
        await t.call('POST', '/admin/base/sys/user/update', {
          token: admin,
          body: { id: bossId, roleIdList: [Number(taskRole.id)] },
        })
      ).status,
    ).toBe(200);
    const rows = await oldRows();
    const run = await t.call('POST', '/admin/task/info/once', { token: admin, body: { id } });
    expect(run.status, run.raw).toBe(200);
    expect(run.body.data).toMatchObject({ status: 0, detail: expect.stringContaining('Refused') });
    const logged = (await t.rows('task_log')).filter((r) => Number(r.taskId) === id);
    expect(logged.map((r) => [Number(r.status), String(r.detail).includes('base:sys:log:clear')])).toEqual([[0, true]]);
    await survive(rows);

    // A super admin who changes the task takes it over: it acts for them from then on.
    const taken = await t.call('POST', '/admin/task/info/update', { token: admin, body: { id, remark: 'mine now' } });
    expect(taken.status, taken.raw).toBe(200);
    const ok = await t.call('POST', '/admin/task/info/once', { token: admin, body: { id } });
    expect(ok.body.data, ok.raw).toMatchObject({ status: 1 });
    expect((await t.rows('base_sys_log')).some((r) => Number(r.id) === rows.logId)).toBe(false);
  });
});

describe.each(DIALECTS)('who may do what: refusals name nothing out of reach (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
  }, 60_000);
  afterAll(async () => t?.close());

  it('a delegated admin touching a user or role out of its scope is refused without learning its user name or label', async () => {
    const dept = (name: string) => createDepartment(t, admin, name);
    const mine = await dept('Workshop');
    const theirs = await dept('Head office');
    const menus = await menuRows(t, admin);
    const picked = menus.filter((m) => ['base:sys:user:', 'base:sys:role:'].some((w) => (m.perms ?? '').includes(w)));
    const ids = new Set(picked.flatMap((m) => [m.id, m.parentId ?? 0]).filter(Boolean));
    for (const m of menus) if (ids.has(m.id) && m.parentId) ids.add(m.parentId);
    const staff = await createStaff(t, admin, {
      username: 'foreman',
      menuIds: [...ids],
      departmentIds: [mine],
      departmentId: mine,
    });
    const foreman = await t.login(staff.username, staff.password);
    const director = await createStaff(t, admin, { username: 'director_x', menuIds: [], departmentId: theirs });
    const hidden = await t.call('POST', '/admin/base/sys/role/add', {
      token: admin,
      body: { name: 'Board', label: 'board_secret', menuIdList: [], departmentIdList: [] },
    });
    const hiddenRole = Number((hidden.body.data as Row).id);
    const attempts: [string, Row][] = [
      ['/admin/base/sys/user/update', { id: director.userId, name: 'Renamed' }],
      ['/admin/base/sys/user/update', { id: 1, name: 'Renamed' }],
      ['/admin/base/sys/user/delete', { ids: [director.userId] }],
      ['/admin/base/sys/user/move', { userIds: [director.userId], departmentId: mine }],
      ['/admin/base/sys/role/update', { id: hiddenRole, name: 'Renamed' }],
      ['/admin/base/sys/user/update', { id: staff.userId, roleIdList: [staff.roleId, hiddenRole] }],
    ];
    for (const [url, body] of attempts) {
      const r = await t.call('POST', url, { token: foreman, body });
      // A delete or move outside the scope touches nothing and answers as for a missing id.
      if (!url.endsWith('/delete') && !url.endsWith('/move'))
        expect([url, r.status >= 400], r.raw).toEqual([url, true]);
      for (const secret of ['director_x', 'board_secret', '"admin"'])
        expect(r.raw, `${url}: ${r.raw}`).not.toContain(secret);
    }
    expect((await t.rows('base_sys_user')).find((u) => Number(u.id) === director.userId)).toMatchObject({
      username: 'director_x',
      departmentId: theirs,
    });
  });
});
