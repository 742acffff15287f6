// Export at scale (issue #10): the product list of 100,000 rows streamed as CSV and as XLSX through the whole server
// (auth, permission, op log). Memory must stay flat: the live heap (sampled after full collections) while exporting
// 100,000 rows stays within a fixed 16 MB budget, next to the same figure for 5,000 rows in the same run (a buffering
// export would hold every row). Rows per second too. Run with --expose-gc (bench/run.mjs does).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../dist/server/app.js';
import { tempDatabase } from './lib/temp-database.mjs';
import { fillSqlite } from './lib/products.mjs';

if (!global.gc) throw new Error('run with node --expose-gc bench/export.mjs');

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BUDGET = 16 * 1024 * 1024;

/**
 * Streams one export over a real socket; every 100 ms a full collection, then the heap still in use is sampled (what
 * the export holds, not the garbage it leaves for the collector). { ms, bytes, peak, rows }
 */
async function exportOnce(base, token, body) {
  global.gc();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const timer = setInterval(() => {
    global.gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 100);
  const t0 = performance.now();
  const res = await fetch(`${base}/admin/product/info/export`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  // Read and dropped, as a browser saving to disk would: the client keeps nothing.
  for await (const chunk of res.body) bytes += chunk.length;
  const ms = performance.now() - t0;
  clearInterval(timer);
  return { ms, bytes, peak: peak - start, rows: Number(res.headers.get('x-total-count')) };
}

const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;

const { dataDir, url, drop } = await tempDatabase('sqlite', 'export');
const options = {
  databaseUrl: url,
  dataDir,
  uiDir: path.join(dataDir, 'ui'),
  seedHistory: false,
  captcha: false,
  logger: false,
};
try {
  await (await buildApp(options)).close();
  await fillSqlite(url.slice('sqlite:'.length), ROWS);
  const app = await buildApp(options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const token = (
    await app.inject({
      method: 'POST',
      url: '/admin/base/open/login',
      payload: { username: 'admin', password: '123456' },
    })
  ).json().data.token;
  try {
    let failed = 0;
    for (const format of ['csv', 'xlsx']) {
      // Products are named "<material><item> <style> S<series>X": series S00x is a twentieth of them.
      const small = await exportOnce(base, token, { format, keyWord: 'S00' });
      const large = await exportOnce(base, token, { format });
      // Flat: within a fixed budget (a batch of 1,000 rows, the socket's buffers, this process's own client), however
      // many rows; the rows held as objects would take some 50 MB.
      const flat = large.peak < BUDGET;
      if (!flat) failed++;
      console.log(
        `  ${format}: ${small.rows.toLocaleString()} rows: live heap +${mb(small.peak)}; ${large.rows.toLocaleString()} rows: live heap +${mb(large.peak)} (budget ${mb(BUDGET)}: ${flat ? 'PASS' : 'FAIL'}); ${Math.round(large.rows / (large.ms / 1000)).toLocaleString()} rows/s, ${mb(large.bytes)} written`,
      );
    }
    console.log(`  export: ${failed === 0 ? 'PASS' : 'FAIL'}`);
  } finally {
    await app.close();
  }
} finally {
  await drop();
}
