import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { fillSqlite } from '../bench/lib/products.mjs';
const root = path.resolve(import.meta.dirname, '..');
const PORT = 8353; const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-shot-'));
const env = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', JOINERY_DATA_DIR: dataDir, JOINERY_CAPTCHA: 'off', JOINERY_LOG: 'warn', JOINERY_MAX_PAGE_SIZE: '10000' };
async function start() {
  const server = spawn(process.execPath, ['dist/server/main.js'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env });
  for (let i = 0; i < 300; i++) {
    try { const r = await fetch(`${base}/admin/base/open/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: '123456' }) }); if (r.ok) return { server, login: (await r.json()).data }; } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
}
let { server } = await start(); server.kill(); await new Promise((r) => server.once('exit', r));
await fillSqlite(path.join(dataDir, 'joinery.db'), 3000);
const s = await start(); server = s.server;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ viewport: { width: 1360, height: 820 } });
  const now = Date.now(); const l = s.login;
  await context.addInitScript((x) => { if (!localStorage.getItem('joinery.session')) localStorage.setItem('joinery.session', x); }, JSON.stringify({ token: l.token, refreshToken: l.refreshToken, expire: now + l.expire * 1000, refreshExpire: now + l.refreshExpire * 1000 }));
  const page = await context.newPage();
  for (const [name, url] of [['long', '/product/info?size=1000'], ['short', '/product/info?size=20']]) {
    await page.goto(base + url);
    await page.locator('[data-testid="entity-table"] tbody tr[data-row-id]').first().waitFor();
    await page.waitForTimeout(700);
    await page.screenshot({ path: `/tmp/shot-${name}.png` });
    if (name === 'long') {
      await page.evaluate(() => { document.querySelector('[data-testid="entity-table"]').scrollTop = 20000; });
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/shot-long-scrolled.png` });
      await page.goto(base + '/dict/list?size=100');
      await page.locator('[data-testid="entity-table"] tbody tr[data-row-id]').first().waitFor();
      await page.waitForTimeout(700);
      await page.screenshot({ path: `/tmp/shot-dict.png` });
    }
  }
} finally { await browser.close(); server.kill(); fs.rmSync(dataDir, { recursive: true, force: true }); }
