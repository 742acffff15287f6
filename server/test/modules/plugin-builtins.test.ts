import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { dbFingerprint } from '../support/db-fingerprint.js';
import { createStaff } from '../support/create-staff.js';
import { shelfPackage, zip } from '../support/plugin-zip.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import type { Row } from '../../core/db/row.js';
import { multipart as formBody } from '../support/multipart.js';

const BUILTIN_KEYS = ['icon', 'print', 'tailwind', 'theme', 'upload', 'view'];

async function install(t: TestApp, token: string, archive: Buffer) {
  const { payload, headers } = multipart(archive, true);
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/plugin/info/install',
    payload,
    headers: { ...headers, authorization: token },
  });
  return { status: res.statusCode, raw: res.body, body: res.json() as Row };
}

const multipart = (archive: Buffer, force: boolean) =>
  formBody([
    { name: 'files', filename: 'theme.joinery', content: archive, type: 'application/zip' },
    { name: 'force', value: String(force) },
  ]);

describe.each(DIALECTS)('built-in plugins (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(dialect, { scheduler: false });
    token = await t.login();
  }, 60_000);
  afterAll(async () => t?.close());

  const page = async () =>
    (
      (await t.call('POST', '/admin/plugin/info/page', { token, body: { page: 1, size: 100 } })).body.data as {
        list: Row[];
      }
    ).list;
  const idOf = async (keyName: string) => Number((await t.rows('plugin_info')).find((r) => r.keyName === keyName)!.id);
  const update = (body: Row) => t.call('POST', '/admin/plugin/info/update', { token, body });
  const states = async (tk = token) =>
    (await t.call('GET', '/admin/base/comm/plugins', { token: tk })).body.data as {
      keyName: string;
      status: number;
      config: Row | null;
    }[];

  it('every built-in has its row after the first start, enabled, marked built-in and running, without its content in page', async () => {
    const list = await page();
    const builtins = list.filter((p) => p.builtin === true);
    expect(builtins.map((p) => p.keyName).sort()).toEqual(BUILTIN_KEYS);
    for (const p of builtins) {
      expect(p).toMatchObject({ status: 1, live: true, author: 'Joinery', version: '1.0.0' });
      expect(p.content).toBeUndefined();
      expect(p.pluginJson).toMatchObject({ keyName: p.keyName, builtin: true });
      // A logo, never null (the original client shows a broken image for null): the default puzzle piece.
      expect(String(p.logo)).toMatch(/^data:image\/svg\+xml;base64,/);
    }
    expect(builtins.find((p) => p.keyName === 'theme')).toMatchObject({
      name: '主题',
      config: { color: '#4165d7', menuGroup: false, transition: 'slide' },
    });
    // info carries the content, as for packages: its type says built-in.
    const info = (await t.call('GET', '/admin/plugin/info/info', { token, query: { id: String(await idOf('theme')) } }))
      .body.data as Row;
    expect(info.content).toEqual({ type: 'builtin', data: {} });
    // list answers in the same shape (status 0/1).
    const listed = (await t.call('POST', '/admin/plugin/info/list', { token, body: {} })).body.data as Row[];
    expect(listed.filter((p) => p.builtin).map((p) => p.status)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('any signed-in user reads their switches and settings; an anonymous caller does not', async () => {
    const staff = await createStaff(t, token, { username: `pl${dialect.slice(0, 2)}`, menuIds: [] });
    const seen = await states(await t.login(staff.username, staff.password));
    expect(seen.map((s) => s.keyName)).toEqual(['icon', 'print', 'tailwind', 'theme', 'upload', 'view']);
    expect(seen.find((s) => s.keyName === 'print')).toEqual({
      keyName: 'print',
      name: 'PDF打印',
      status: 1,
      config: { paper: 'A4', landscape: false },
    });
    expect((await t.call('GET', '/admin/base/comm/plugins')).status).toBe(401);
  });

  it('cannot be uninstalled: a clear refusal, and nothing changes (also when named with an installed plugin)', async () => {
    expect((await install(t, token, zip(shelfPackage({ keyName: 'crate' })))).status).toBe(200);
    const before = await dbFingerprint(t);
    const r = await t.call('POST', '/admin/plugin/info/delete', {
      token,
      body: { ids: [await idOf('crate'), await idOf('theme')] },
    });
    expect(r.status, r.raw).toBe(400);
    expect(r.body.message).toBe('内置插件不能卸载，可以停用: 主题 (theme)');
    const en = await t.call('POST', '/admin/plugin/info/delete', {
      token,
      body: { ids: [await idOf('upload')] },
      headers: { language: 'en' },
    });
    expect(en.body.message).toBe('Built-in plugins cannot be uninstalled, only disabled: 文件上传 (upload)');
    expect(await dbFingerprint(t)).toEqual(before);
    expect((await t.call('POST', '/admin/crate/item/page', { token, body: {} })).status).toBe(200);
  });

  it('can be disabled and enabled; the state every user reads follows', async () => {
    const id = await idOf('theme');
    const off = await update({ id, status: 0 });
    expect(off.status, off.raw).toBe(200);
    expect((await states()).find((s) => s.keyName === 'theme')?.status).toBe(0);
    expect((await page()).find((p) => p.keyName === 'theme')).toMatchObject({ status: 0, live: false });
    expect((await update({ id, status: 1 })).status).toBe(200);
    expect((await states()).find((s) => s.keyName === 'theme')?.status).toBe(1);
  });

  it("only status and config change; the console's own styling cannot be disabled; settings are checked", async () => {
    const before = await dbFingerprint(t);
    const renamed = await update({ id: await idOf('theme'), name: 'Mine', version: '9' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.details).toEqual([
      { path: 'name', message: '内置插件 theme 的此字段不能修改（只能修改 status 和 config）' },
      { path: 'version', message: '内置插件 theme 的此字段不能修改（只能修改 status 和 config）' },
    ]);
    const locked = await update({ id: await idOf('tailwind'), status: 0 });
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe('「原子化样式」是控制台自身的一部分，不能停用');
    const colour = await update({ id: await idOf('theme'), config: { color: 'red' } });
    expect(colour.status).toBe(400);
    expect(JSON.stringify(colour.body.details)).toMatch(/config\.color/);
    const none = await update({ id: await idOf('view'), config: { any: 1 } });
    expect(none.status).toBe(400);
    expect(none.body.details).toEqual([{ path: 'config', message: '此插件没有设置项' }]);
    expect(await dbFingerprint(t)).toEqual(before);
    // A built-in's key cannot be taken by a package or by a hand-made row.
    const pkg = await install(t, token, zip(shelfPackage({ keyName: 'theme' })));
    expect(pkg.status).toBe(400);
    expect(pkg.body.message).toBe('插件包无效: keyName "theme" is the key of a built-in plugin');
    expect((await update({ id: await idOf('crate'), keyName: 'print' })).status).toBe(400);
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it("after a restart: still there once each, the switch and the admin's settings kept; a stale definition is put right", async () => {
    expect((await update({ id: await idOf('print'), status: 0 })).status).toBe(200);
    expect(
      (await update({ id: await idOf('theme'), config: { color: '#d0378d', menuGroup: true, transition: 'fade' } }))
        .status,
    ).toBe(200);
    // An older version of the console wrote other text, and a setting of its own the code no longer knows.
    await untyped(t.app.joinery.database.db)
      .updateTable('plugin_info')
      .set({ name: '旧名字', version: '0.1.0', config: JSON.stringify({ paper: 'A5', gone: true }) })
      .where('keyName', '=', 'print')
      .execute();
    t = await t.restart({ scheduler: false });
    token = await t.login();
    const rows = (await t.rows('plugin_info')).filter((r) => BUILTIN_KEYS.includes(String(r.keyName)));
    expect(rows.map((r) => r.keyName).sort()).toEqual(BUILTIN_KEYS);
    const list = await page();
    expect(list.find((p) => p.keyName === 'print')).toMatchObject({
      name: 'PDF打印',
      version: '1.0.0',
      status: 0,
      config: { paper: 'A5', landscape: false },
    });
    expect(list.find((p) => p.keyName === 'theme')).toMatchObject({
      status: 1,
      config: { color: '#d0378d', menuGroup: true, transition: 'fade' },
    });
    // An unchanged row is not written again at a start (other processes' polls see nothing new).
    const stamps = (await t.rows('plugin_info')).map((r) => `${String(r.keyName)}:${String(r.updateTime)}`);
    t = await t.restart({ scheduler: false });
    token = await t.login();
    expect((await t.rows('plugin_info')).map((r) => `${String(r.keyName)}:${String(r.updateTime)}`)).toEqual(stamps);
    expect((await states()).find((s) => s.keyName === 'print')?.status).toBe(0);
  });
});
