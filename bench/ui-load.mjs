// The console in a real Chromium against the built UI and server:
// - initial JavaScript: every script the browser fetches for the login page, the shell and a generic list screen
//   (the product list), gzip-compressed here as a server would send it. Target (QUALITY.md): < 250 KB.
// - cold load to rows: a new browser context (empty cache, the session already stored) opens the product list and
//   waits for its first row; 5 times, median. Target (issue 12): < 1 s.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 8351;
const base = `http://127.0.0.1:${PORT}`;
if (!fs.existsSync(path.join(root, 'dist/server/main.js')) || !fs.existsSync(path.join(root, 'dist/ui/index.html'))) {
  throw new Error('build first: npm run build');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-ui-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: root, stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', JOINERY_DATA_DIR: dataDir, JOINERY_CAPTCHA: 'off' },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  let login;
  for (let i = 0; i < 300 && !login; i++) {
    try {
      const r = await fetch(`${base}/admin/base/open/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: '123456' }) });
      if (r.ok) login = (await r.json()).data;
    } catch { /* starting */ }
    if (!login) await new Promise((r) => setTimeout(r, 200));
  }
  if (!login) throw new Error('the server did not start');

  const stored = () => {
    const now = Date.now();
    return { token: login.token, refreshToken: login.refreshToken, expire: now + login.expire * 1000, refreshExpire: now + login.refreshExpire * 1000 };
  };
  const rows = (page) => page.locator('[data-testid="entity-table"] tbody tr[data-row-id]').first().waitFor({ timeout: 15_000 });

  /** The scripts a visitor's browser fetches: the login page, then (signed in) the product list. */
  const fetched = async () => {
    const scripts = new Set();
    const context = await browser.newContext({ viewport: { width: 1360, height: 820 } });
    const page = await context.newPage();
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname); });
    await page.goto(`${base}/login`);
    await page.getByRole('button').first().waitFor();
    await page.evaluate((s) => localStorage.setItem('joinery.session', JSON.stringify(s)), stored());
    await page.goto(`${base}/product/info`);
    await rows(page);
    await context.close();
    return scripts;
  };

  /** Cold: a new context (empty HTTP cache) with the session stored before any script runs, straight to the list. */
  const cold = async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 820 } });
    await context.addInitScript((s) => { if (!localStorage.getItem('joinery.session')) localStorage.setItem('joinery.session', s); }, JSON.stringify(stored()));
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${base}/product/info`);
    await rows(page);
    const ms = Date.now() - started;
    await context.close();
    return ms;
  };

  const scripts = await fetched();
  let gzip = 0;
  let raw = 0;
  for (const p of scripts) {
    const file = path.join(root, 'dist/ui', p);
    if (!fs.existsSync(file)) continue;
    const bytes = fs.readFileSync(file);
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 6 }).length;
  }
  console.log(`initial JavaScript for login + shell + product list: ${scripts.size} files, ${(raw / 1024).toFixed(0)} KB, ${(gzip / 1024).toFixed(1)} KB gzip (target < 250 KB) — ${gzip < 250 * 1024 ? 'PASS' : 'FAIL'}`);

  // Cold loads: a new context each time has an empty HTTP cache (the page's own session set as above).
  const times = [];
  for (let i = 0; i < 5; i++) times.push(await cold());
  times.sort((a, b) => a - b);
  const median = times[2];
  console.log(`cold load to rows (product list), 5 runs: ${times.join(', ')} ms; median ${median} ms (target < 1000 ms) — ${median < 1000 ? 'PASS' : 'FAIL'}`);
} finally {
  await browser.close();
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
