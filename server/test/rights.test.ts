import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from './harness.js';
import { shelfPackage, zip } from './plugin-zip.js';
import type { Row } from '../core/db/row.js';
import { createStaff, menuRows } from './create-staff.js';
import { untyped } from '../core/crud/dynamic-db.js';
import { formatDateTime } from '../core/db/time.js';

// Issue 25 §3 "who may do what, everywhere": each block below is an attack that worked before its fix.

const label = (en: string) => ({ 'zh-cn': en, 'zh-tw': en, en });

/** A schema file for createCode: module shop, the given name, table and properties. */
function shopSchema(name: string, properties: Record<string, unknown>, table?: string) {
  return {
    type: 'object',
    'x-module': 'shop',
    'x-prefix': `shop/${name}`,
    ...(table ? { 'x-table': table } : {}),
    'x-title': label(name),
    'x-menu': { router: `/shop/${name}`, viewPath: 'generic' },
    properties,
  };
}

async function installPlugin(t: TestApp, token: string, entries: ReturnType<typeof shelfPackage>) {
  const boundary = `----joinery${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="p.joinery"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    zip(entries),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/plugin/info/install',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
  });
  return { status: res.statusCode, body: res.json() as Row, raw: res.body };
}

/** The shelf plugin package with its entity's schema changed by `edit`. */
function pluginWith(keyName: string, edit: (schema: Row) => void) {
  return shelfPackage({ keyName }).map((e) => {
    if (e.name !== 'schemas/item.json') return e;
    const schema = JSON.parse(String(e.data)) as Row;
    edit(schema);
    return { ...e, data: JSON.stringify(schema) };
  });
}

describe.each(DIALECTS)('who may do what: entities from AI-code and plugins (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
  }, 60_000);
  afterAll(async () => t?.close());

  const createCode = (schema: Row) =>
    t.call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: {
        codes: [
          { path: `schemas/shop/${String(schema['x-prefix']).split('/')[1]}.json`, content: JSON.stringify(schema) },
        ],
      },
    });

  it("an entity whose x-ref names a secret column (the users' password) is refused, and no page ever shows a hash", async () => {
    const ownerRef = (fields: Record<string, string>, extra: Row = {}) => ({
      type: ['integer', 'null'],
      'x-label': label('Owner'),
      'x-ref': { entity: 'base/sys/user', label: 'username', fields, ...extra },
    });
    const attempts = [
      shopSchema('peek', {
        title: { type: 'string', 'x-label': label('Title') },
        ownerId: ownerRef({ ownerPassword: 'password' }),
      }),
      shopSchema('peek', { ownerId: ownerRef({ ownerName: 'username' }, { label: 'password' }) }),
      shopSchema('peek', { ownerId: ownerRef({}, { key: 'password' }) }),
    ];
    for (const schema of attempts) {
      const r = await createCode(schema);
      expect([r.status, r.body.message], r.raw).toEqual([400, expect.stringContaining('secret')]);
      expect((await t.call('POST', '/admin/shop/peek/page', { token: admin, body: {} })).status).toBe(404);
    }
    const plugin = await installPlugin(
      t,
      admin,
      pluginWith('peeker', (s) => {
        (s.properties as Row).ownerId = ownerRef({ ownerPassword: 'password' });
      }),
    );
    expect([plugin.status, plugin.raw]).toEqual([400, expect.stringContaining('secret')]);
    expect((await t.rows('plugin_info')).some((r) => r.keyName === 'peeker')).toBe(false);
    // A relation that names only what may be shown is still fine, and its page carries no hash.
    const fine = await createCode(
      shopSchema('note', {
        title: { type: 'string', 'x-label': label('Title') },
        ownerId: ownerRef({ ownerName: 'username' }),
      }),
    );
    expect(fine.status, fine.raw).toBe(200);
    expect(
      (await t.call('POST', '/admin/shop/note/add', { token: admin, body: { title: 'x', ownerId: 1 } })).status,
    ).toBe(200);
    const page = await t.call('POST', '/admin/shop/note/page', { token: admin, body: {} });
    expect(page.raw).not.toMatch(/scrypt/);
    expect((page.body.data as { list: Row[] }).list[0]).toMatchObject({ ownerId: 1, ownerName: 'admin' });
  });

  it('an entity stored before the rule, whose x-ref reads a secret column, is left out at start (said in the log), and the server starts', async () => {
    const fine = await createCode(
      shopSchema('leaky', {
        ownerId: {
          type: ['integer', 'null'],
          'x-label': label('Owner'),
          'x-ref': { entity: 'base/sys/user', label: 'username', fields: { ownerName: 'username' } },
        },
      }),
    );
    expect(fine.status, fine.raw).toBe(200);
    const stored = (await t.rows('base_sys_entity_def')).find((r) => r.prefix === 'shop/leaky')!;
    const schema = JSON.parse(String(stored.schema)) as Row;
    ((schema.properties as Row).ownerId as Row)['x-ref'] = {
      entity: 'base/sys/user',
      label: 'username',
      fields: { ownerPassword: 'password' },
    };
    await untyped(t.app.joinery.database.db)
      .updateTable('base_sys_entity_def')
      .set({ schema: JSON.stringify(schema) })
      .where('id', '=', stored.id)
      .execute();
    t = await t.restart();
    admin = await t.login();
    const page = await t.call('POST', '/admin/shop/leaky/page', { token: admin, body: {} });
    expect(page.status, page.raw).toBe(404);
    expect(page.raw).not.toMatch(/scrypt/);
    expect((await t.call('POST', '/admin/shop/note/page', { token: admin, body: {} })).status).toBe(200);
  });

  it('a secret field cannot be searched or unique (the answers would tell its value)', async () => {
    const secret = { type: ['string', 'null'], 'x-label': label('Pin'), 'x-secret': true };
    for (const pin of [
      { ...secret, 'x-search': 'eq' },
      { ...secret, 'x-column': { unique: true } },
    ]) {
      const r = await createCode(shopSchema('vault', { pin }));
      expect([r.status, r.body.message], r.raw).toEqual([400, expect.stringContaining('secret')]);
    }
  });

  it("AI-code and plugins cannot name the server's own tables or its modules' prefixes; coding/remove can then drop nothing of the system", async () => {
    const before = await t.rows('joinery_rights_version');
    expect(before.length).toBe(1);
    for (const table of [
      'joinery_rights_version',
      'joinery_other',
      'base_sys_user_role',
      'base_extra',
      'task_extra',
      'recycle_extra',
      'dict_extra',
      'space_extra',
      'plugin_extra',
      'dashboard_visitor',
      'product_info__kw',
      'shop_thing__kw_data',
    ]) {
      const r = await createCode(shopSchema('grab', { title: { type: 'string', 'x-label': label('Title') } }, table));
      expect([table, r.status, r.body.message], r.raw).toEqual([table, 400, expect.stringContaining('reserved')]);
      const removed = await t.call('POST', '/admin/base/coding/remove', {
        token: admin,
        body: { prefix: 'shop/grab', confirm: 'shop/grab' },
      });
      expect(removed.status).not.toBe(200);
    }
    // A plugin's tables begin with its keyName; a keyName that is a system table's first segment is no way round.
    for (const [keyName, table] of [
      ['joinery', 'joinery_rights_version'],
      ['dashboard', 'dashboard_visitor'],
      ['joinery', 'joinery_item'],
    ]) {
      const plugin = await installPlugin(
        t,
        admin,
        pluginWith(keyName, (s) => {
          s['x-table'] = table;
        }),
      );
      expect([table, plugin.status, plugin.raw], plugin.raw).toEqual([table, 400, expect.stringContaining('reserved')]);
    }
    expect(await t.rows('joinery_rights_version')).toEqual(before);
    // A module of its own is fine.
    const ok = await createCode(
      shopSchema('grab', { title: { type: 'string', 'x-label': label('Title') } }, 'shop_grab'),
    );
    expect(ok.status, ok.raw).toBe(200);
  });
});

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
    const dept = async (name: string) =>
      Number(
        (
          (await t.call('POST', '/admin/base/sys/department/add', { token: admin, body: { name, parentId: 1 } })).body
            .data as Row
        ).id,
      );
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

describe.each(DIALECTS)('who may do what: refusals name nothing out of reach (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
  }, 60_000);
  afterAll(async () => t?.close());

  it('a delegated admin touching a user or role out of its scope is refused without learning its user name or label', async () => {
    const dept = async (name: string) =>
      Number(
        (
          (await t.call('POST', '/admin/base/sys/department/add', { token: admin, body: { name, parentId: 1 } })).body
            .data as Row
        ).id,
      );
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
