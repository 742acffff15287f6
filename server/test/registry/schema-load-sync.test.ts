import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { buildApp, type BuildOptions } from '../../app.js';
import type { Row } from '../../core/db/row.js';
import { lampSchema, NOTE, schemasWith, TITLE, WATTS } from './lamp-schemas.js';

/** Every row of every table and every column, to prove a start changed nothing. */
async function snapshot(t: TestApp): Promise<{ columns: string; rows: string }> {
  const tables = (await t.app.joinery.database.db.introspection.getTables())
    .map((tb) => `${tb.name}(${tb.columns.map((c) => `${c.name}:${c.dataType}:${c.isNullable}`).join(',')})`)
    .sort();
  const hash = createHash('sha1');
  for (const e of t.app.joinery.registry.all())
    if (e.table !== 'base_sys_log') hash.update(e.table).update(JSON.stringify(await t.rows(e.table)));
  return { columns: tables.join('\n'), rows: hash.digest('hex') };
}

describe.each(DIALECTS)('schema sync on an existing database (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  const schemaDirs: string[] = [];
  const on = (files: Record<string, unknown>): BuildOptions => {
    const schemasDir = schemasWith(files);
    schemaDirs.push(schemasDir);
    return { schemasDir, databaseUrl: t.url, dataDir: t.dataDir, captcha: false, uiDir: path.join(t.dataDir, 'no-ui') };
  };
  const lampRows = async () => (await t.rows('shop_lamp')).map((r) => ({ ...r })) as Row[];

  beforeAll(async () => {
    const dir = schemasWith({ 'shop/lamp.json': lampSchema({ title: TITLE, note: NOTE }) });
    schemaDirs.push(dir);
    t = await startApp(dialect, { schemasDir: dir });
    admin = await t.login();
    for (const title of ['Brass lamp', 'Paper lantern']) {
      const r = await t.call('POST', '/admin/shop/lamp/add', { token: admin, body: { title, note: `${title} note` } });
      expect(r.status, r.raw).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
    for (const d of schemaDirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('adding a field adds the column and keeps the rows', async () => {
    const before = await lampRows();
    const app = await buildApp(on({ 'shop/lamp.json': lampSchema({ title: TITLE, note: NOTE, watts: WATTS }) }));
    try {
      const after = await lampRows();
      expect(after.map(({ watts: _w, ...rest }) => rest)).toEqual(before);
      expect(after.map((r) => (r.watts === null ? null : Number(r.watts)))).toEqual([40, 40]);
      const login = await app.inject({
        method: 'POST',
        url: '/admin/base/open/login',
        payload: { username: 'admin', password: '123456' },
      });
      const token = String((login.json() as { data: Row }).data.token);
      const added = await app.inject({
        method: 'POST',
        url: '/admin/shop/lamp/add',
        headers: { authorization: token },
        payload: { title: 'Desk lamp', watts: 60 },
      });
      expect(added.statusCode, added.body).toBe(200);
      expect((await lampRows()).map((r) => [r.title, Number(r.watts)])).toEqual([
        ['Brass lamp', 40],
        ['Paper lantern', 40],
        ['Desk lamp', 60],
      ]);
    } finally {
      await app.close();
    }
  });

  it('removing a field is refused with a clear message and a migration proposal, and nothing is dropped', async () => {
    const before = await lampRows();
    await expect(buildApp(on({ 'shop/lamp.json': lampSchema({ title: TITLE, watts: WATTS }) }))).rejects.toThrow(
      /refused a destructive change to table "shop_lamp".*column "note" exists in the database but not in the schema.*proposal written to/,
    );
    const proposals = fs.readdirSync(path.join(t.dataDir, 'migrations')).filter((f) => f.endsWith('-shop_lamp.sql'));
    expect(proposals.length).toBeGreaterThan(0);
    const text = proposals.map((f) => fs.readFileSync(path.join(t.dataDir, 'migrations', f), 'utf8')).join('\n');
    expect(text).toMatch(/ALTER TABLE (["`])shop_lamp\1 DROP COLUMN (["`])note\2;/);
    expect(await lampRows()).toEqual(before);
  });

  it("changing a field's type is refused with a message naming the column", async () => {
    const before = await lampRows();
    fs.rmSync(path.join(t.dataDir, 'migrations'), { recursive: true, force: true });
    await expect(
      buildApp(
        on({
          'shop/lamp.json': lampSchema({
            title: TITLE,
            note: { ...NOTE, type: ['integer', 'null'], maxLength: undefined },
            watts: WATTS,
          }),
        }),
      ),
    ).rejects.toThrow(/table "shop_lamp".*column "note" is .* in the database but the schema makes it/);
    expect(fs.readdirSync(path.join(t.dataDir, 'migrations')).some((f) => f.endsWith('-shop_lamp.sql'))).toBe(true);
    expect(await lampRows()).toEqual(before);
  });

  // How fast a start is belongs to bench/startup.mjs, not here.
  it('a second start on an existing database changes nothing', async () => {
    const options = on({ 'shop/lamp.json': lampSchema({ title: TITLE, note: NOTE, watts: WATTS }) });
    const warm = await buildApp(options);
    await warm.close();
    const before = await snapshot(t);
    const app = await buildApp(options);
    await app.close();
    expect(await snapshot(t)).toEqual(before);
  });
});
