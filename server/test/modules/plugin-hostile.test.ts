import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/harness.js';
import { dbFingerprint } from '../support/db-fingerprint.js';
import { shelfPackage, zip, type ZipEntry } from '../support/plugin-zip.js';
import type { Row } from '../../core/db/row.js';
import { install } from './plugin-install.js';

describe('hostile and wrong packages are refused before anything is written (sqlite)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp('sqlite');
    token = await t.login();
  }, 60_000);
  afterAll(async () => t?.close());

  const good = shelfPackage({ keyName: 'evil' });
  const withEntry = (e: ZipEntry) => zip([...good, e]);
  const cases: [string, () => Buffer, number, RegExp][] = [
    [
      'zip-slip: ../ in a name',
      () => withEntry({ name: '../../etc/cron.d/evil', data: 'x' }),
      400,
      /leaves the package folder/,
    ],
    ['zip-slip: an absolute path', () => withEntry({ name: '/tmp/evil.json', data: 'x' }), 400, /absolute path/],
    ['zip-slip: a backslash path', () => withEntry({ name: '..\\..\\evil.json', data: 'x' }), 400, /backslash/],
    [
      'a symbolic link',
      () => withEntry({ name: 'schemas/link.json', data: '/etc/passwd', mode: 0o120777 }),
      400,
      /symbolic link/,
    ],
    [
      'a zip bomb (declared)',
      () => withEntry({ name: 'README2.md', data: Buffer.alloc(50 * 1024 * 1024) }),
      413,
      /inflate/,
    ],
    [
      'a zip bomb (ratio)',
      () => withEntry({ name: 'bomb.txt', data: Buffer.alloc(1024 * 1024, 0x20) }),
      413,
      /zip bomb/,
    ],
    [
      'a header that lies about the size',
      () =>
        zip([
          ...good.filter((e) => e.name !== 'README.md'),
          { name: 'README.md', data: 'x'.repeat(200_000), declaredSize: 100 },
        ]),
      400,
      /size|too/i,
    ],
    ['an entry twice', () => withEntry({ name: 'plugin.json', data: '{}' }), 400, /twice/],
    [
      'code',
      () => withEntry({ name: 'server/index.js', data: 'require("child_process").exec("rm -rf /")' }),
      400,
      /may not carry/,
    ],
    ['not a zip', () => randomBytes(2000), 400, /not a zip/],
    [
      'larger than the limit',
      () => withEntry({ name: 'README.md', data: randomBytes(5 * 1024 * 1024 + 10), method: 0 }),
      413,
      /插件包超过 5 MB/,
    ],
    [
      'a schema outside its keyName',
      () =>
        zip([
          ...good.filter((e) => e.name !== 'schemas/item.json'),
          {
            name: 'schemas/item.json',
            data: JSON.stringify({ type: 'object', 'x-prefix': 'base/sys/user', properties: {} }),
          },
        ]),
      400,
      /x-prefix must start/,
    ],
    [
      'a schema aimed at a server table no entity registers',
      () =>
        zip([
          ...good.filter((e) => e.name !== 'schemas/item.json'),
          {
            name: 'schemas/item.json',
            data: JSON.stringify({
              ...JSON.parse(String(good.find((e) => e.name === 'schemas/item.json')!.data)),
              'x-table': 'base_sys_session',
            }),
          },
        ]),
      400,
      /x-table must start with .{1,3}evil_/,
    ],
    [
      'a manifest with an unknown key',
      () =>
        zip([
          ...good.filter((e) => e.name !== 'plugin.json'),
          {
            name: 'plugin.json',
            data: JSON.stringify({ name: 'x', keyName: 'evil', version: '1', server: 'index.js' }),
          },
        ]),
      400,
      /plugin\.json/,
    ],
  ];

  it.each(cases)('%s', async (_what, archive, status, message) => {
    const before = await dbFingerprint(t);
    const routes = t.app.joinery.registry.all().length;
    // Forced, so a refusal cannot hide behind a question (types 0–2).
    const r = await install(t, token, archive(), true);
    expect(r.status, r.raw).toBe(status);
    expect(r.raw).toMatch(message);
    expect(await dbFingerprint(t)).toEqual(before);
    expect(t.app.joinery.registry.all().length).toBe(routes);
  });

  it('an incomplete package is told as type 0 when not forced', async () => {
    const r = await install(t, token, zip(good.filter((e) => e.name !== 'plugin.json')));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ type: 0 });
    expect(String((r.body.data as Row).message)).toMatch(/plugin\.json is missing/);
  });
});
