import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_DIALECTS, skippedWithoutServerDialects, startApp, type TestApp } from '../support/harness.js';
import { createStaff } from '../support/create-staff.js';
import { secondProcess } from '../support/task-helpers.js';
import type { Row } from '../../core/db/row.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { RIGHTS_VERSION_TABLE } from '../../core/auth/rights-version.js';

skippedWithoutServerDialects();

/** Polls until `check` holds; returns how long that took (ms), or fails after `ms`. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${what}: not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Two server processes on one PostgreSQL or MySQL database, as behind a load balancer: what one changes about a
 * user's rights or session, the other honours within a second; edits of one record from both lose no field.
 */
describe.each(SERVER_DIALECTS)('two processes on one database (%s)', (dialect) => {
  let t: TestApp;
  let other: FastifyInstance;
  let admin: string;
  // The second process's session clock: moved by the tests (1 s, the most its caches may lag) instead of waited for.
  let otherNow = Date.now();
  /** The shared version row a change bumps (after its reply: not awaited) for the other processes to see. */
  const version = async () =>
    String(
      (
        await untyped(t.app.joinery.database.db)
          .selectFrom(RIGHTS_VERSION_TABLE)
          .select('version')
          .where('id', '=', 1)
          .executeTakeFirstOrThrow()
      ).version,
    );
  /** Once the change has told the other processes (the version moved from `before`), 1 s passes on the other's clock. */
  const oneSecondAfterTheChange = async (before: string) => {
    await within(10_000, 'the shared version to move', async () => (await version()) !== before);
    otherNow += 1000;
  };

  beforeAll(async () => {
    t = await startApp(dialect, { scheduler: false });
    other = await secondProcess(t, { scheduler: false, sessionClock: () => otherNow });
    admin = await t.login();
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  /** A call to the second process. */
  const onOther = async (method: 'GET' | 'POST', url: string, token: string, body: unknown = {}) => {
    const res = await other.inject({
      method,
      url,
      headers: { authorization: token },
      payload: method === 'POST' ? (body as Record<string, unknown>) : undefined,
    });
    return { status: res.statusCode, body: res.json() as Row };
  };
  const productMenus = async () =>
    (await t.rows('base_sys_menu'))
      .filter((m) => String(m.perms ?? '').startsWith('product:info:'))
      .map((m) => Number(m.id));

  it('a role change made through one process is honoured by the other within 1 s of its clock', async () => {
    const staff = await createStaff(t, admin, {
      username: `mp_role_${dialect.slice(0, 2)}`,
      password: 'Multi-pass-1',
      menuIds: await productMenus(),
    });
    const token = await t.login(staff.username, staff.password);
    // The other process has the staff's rights cached from a first call.
    expect((await onOther('POST', '/admin/product/info/page', token)).status).toBe(200);
    const role = (await t.rows('base_sys_role')).find((r) => Number(r.id) === staff.roleId)!;
    const before = await version();
    const emptied = await t.call('POST', '/admin/base/sys/role/update', {
      token: admin,
      body: { id: role.id, name: role.name, label: role.label, relevance: false, menuIdList: [], departmentIdList: [] },
    });
    expect(emptied.status, emptied.raw).toBe(200);
    await oneSecondAfterTheChange(before);
    expect((await onOther('POST', '/admin/product/info/page', token)).status).toBe(403);
  });

  it('a password change and a logout made through one process end the session on the other within 1 s of its clock', async () => {
    const a = await createStaff(t, admin, {
      username: `mp_pw_${dialect.slice(0, 2)}`,
      password: 'Multi-pass-1',
      menuIds: await productMenus(),
    });
    const b = await createStaff(t, admin, {
      username: `mp_out_${dialect.slice(0, 2)}`,
      password: 'Multi-pass-1',
      menuIds: await productMenus(),
    });
    const tokenA = await t.login(a.username, a.password);
    const tokenB = await t.login(b.username, b.password);
    expect((await onOther('GET', '/admin/base/comm/person', tokenA)).status).toBe(200);
    expect((await onOther('GET', '/admin/base/comm/person', tokenB)).status).toBe(200);

    const beforeChange = await version();
    const changed = await t.call('POST', '/admin/base/sys/user/update', {
      token: admin,
      body: { id: a.userId, password: 'Another-pass-2' },
    });
    expect(changed.status, changed.raw).toBe(200);
    await oneSecondAfterTheChange(beforeChange);
    expect((await onOther('GET', '/admin/base/comm/person', tokenA)).status).toBe(401);

    const beforeLogout = await version();
    const out = await t.call('POST', '/admin/base/comm/logout', { token: tokenB });
    expect(out.status, out.raw).toBe(200);
    await oneSecondAfterTheChange(beforeLogout);
    expect((await onOther('GET', '/admin/base/comm/person', tokenB)).status).toBe(401);
  });

  it('edits of one record through both processes at once keep every field; the later write of a field wins', async () => {
    const added = await t.call('POST', '/admin/product/info/add', {
      token: admin,
      body: { name: 'Oak stool', price: 12000, categoryId: 1, description: 'plain' },
    });
    expect(added.status, added.raw).toBe(200);
    const id = Number((added.body.data as Row).id);
    const [one, two] = await Promise.all([
      t.call('POST', '/admin/product/info/update', { token: admin, body: { id, name: 'Oak stool, oiled' } }),
      onOther('POST', '/admin/product/info/update', admin, { id, price: 13500 }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const both = (await t.call('GET', '/admin/product/info/info', { token: admin, query: { id: String(id) } })).body
      .data as Row;
    expect(both).toMatchObject({ name: 'Oak stool, oiled', price: 13500, description: 'plain' });

    expect(
      (await t.call('POST', '/admin/product/info/update', { token: admin, body: { id, description: 'first' } })).status,
    ).toBe(200);
    expect((await onOther('POST', '/admin/product/info/update', admin, { id, description: 'second' })).status).toBe(
      200,
    );
    const last = (await onOther('GET', `/admin/product/info/info?id=${id}`, admin)).body.data as Row;
    expect(last).toMatchObject({ name: 'Oak stool, oiled', price: 13500, description: 'second' });
  });
});

/** A free port on 127.0.0.1 (asked of the system, then let go for the child to take). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The same promises with the second server a process of its own (`node server/main.ts`, as `npm start` runs it),
 * talking to this one only through the database: nothing it knows can come from this process's memory.
 */
describe.each(SERVER_DIALECTS)('a second server in a process of its own (%s)', (dialect) => {
  let t: TestApp;
  let child: ChildProcess | undefined;
  let base = '';
  let admin: string;
  let said = '';

  beforeAll(async () => {
    t = await startApp(dialect, { scheduler: false });
    admin = await t.login();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const root = path.resolve(import.meta.dirname, '../../..');
    child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: t.url,
        JOINERY_DATA_DIR: t.dataDir,
        JOINERY_UI_DIR: path.join(t.dataDir, 'no-ui'),
        PORT: String(port),
        HOST: '127.0.0.1',
        JOINERY_CAPTCHA: 'off',
        JOINERY_LOG: 'warn',
        JOINERY_WORKERS: '1',
      },
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    await within(60_000, 'the second process listening', async () => said.includes('listening on'));
  }, 90_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const ended = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await ended;
    }
    await t?.close();
  }, 30_000);

  const onChild = async (method: 'GET' | 'POST', url: string, token: string, body: unknown = {}) => {
    const res = await fetch(base + url, {
      method,
      headers: { authorization: token, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    });
    return res.status;
  };
  const productMenus = async () =>
    (await t.rows('base_sys_menu'))
      .filter((m) => String(m.perms ?? '').startsWith('product:info:'))
      .map((m) => Number(m.id));

  it('a role emptied here is refused there; a logout there is refused here', async () => {
    const staff = await createStaff(t, admin, {
      username: `os_role_${dialect.slice(0, 2)}`,
      password: 'Multi-pass-1',
      menuIds: await productMenus(),
    });
    const token = await t.login(staff.username, staff.password);
    expect(await onChild('POST', '/admin/product/info/page', token)).toBe(200);
    const role = (await t.rows('base_sys_role')).find((r) => Number(r.id) === staff.roleId)!;
    const emptied = await t.call('POST', '/admin/base/sys/role/update', {
      token: admin,
      body: { id: role.id, name: role.name, label: role.label, relevance: false, menuIdList: [], departmentIdList: [] },
    });
    expect(emptied.status, emptied.raw).toBe(200);
    // The 1 s bound is proven on a moved clock above; here, that real processes see each other's changes at all
    // (a generous wait for the signal, not a timing test).
    await within(
      10_000,
      'the role change in the other process',
      async () => (await onChild('POST', '/admin/product/info/page', token)) === 403,
    );

    const other = await createStaff(t, admin, {
      username: `os_out_${dialect.slice(0, 2)}`,
      password: 'Multi-pass-1',
      menuIds: await productMenus(),
    });
    const otherToken = await t.login(other.username, other.password);
    expect((await t.call('GET', '/admin/base/comm/person', { token: otherToken })).status).toBe(200);
    expect(await onChild('POST', '/admin/base/comm/logout', otherToken)).toBe(200);
    await within(
      10_000,
      'the logout made in the other process',
      async () => (await t.call('GET', '/admin/base/comm/person', { token: otherToken })).status === 401,
    );
  });

  it('ends by itself, with code 0, when told to stop', async () => {
    const ended = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child!.kill('SIGTERM');
    expect(await ended).toBe(0);
  }, 30_000);
});
