import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { shelfPackage, zip } from '../support/plugin-zip.js';
import type { Row } from '../../core/db/row.js';
import { untyped } from '../../core/crud/dynamic-db.js';

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
