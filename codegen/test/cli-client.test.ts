import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { ROOT } from '../../server/paths.js';
import { EXIT } from '../cli/messages.js';
import { cliTestDir, joinery, run, schemasCopy, TSC } from './cli-harness.js';

/* `joinery client` and `pull` against one running server. */
const tmp = cliTestDir('cli-client');
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('joinery client and pull', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let base: string;
  let token: string;
  const dataDir = path.join(tmp, 'live-data');
  beforeAll(async () => {
    app = await buildApp({
      databaseUrl: `sqlite:${path.join(dataDir, 'x.db')}`,
      dataDir,
      captcha: false,
      seedHistory: false,
      uiDir: path.join(dataDir, 'no-ui'),
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const login = await app.inject({
      method: 'POST',
      url: '/admin/base/open/login',
      payload: { username: 'admin', password: '123456', captchaId: '', verifyCode: '' },
    });
    token = (JSON.parse(login.body) as { data: { token: string } }).data.token;
    // An entity made on the server (the AI-code page): its client knows it, pull writes it.
    const made = await app.inject({
      method: 'POST',
      url: '/admin/base/coding/createCode',
      headers: { authorization: token },
      payload: {
        proposal: {
          module: 'shop',
          name: 'supplier',
          title: '供应商',
          fields: [
            { name: 'name', type: 'string', required: true },
            { name: 'credit', type: 'money' },
          ],
          menu: { parent: 'product' },
        },
      },
    });
    expect(made.statusCode, made.body).toBe(200);
  });
  afterAll(async () => app?.close());

  it('client --from: compiles with tsc --strict, its calls succeed, refusals are typed, tokens refresh', async () => {
    const dir = path.join(tmp, 'client');
    fs.mkdirSync(dir);
    const [fromServer, wrongServer, noCredentials] = await Promise.all([
      joinery(
        'client',
        '--from',
        base,
        '--user',
        'admin',
        '--password',
        '123456',
        '--out',
        path.join(dir, 'client.ts'),
      ),
      joinery('client', '--from', 'http://127.0.0.1:9', '--token', 'x'),
      joinery('client', '--from', base),
    ]);
    expect(fromServer.code, fromServer.stderr).toBe(0);
    expect([wrongServer.code, wrongServer.stderr]).toEqual([
      EXIT.unreachable,
      expect.stringContaining('cannot reach http://127.0.0.1:9'),
    ]);
    expect([noCredentials.code, noCredentials.stderr]).toEqual([
      EXIT.usage,
      expect.stringContaining('--from needs credentials'),
    ]);
    // The server's client knows the entity made on it.
    expect(fs.readFileSync(path.join(dir, 'client.ts'), 'utf8')).toContain(
      'page: (query: ShopSupplierPageQuery = {}, options?: CallOptions) => call<Page<ShopSupplier>>("POST", "/admin/shop/supplier/page", query, options)',
    );
    fs.writeFileSync(
      path.join(dir, 'use.ts'),
      `
import { createClient, JoineryError, type Page, type ProductInfo, type Tokens } from './client.js';
declare const process: { env: Record<string, string | undefined> };
const base = process.env.JOINERY_BASE!;
const client = createClient({ baseUrl: base });
const tokens: Tokens = await client.login({ username: 'admin', password: '123456' });
const page: Page<ProductInfo> = await client.product.info.page({ page: 1, size: 3, order: 'createTime', sort: 'desc' });
const names: string[] = page.list.map((p) => p.name);
const { id } = await client.shop.supplier.add({ name: 'Acme', credit: 1250 });
const supplier = await client.shop.supplier.info(id);
let refusal = '';
try {
// @ts-expect-error name is required
await client.shop.supplier.add({ credit: 1 });
} catch (e) {
if (!(e instanceof JoineryError)) throw e;
refusal = \`\${e.status} \${e.details.map((d) => d.path).join()}\`;
}
// A client holding a stale token and a refresh token gets a new token on the first 401 and goes on.
let renewed = false;
const stale = createClient({ baseUrl: base, token: 'stale', refreshToken: tokens.refreshToken, onTokens: () => { renewed = true; } });
const again = await stale.shop.supplier.page({ keyWord: 'Acme' });
console.log(JSON.stringify({ total: page.pagination.total, names: names.length, supplier: [supplier.name, supplier.credit], refusal, renewed, again: again.pagination.total }));
`,
    );
    fs.writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom'],
          types: [],
        },
        files: ['use.ts'],
      }),
    );
    const tsc = await run(TSC, ['-p', path.join(dir, 'tsconfig.json')]).then(
      () => ({ code: 0, out: '' }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    expect(tsc.out).toBe('');
    expect(tsc.code).toBe(0);
    const ran = await run(process.execPath, ['--import', 'tsx', path.join(dir, 'use.ts')], {
      cwd: ROOT,
      env: { ...process.env, JOINERY_BASE: base },
    });
    const result = JSON.parse(ran.stdout.trim().split('\n').pop()!) as Record<string, unknown>;
    expect(result).toEqual({
      total: expect.any(Number),
      names: 3,
      supplier: ['Acme', 1250],
      refusal: '400 name',
      renewed: true,
      again: 1,
    });
    expect(result.total).toBeGreaterThan(3);
  }, 120_000);

  it('pull writes stored entities as schema files the next start takes', async () => {
    // pull: the stored entity becomes a schema file the server accepts; a second pull finds it up to date.
    const schemas = schemasCopy(tmp, 'pull');
    const pull = await joinery('pull', '--from', base, '--token', token, '--schemas', schemas);
    expect([pull.code, pull.stdout], pull.stderr).toEqual([0, expect.stringContaining('1 entity in')]);
    const file = path.join(schemas, 'shop', 'supplier.json');
    const pulled = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect([pulled['x-prefix'], pulled.$schema]).toEqual(['shop/supplier', '../entity.schema.json']);
    expect((await joinery('check', '--schemas', schemas)).code).toBe(0);
    const again = await joinery('pull', '--from', base, '--token', token, '--schemas', schemas);
    expect([again.code, again.stderr]).toEqual([0, expect.stringContaining('is up to date')]);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('供应商', '供应商（本地）'));
    const differs = await joinery('pull', '--from', base, '--token', token, '--schemas', schemas);
    expect([differs.code, differs.stderr]).toEqual([
      1,
      expect.stringContaining('differs from shop/supplier on the server (use --force'),
    ]);
    expect((await joinery('pull', '--from', base, '--token', token, '--schemas', schemas, '--force')).code).toBe(0);
    const page = async (a: typeof app) =>
      (
        (
          await a.inject({
            method: 'POST',
            url: '/admin/shop/supplier/page',
            headers: { authorization: token },
            payload: {},
          })
        ).json() as { data: { list: { name: string }[] } }
      ).data.list.map((r) => r.name);
    const rowsBefore = await page(app);
    // A server started with the pulled file takes the entity from it (the stored copy is left unused) and keeps its rows.
    const second = await buildApp({
      schemasDir: schemas,
      databaseUrl: `sqlite:${path.join(dataDir, 'x.db')}`,
      dataDir,
      captcha: false,
      seedHistory: false,
      uiDir: path.join(dataDir, 'no-ui'),
      logger: false,
    });
    try {
      expect(path.resolve(ROOT, second.joinery.registry.get('shop/supplier')?.origin ?? '')).toBe(file);
      expect(await page(second)).toEqual(rowsBefore);
    } finally {
      await second.close();
    }
  }, 120_000);
});
