import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp } from '../../server/test/harness.js';
import { openDatabase } from '../../server/core/db/database.js';
import { SCHEMAS_DIR } from '../../server/paths.js';
import { main } from '../cli/main.js';
import { EXIT } from '../cli/messages.js';

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
