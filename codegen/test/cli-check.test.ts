import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp } from '../../server/test/support/harness.js';
import { openDatabase } from '../../server/core/db/database.js';
import { SCHEMAS_DIR } from '../../server/paths.js';
import { main } from '../cli/main.js';
import { EXIT } from '../cli/messages.js';
import { buildApp } from '../../server/app.js';
import { joinery as cli, schemasCopy } from './cli-harness.js';

/*
 * `joinery check --database` on a destructive change prints the statements a reviewed migration needs, as the
 * database's own dialect runs them: running exactly those statements makes the next check (and start) pass.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-cli-check-'));
beforeAll(() => {
  process.env.LC_ALL = 'C';
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function joinery(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const label = { 'zh-cn': '名', 'zh-tw': '名', en: 'Name' };
const lamp = (props: Record<string, unknown>) =>
  JSON.stringify({
    type: 'object',
    'x-prefix': 'shop/lamp',
    'x-title': { 'zh-cn': '灯', 'zh-tw': '燈', en: 'Lamps' },
    properties: props,
  });

/** The statements check printed under a destructive change, comments left out. */
const statementsOf = (out: string) =>
  out
    .split('\n')
    .filter((l) => l.startsWith('    ') && !l.trim().startsWith('--'))
    .map((l) => l.trim().replace(/;\s*--.*$/, ';'));

describe.each(DIALECTS)('joinery check on %s', (dialect) => {
  it('suggests a migration this database runs: after it, check passes', async () => {
    const dir = path.join(tmp, dialect);
    fs.cpSync(SCHEMAS_DIR, dir, { recursive: true });
    fs.mkdirSync(path.join(dir, 'shop'));
    const title = { type: 'string', maxLength: 40, 'x-label': label };
    fs.writeFileSync(
      path.join(dir, 'shop', 'lamp.json'),
      lamp({
        title,
        watts: { type: ['integer', 'null'], 'x-label': label },
        note: { ...title, type: ['string', 'null'] },
      }),
    );
    const t = await startApp(dialect, { schemasDir: dir, logger: false });
    try {
      // watts becomes text, note goes away: two destructive changes.
      fs.writeFileSync(
        path.join(dir, 'shop', 'lamp.json'),
        lamp({ title, watts: { type: ['string', 'null'], maxLength: 20, 'x-label': label } }),
      );
      const refused = await joinery('check', '--schemas', dir, '--database', t.url);
      expect([refused.code, refused.err]).toEqual([
        EXIT.destructive,
        expect.stringContaining('2 destructive change(s)'),
      ]);
      const statements = statementsOf(refused.out);
      expect(statements.join('\n')).not.toContain('…');
      if (dialect === 'sqlite') {
        expect(refused.out).not.toMatch(/ALTER COLUMN|MODIFY/);
        expect(statements).toContain('ALTER TABLE "shop_lamp" RENAME COLUMN "watts" TO "watts_old";');
      }
      if (dialect === 'postgres') expect(refused.out).toContain('ALTER COLUMN "watts" TYPE varchar(20)');
      if (dialect === 'mysql') expect(refused.out).toContain('MODIFY COLUMN `watts` varchar(20)');

      const database = await openDatabase(t.url);
      try {
        for (const s of statements) await sql.raw(s).execute(database.db);
      } finally {
        await database.close();
      }
      const after = await joinery('check', '--schemas', dir, '--database', t.url);
      expect([after.code, after.out], after.err).toEqual([EXIT.ok, expect.stringContaining('0 destructive change(s)')]);
    } finally {
      await t.close();
    }
  });
});

describe('joinery check: sync plan and dictionaries (sqlite)', () => {
  it('check: shows the sync plan and exits 2 on a destructive change', async () => {
    const dir = schemasCopy(tmp, 'check');
    const lamp = (props: Record<string, unknown>) =>
      JSON.stringify({
        type: 'object',
        'x-module': 'shop',
        'x-prefix': 'shop/lamp',
        'x-table': 'shop_lamp',
        'x-class': 'ShopLampEntity',
        'x-title': { 'zh-cn': '灯', 'zh-tw': '燈', en: 'Lamps' },
        properties: props,
      });
    const title = { type: 'string', maxLength: 40, 'x-label': { 'zh-cn': '名', 'zh-tw': '名', en: 'Title' } };
    fs.mkdirSync(path.join(dir, 'shop'));
    fs.writeFileSync(
      path.join(dir, 'shop', 'lamp.json'),
      lamp({ title, note: { ...title, type: ['string', 'null'] } }),
    );
    const dataDir = path.join(tmp, 'check-data');
    const url = `sqlite:${path.join(dataDir, 'x.db')}`;
    await (
      await buildApp({
        schemasDir: dir,
        databaseUrl: url,
        dataDir,
        captcha: false,
        seedHistory: false,
        logger: false,
        uiDir: path.join(dataDir, 'no-ui'),
      })
    ).close();

    fs.writeFileSync(
      path.join(dir, 'shop', 'lamp.json'),
      lamp({
        title,
        note: { ...title, type: ['string', 'null'] },
        watts: { type: ['integer', 'null'], 'x-label': title['x-label'] },
      }),
    );
    const additive = await cli('check', '--schemas', dir, '--database', url);
    expect([additive.code, additive.stdout]).toEqual([0, expect.stringContaining('+ add column shop_lamp.watts')]);

    fs.writeFileSync(path.join(dir, 'shop', 'lamp.json'), lamp({ title }));
    const destructive = await cli('check', '--schemas', dir, '--database', url);
    expect(destructive.code).toBe(2);
    expect(destructive.stdout).toContain('! shop_lamp: column "note" exists in the database but not in the schema');
    expect(destructive.stderr).toContain('1 destructive change(s)');
  });

  it('check: names a dictionary that exists nowhere, and shows one a schema carries as created', async () => {
    const dir = schemasCopy(tmp, 'check-dicts');
    const label = { 'zh-cn': '风格', 'zh-tw': '風格', en: 'Style' };
    const vase = (style: Record<string, unknown>) =>
      JSON.stringify({
        type: 'object',
        'x-prefix': 'shop/vase',
        'x-title': { 'zh-cn': '花瓶', 'zh-tw': '花瓶', en: 'Vases' },
        properties: { style: { type: 'integer', 'x-label': label, 'x-dict': 'vase_style', ...style } },
      });
    fs.mkdirSync(path.join(dir, 'shop'));
    fs.writeFileSync(path.join(dir, 'shop', 'vase.json'), vase({}));
    const missing = await cli('check', '--schemas', dir);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(
      /! \S*shop\/vase\.json: field "style": dictionary "vase_style" is not in the seeded dictionaries/,
    );
    expect(missing.stderr).toContain('1 dictionary missing');

    const entries = [
      { value: 1, name: { 'zh-cn': '简约', 'zh-tw': '簡約', en: 'Plain' } },
      { value: 2, name: { 'zh-cn': '复古', 'zh-tw': '復古', en: 'Vintage' } },
    ];
    fs.writeFileSync(path.join(dir, 'shop', 'vase.json'), vase({ 'x-dict-entries': entries }));
    const carried = await cli('check', '--schemas', dir);
    expect([carried.code, carried.stdout]).toEqual([
      0,
      expect.stringMatching(
        /\+ create dictionary vase_style \(2 entries, carried by \S*shop\/vase\.json field "style"\)/,
      ),
    ]);

    // Against a database that has the dictionary with one of the two entries: only the missing entry is planned.
    const dataDir = path.join(tmp, 'check-dicts-data');
    const url = `sqlite:${path.join(dataDir, 'x.db')}`;
    fs.writeFileSync(path.join(dir, 'shop', 'vase.json'), vase({ 'x-dict-entries': entries.slice(0, 1) }));
    await (
      await buildApp({
        schemasDir: dir,
        databaseUrl: url,
        dataDir,
        captcha: false,
        seedHistory: false,
        logger: false,
        uiDir: path.join(dataDir, 'no-ui'),
      })
    ).close();
    fs.writeFileSync(path.join(dir, 'shop', 'vase.json'), vase({ 'x-dict-entries': entries }));
    const extend = await cli('check', '--schemas', dir, '--database', url);
    expect([extend.code, extend.stdout]).toEqual([
      0,
      expect.stringMatching(/\+ add dictionary entry vase_style = 2 \(carried by \S*shop\/vase\.json\)/),
    ]);
    expect(extend.stdout).not.toContain('+ create dictionary');

    // The seeded "gender" dictionary deleted in the database: a schema naming it without carrying it is reported.
    const database = await openDatabase(url);
    await sql`delete from dict_info where "typeId" = (select id from dict_type where "key" = 'gender')`.execute(
      database.db,
    );
    await sql`delete from dict_type where "key" = 'gender'`.execute(database.db);
    await database.close();
    const gone = await cli('check', '--schemas', dir, '--database', url);
    expect(gone.code).toBe(1);
    expect(gone.stdout).toMatch(/! \S*user\/info\.json: field "gender": dictionary "gender" is not in the database/);
  });
});
