import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test, expect } from './fixtures';
import { serverPort } from './global-setup';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';

/**
 * The console as the original client is deployed (README, "Behind a proxy"): a web server serves the built UI as
 * static files, answering index.html for any path it has no file for (nginx's `try_files $uri /index.html`), and
 * forwards only `/api/*` to Joinery, the prefix taken off (`location /api/ { proxy_pass http://joinery/; }`).
 * Everything the console loads from the server must then go through `/api`: its calls, uploads and seeded pictures.
 */
const UI = path.resolve(import.meta.dirname, '..', '..', 'dist', 'ui');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

function startProxy(serverPort: number): Promise<http.Server> {
  const proxy = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/')) {
      const upstream = http.request(
        { host: '127.0.0.1', port: serverPort, method: req.method, path: url.slice(4), headers: req.headers },
        (reply) => {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
      return;
    }
    const wanted = path.join(UI, decodeURIComponent(url.split('?')[0]));
    const file = wanted.startsWith(UI) && fs.statSync(wanted, { throwIfNoEntry: false })?.isFile() ? wanted : null;
    const served = file ?? path.join(UI, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(served)] ?? 'application/octet-stream' });
    fs.createReadStream(served).pipe(res);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

/** A real 1×1 PNG (the server checks the content). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let proxy: http.Server;
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook takes from its first parameter
test.beforeAll(async ({}, testInfo) => {
  proxy = await startProxy(serverPort(testInfo.parallelIndex));
});
test.afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
});

test('behind a proxy forwarding only /api/*: the console signs in, and an uploaded and a seeded picture display', async ({
  page,
}) => {
  const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  // Every page of the console and every call below goes through the proxy.
  await page.route(`http://127.0.0.1:${serverPort(test.info().parallelIndex)}/**`, (route) => route.abort());
  const shell = new ShellPage(page);
  await page.goto(`${origin}/login`);
  // The captcha picture comes through the proxy too.
  await new LoginPage(page).login();
  await expect(page).toHaveURL(`${origin}/`);
  await shell.ready();

  await page.goto(`${origin}/space/list`);
  const screen = page.getByTestId('space-screen');
  await expect(screen).toBeVisible();
  const name = `proxy-${Date.now().toString(36)}.png`;
  await screen.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  const tile = screen.locator(`li[data-file="${name}"]`);
  await expect(tile).toBeVisible();
  const shown = (img: HTMLImageElement) => img.complete && img.naturalWidth;
  await expect.poll(() => tile.locator('img').evaluate(shown)).toBeGreaterThan(0);

  // The file itself, as the preview shows it: under the API's prefix, the same bytes through the proxy.
  await tile.getByRole('button').first().click();
  const preview = page.getByTestId('space-preview').locator('img');
  await expect.poll(() => preview.evaluate(shown)).toBeGreaterThan(0);
  const url = String(await preview.getAttribute('src'));
  expect(url).toMatch(/^\/api\/public\/uploads\/\d{8}\/[0-9a-f]{32}_proxy-[a-z0-9]+\.png$/);
  const fetched = await page.request.get(`${origin}${url}`);
  expect([fetched.status(), fetched.headers()['content-type']]).toEqual([200, 'image/png']);
  expect(Buffer.from(await fetched.body()).equals(PNG)).toBe(true);

  // A seeded picture too; the same file at the server's root is what such a proxy cannot reach (its index.html).
  const load = (src: string) =>
    page.evaluate(
      (s) =>
        new Promise<number>((resolve) => {
          const img = new Image();
          img.onload = () => resolve(img.naturalWidth);
          img.onerror = () => resolve(0);
          img.src = s;
        }),
      src,
    );
  expect(await load('/api/public/seed/oak-dining-table.svg')).toBeGreaterThan(0);
  const unreachable = await page.request.get(`${origin}/public/seed/oak-dining-table.svg`);
  expect(unreachable.headers()['content-type']).toMatch(/^text\/html/);
});
