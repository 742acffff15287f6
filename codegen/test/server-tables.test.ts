import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generateServerTables, SERVER_TABLES_COMMAND } from '../generate-server-tables.js';
import { loadEntities } from '../cli/load-entities.js';
import { SERVER_TABLES } from '../../server/core/db/server-tables.js';
import { ROOT, SCHEMAS_DIR } from '../../server/paths.js';

const CHECKED_IN = path.join(ROOT, 'server', 'core', 'db', 'system-tables.generated.ts');

describe('server tables (system-tables.generated.ts)', () => {
  const text = generateServerTables(loadEntities(SCHEMAS_DIR), SERVER_TABLES);

  it('the checked-in file is what the schemas generate', () => {
    const stored = fs.readFileSync(CHECKED_IN, 'utf8');
    expect(
      stored === text,
      `server/core/db/system-tables.generated.ts is out of date with schemas/: run ${SERVER_TABLES_COMMAND}`,
    ).toBe(true);
  });

  it('types columns as stored: booleans 0/1, JSON as text, nullable where the column allows it, ids and defaults generated', () => {
    const table = (name: string) => new RegExp(`export interface ${name} \\{([^}]*)\\}`).exec(text)?.[1] ?? '';
    const menu = table('BaseSysMenuTable');
    expect(menu).toContain('id: Generated<number>;');
    expect(menu).toContain('isShow: Generated<number>;'); // boolean with a default
    expect(menu).toContain('parentId: number | null;');
    expect(menu).toContain('createTime: string;');
    const user = table('BaseSysUserTable');
    expect(user).toContain('username: string;');
    expect(user).not.toContain('roleIdList'); // virtual: no column
    expect(table('BaseSysEntityDefTable')).toContain('schema: string;'); // JSON stored as text
    expect(table('DashboardVisitHourTable')).toContain('views: Generated<number>;');
    expect(text).toMatch(
      /export interface SystemTables \{[^}]*\n {2}base_sys_user: BaseSysUserTable;[^}]*\n {2}joinery_rights_version: JoineryRightsVersionTable;/,
    );
  });

  it('joinery types --server-tables writes the same file; it refuses --from (eps has no stored columns)', async () => {
    const run = promisify(execFile);
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-tables-')), 'tables.ts');
    const bin = path.join(ROOT, 'codegen', 'bin', 'joinery.mjs');
    await run(process.execPath, [bin, 'types', '--server-tables', '--out', out], { cwd: ROOT });
    expect(fs.readFileSync(out, 'utf8') === text).toBe(true);
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
    const refused = await run(process.execPath, [bin, 'types', '--server-tables', '--from', 'http://127.0.0.1:9'], {
      cwd: ROOT,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    // 3: a usage error (codegen/README.md, exit codes).
    expect([refused.code, refused.stderr]).toEqual([
      3,
      expect.stringContaining('--server-tables reads the schemas folder'),
    ]);
  });
});
