import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { dbFingerprint } from '../support/db-fingerprint.js';
import { registerEntity } from '../../core/registry/register-entity.js';
import { SCHEMAS_DIR } from '../../paths.js';
import type { Row } from '../../core/db/row.js';

const label = (en: string, zh = `${en}中`) => ({ 'zh-cn': zh, 'zh-tw': `${en}繁`, en });
type Entry = { value: number | string; name: ReturnType<typeof label>; color?: string };

const ENTRIES: Entry[] = [
  { value: 0, name: label('Off', '关'), color: 'danger' },
  { value: 1, name: label('On', '开'), color: 'success' },
  { value: 2, name: label('Broken', '坏') },
];

/** A lamp whose status field carries its dictionary (or names one, with `entries` undefined). */
function lamp(prefix: string, status: { key: string; entries?: Entry[]; enum?: unknown[] }) {
  const name = prefix.split('/')[1];
  return {
    type: 'object',
    'x-module': 'shop',
    'x-prefix': prefix,
    'x-table': `shop_${name}`,
    'x-class': `Shop${name[0].toUpperCase()}${name.slice(1)}Entity`,
    'x-title': label(name),
    required: ['title'],
    'x-menu': { router: `/shop/${name}`, viewPath: 'generic', parent: 'sys', orderNum: 9 },
    properties: {
      title: { type: 'string', maxLength: 40, 'x-label': label('Title'), 'x-search': 'keyword' },
      status: {
        type: 'integer',
        ...(status.enum ? { enum: status.enum } : {}),
        'x-label': label('Lamp status', '灯状态'),
        'x-dict': status.key,
        ...(status.entries ? { 'x-dict-entries': status.entries } : {}),
      },
    },
  };
}

type DictItem = { id: number; name: string; value: unknown; color: string | null };

async function dict(t: TestApp, token: string, key: string, language = 'en'): Promise<DictItem[] | undefined> {
  const reply = await t.call('POST', '/admin/dict/info/data', { token, body: { types: [key] }, headers: { language } });
  expect(reply.status, reply.raw).toBe(200);
  return (reply.body.data as Record<string, DictItem[]>)[key];
}

describe.each(DIALECTS)('dictionaries carried by schemas (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  const dirs: string[] = [];
  beforeAll(async () => {
    t = await startApp(dialect);
    token = await t.login();
  });
  afterAll(async () => {
    await t.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('refuses an enum that disagrees with the carried entries, entries without x-dict, and a dictionary that is neither there nor carried — changing nothing', async () => {
    const before = await dbFingerprint(t);
    const disagree = lamp('shop/lampa', { key: 'lampaStatus', entries: ENTRIES, enum: [0, 1, 2, 3] });
    await expect(registerEntity(t.app.joinery, { schema: disagree, origin: 'test' })).rejects.toThrow(
      /field "status": the enum and x-dict-entries disagree \(no entry for 3\)/,
    );
    const wrongType = lamp('shop/lampa', { key: 'lampaStatus', entries: [{ value: 'on', name: label('On') }] });
    await expect(registerEntity(t.app.joinery, { schema: wrongType, origin: 'test' })).rejects.toThrow(
      /field "status": x-dict-entries value "on" is not a value of the field's type/,
    );
    const twice = lamp('shop/lampa', { key: 'lampaStatus', entries: [ENTRIES[0], ENTRIES[0]] });
    await expect(registerEntity(t.app.joinery, { schema: twice, origin: 'test' })).rejects.toThrow(
      /lists the value 0 twice/,
    );
    const noKey = lamp('shop/lampa', { key: 'x', entries: ENTRIES });
    delete (noKey.properties.status as Record<string, unknown>)['x-dict'];
    await expect(registerEntity(t.app.joinery, { schema: noKey, origin: 'test' })).rejects.toThrow(
      /field "status": x-dict-entries needs x-dict/,
    );
    const missing = lamp('shop/lampa', { key: 'lampaNowhere' });
    await expect(registerEntity(t.app.joinery, { schema: missing, origin: 'test' })).rejects.toThrow(
      /field "status": dictionary "lampaNowhere" does not exist/,
    );
    expect(await dbFingerprint(t)).toEqual(before);
    expect(t.app.joinery.registry.get('shop/lampa')).toBeUndefined();
    expect((await t.call('POST', '/admin/shop/lampa/page', { token, body: {} })).status).toBe(404);
  });

  it('the AI-code apply creates the dictionary a schema carries; its screen labels the values in every language', async () => {
    const schema = lamp('shop/lampb', { key: 'lampbStatus', entries: ENTRIES, enum: [0, 1, 2] });
    const applied = await t.call('POST', '/admin/base/coding/createCode', {
      token,
      body: { codes: [{ path: 'schemas/shop/lampb.json', content: JSON.stringify(schema) }] },
    });
    expect(applied.status, applied.raw).toBe(200);
    expect((await dict(t, token, 'lampbStatus'))!.map((d) => [d.value, d.name, d.color])).toEqual([
      [0, 'Off', 'danger'],
      [1, 'On', 'success'],
      [2, 'Broken', null],
    ]);
    expect((await dict(t, token, 'lampbStatus', 'zh-cn'))!.map((d) => d.name)).toEqual(['关', '开', '坏']);
    const type = (await t.rows('dict_type')).find((r) => r.key === 'lampbStatus');
    expect(type?.name).toBe('灯状态');
    // Naming a dictionary nobody carries is refused by the same route with the field named, and leaves nothing.
    const before = await dbFingerprint(t);
    const refused = await t.call('POST', '/admin/base/coding/createCode', {
      token,
      body: {
        codes: [
          { path: 'schemas/shop/lampc.json', content: JSON.stringify(lamp('shop/lampc', { key: 'lampcNowhere' })) },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(String(refused.body.message)).toMatch(/status.*lampcNowhere/);
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('a schema file carrying a dictionary creates it on an existing database; later starts keep what admins edited and add new values', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-schemas-'));
    dirs.push(dir);
    fs.cpSync(SCHEMAS_DIR, dir, { recursive: true });
    fs.mkdirSync(path.join(dir, 'shop'), { recursive: true });
    const write = (entries: Entry[]) =>
      fs.writeFileSync(
        path.join(dir, 'shop/lampd.json'),
        JSON.stringify(lamp('shop/lampd', { key: 'lampdStatus', entries, enum: entries.map((e) => e.value) })),
      );
    write(ENTRIES);
    t = await t.restart({ schemasDir: dir });
    token = await t.login();
    const made = (await dict(t, token, 'lampdStatus'))!;
    expect(made.map((d) => d.name)).toEqual(['Off', 'On', 'Broken']);

    // An admin renames one entry (in Chinese, the stored name) and recolours another.
    const on = made.find((d) => d.value === 1)!;
    expect(
      (
        await t.call('POST', '/admin/dict/info/update', {
          token,
          body: { id: on.id, name: '点亮', i18n: { 'zh-tw': '點亮', en: 'Lit' } },
        })
      ).status,
    ).toBe(200);
    const off = made.find((d) => d.value === 0)!;
    expect(
      (await t.call('POST', '/admin/dict/info/update', { token, body: { id: off.id, color: 'info' } })).status,
    ).toBe(200);

    write([...ENTRIES, { value: 3, name: label('Dimmed', '暗') }]);
    t = await t.restart({ schemasDir: dir });
    token = await t.login();
    const after = (await dict(t, token, 'lampdStatus'))!;
    expect(after.map((d) => [d.value, d.name, d.color])).toEqual([
      [0, 'Off', 'info'],
      [1, 'Lit', 'success'],
      [2, 'Broken', null],
      [3, 'Dimmed', null],
    ]);
    expect((await t.rows('dict_type')).filter((r: Row) => r.key === 'lampdStatus')).toHaveLength(1);

    // The record form accepts exactly the carried values.
    expect((await t.call('POST', '/admin/shop/lampd/add', { token, body: { title: 'Desk', status: 3 } })).status).toBe(
      200,
    );
    expect((await t.call('POST', '/admin/shop/lampd/add', { token, body: { title: 'Desk', status: 4 } })).status).toBe(
      400,
    );
  });
});
