import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { ROOT, SCHEMAS_DIR } from '../../server/paths.js';
import { main } from '../cli/main.js';
import { EXIT } from '../cli/messages.js';

/*
 * Every failure of the CLI exits non-zero with one message in the user's language (codegen/README.md lists the exit
 * codes). Commands run in this process through main() (what bin/joinery.mjs calls), against one real server; one
 * case runs the bin itself to check the locale and the process's exit code.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-cli-errors-'));
let app: FastifyInstance;
let base: string;
let token: string;

async function joinery(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function schemasCopy(name: string): string {
  const dir = path.join(tmp, name);
  fs.cpSync(SCHEMAS_DIR, dir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  // English unless a case asks (the machine's own locale must not decide).
  process.env.LC_ALL = 'C';
  const dataDir = path.join(tmp, 'data');
  app = await buildApp({
    databaseUrl: `sqlite:${path.join(dataDir, 'x.db')}`,
    dataDir,
    captcha: false,
    seedHistory: false,
    logger: false,
    uiDir: path.join(dataDir, 'no-ui'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await app.inject({
    method: 'POST',
    url: '/admin/base/open/login',
    payload: { username: 'admin', password: '123456' },
  });
  token = (login.json() as { data: { token: string } }).data.token;
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('joinery exit codes and messages', () => {
  it('a bad token is refused (exit 5), where a good one writes the client', async () => {
    const out = path.join(tmp, 'garbage.ts');
    const garbage = await joinery('client', '--from', base, '--token', 'garbage', '--out', out);
    expect([garbage.code, garbage.err]).toEqual([
      EXIT.denied,
      expect.stringContaining(`${base} does not accept this token`),
    ]);
    expect(fs.existsSync(out)).toBe(false);
    const zh = await joinery('types', '--from', base, '--token', 'garbage', '--lang', 'zh-cn');
    expect([zh.code, zh.err]).toEqual([EXIT.denied, expect.stringContaining('不接受这个令牌（无效或已过期）')]);
    const wrongPassword = await joinery('types', '--from', base, '--user', 'admin', '--password', 'nope');
    expect([wrongPassword.code, wrongPassword.err]).toEqual([
      EXIT.denied,
      expect.stringContaining('refused the login'),
    ]);

    const good = await joinery('client', '--from', base, '--token', token, '--out', out);
    expect(good.code, good.err).toBe(EXIT.ok);
    expect(fs.readFileSync(out, 'utf8')).toContain('"/admin/product/info/page"');
  });

  it('an unreachable server exits 4; an address that is no Joinery server too', async () => {
    const down = await joinery('client', '--from', 'http://127.0.0.1:9', '--token', 'x', '--lang', 'zh-tw');
    expect([down.code, down.err]).toEqual([EXIT.unreachable, expect.stringContaining('無法連線 http://127.0.0.1:9')]);
    const notJoinery = await joinery('types', '--from', `${base}/nothing-here`, '--token', token);
    expect([notJoinery.code, notJoinery.err]).toEqual([
      EXIT.unreachable,
      expect.stringContaining('did not answer as a Joinery server'),
    ]);
  });

  it("check exits 1 naming a database it cannot reach, with the driver's reason (no stack)", async () => {
    for (const url of ['postgres://nobody@127.0.0.1:1/x', 'mysql://root@127.0.0.1:1/x']) {
      const r = await joinery('check', '--database', url);
      const shown = url.replace('nobody@', '…@').replace('root@', '…@');
      expect([url, r.code, r.err]).toEqual([url, EXIT.refused, expect.stringContaining(`cannot open ${shown}`)]);
      expect(r.err).toContain('ECONNREFUSED');
    }
  });

  it('usage errors exit 3: unknown command, option, argument or language', async () => {
    const cases = [
      [['codegenx'], 'unknown command "codegenx"'],
      [['types', '--nope'], 'unknown option --nope'],
      [['types', '--out'], 'option --out needs a value'],
      [['check', 'extra'], 'unexpected argument "extra"'],
      [['entity', 'make', 'a/b'], 'unknown entity command "make"'],
      [['types', '--lang', 'fr'], '--lang fr: use zh-cn, zh-tw or en'],
    ] as const;
    for (const [argv, message] of cases) {
      const r = await joinery(...argv);
      expect([argv.join(' '), r.code, r.err]).toEqual([argv.join(' '), EXIT.usage, expect.stringContaining(message)]);
    }
    const zh = await joinery('types', '--nope', '--lang', 'zh-cn');
    expect(zh.err).toContain('未知选项 --nope');
    expect(zh.err).toContain('用法：joinery types');
  });

  it('entity new refuses misspelt field types and flags, unknown parents, and a schema the next start would refuse', async () => {
    const dir = schemasCopy('entity');
    const before = fs.readdirSync(path.join(dir, 'order')).sort();
    const cases = [
      [['shop/x', '--field', 'code:strng'], '--field code:strng: type must be one of string, text'],
      [['shop/x', '--field', 'code:string:requird'], 'the third part can only be required'],
      [['shop/x', '--field', 'code:string', '--parent', 'nowhere'], '--parent nowhere: no such menu directory'],
      [['order/info', '--field', 'code:string'], 'the new schema would stop the next start'],
      [['shop/x', '--field', 'select:string'], 'fields.0.name: "select" is an SQL keyword'],
    ] as const;
    for (const [argv, message] of cases) {
      const r = await joinery('entity', 'new', ...argv, '--schemas', dir);
      expect([argv.join(' '), r.code, r.err]).toEqual([argv.join(' '), EXIT.refused, expect.stringContaining(message)]);
    }
    expect(fs.existsSync(path.join(dir, 'shop'))).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'order')).sort()).toEqual(before);
    // The clash is named: order/info would take order/order's table.
    const clash = await joinery('entity', 'new', 'order/info', '--field', 'code:string', '--schemas', dir);
    expect(clash.err).toMatch(/table "order_info" or class "OrderInfoEntity" is already used by \S*order\/order\.json/);
    const zh = await joinery('entity', 'new', 'shop/x', '--field', 'code:strng', '--schemas', dir, '--lang', 'zh-tw');
    expect(zh.err).toContain('類型須為');
    // A right parent and field flags are written, and the folder still passes check.
    const ok = await joinery(
      'entity',
      'new',
      'shop/x',
      '--field',
      'code:string:required',
      '--parent',
      'sys/auth',
      '--schemas',
      dir,
    );
    expect(ok.code, ok.err).toBe(EXIT.ok);
    const written = JSON.parse(fs.readFileSync(path.join(dir, 'shop', 'x.json'), 'utf8'));
    expect([written['x-menu']?.parent, written.required]).toEqual(['sys/auth', ['code']]);
    expect((await joinery('check', '--schemas', dir)).code).toBe(EXIT.ok);
  });

  it('the bin takes the language from LANG and exits with the code', async () => {
    const r = await promisify(execFile)(
      process.execPath,
      [path.join(ROOT, 'codegen/bin/joinery.mjs'), 'types', '--nope'],
      {
        cwd: ROOT,
        env: { ...process.env, LANG: 'zh_TW.UTF-8', LC_ALL: '', LC_MESSAGES: '' },
      },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect([r.code, r.stderr]).toEqual([EXIT.usage, expect.stringContaining('未知選項 --nope')]);
  });
});
