// Load with 1, 2 and 4 workers (JOINERY_WORKERS, node:cluster) on one PostgreSQL database: the page call (20 rows,
// keyword, sort, auth + permission + op log) and a write mix (3 page calls : 1 update), 10 connections, same run.
// Reported, with errors (must be 0); on this 2-core machine more than 2 workers cannot add throughput.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { tempDatabase } from './lib/temp-database.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const counts = (process.env.BENCH_WORKERS ?? '1,2,4').split(',').map(Number);
const PORT = 8311;
const base = `http://127.0.0.1:${PORT}`;

if (!fs.existsSync(path.join(root, 'dist/server/main.js')))
  throw new Error('build the server first: node scripts/build-server.mjs');

async function waitUp(child) {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${base}/admin/base/open/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: '123456' }),
      });
      if (r.ok) return (await r.json()).data.token;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start in 90 s');
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

const db = await tempDatabase('postgres', 'workers');
const results = [];
try {
  for (const n of counts) {
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        JOINERY_DATA_DIR: db.dataDir,
        JOINERY_CAPTCHA: 'off',
        JOINERY_WORKERS: String(n),
      },
    });
    try {
      const token = await waitUp(child);
      const headers = { 'content-type': 'application/json', authorization: token };
      const page = JSON.stringify({ page: 1, size: 20, keyWord: '木', order: 'price', sort: 'desc' });
      const ids = (
        await (
          await fetch(`${base}/admin/product/info/page`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ page: 1, size: 50 }),
          })
        ).json()
      ).data.list.map((r) => r.id);
      // Warm-up, so every worker has its statements and caches.
      await autocannon({
        url: `${base}/admin/product/info/page`,
        method: 'POST',
        connections: 10,
        duration: 2,
        headers,
        body: page,
      });
      const read = await autocannon({
        url: `${base}/admin/product/info/page`,
        method: 'POST',
        connections: 10,
        duration: seconds,
        headers,
        body: page,
      });
      let k = 0;
      const mix = await autocannon({
        url: base,
        connections: 10,
        duration: seconds,
        headers,
        requests: [
          {
            setupRequest: (req) => {
              k += 1;
              if (k % 4 !== 0) return { ...req, method: 'POST', path: '/admin/product/info/page', body: page };
              return {
                ...req,
                method: 'POST',
                path: '/admin/product/info/update',
                body: JSON.stringify({ id: ids[k % ids.length], description: `bench ${k}` }),
              };
            },
          },
        ],
      });
      results.push({
        n,
        read: read.requests.average,
        readP99: read.latency.p99,
        readErrors: read.errors + read.non2xx,
        mix: mix.requests.average,
        mixP99: mix.latency.p99,
        mixErrors: mix.errors + mix.non2xx,
      });
      console.log(
        `${n} worker(s): page ${read.requests.average.toFixed(0)} req/s (p99 ${read.latency.p99} ms, errors ${read.errors + read.non2xx}); ` +
          `3:1 read/write mix ${mix.requests.average.toFixed(0)} req/s (p99 ${mix.latency.p99} ms, errors ${mix.errors + mix.non2xx})`,
      );
    } finally {
      await stop(child);
    }
  }
} finally {
  await db.drop();
}
const one = results.find((r) => r.n === 1);
for (const r of results)
  if (one && r !== one)
    console.log(`${r.n} workers vs 1: page ×${(r.read / one.read).toFixed(2)}, mix ×${(r.mix / one.mix).toFixed(2)}`);
const errors = results.reduce((s, r) => s + r.readErrors + r.mixErrors, 0);
console.log(
  `workers on PostgreSQL: ${errors === 0 ? 'PASS' : 'FAIL'} (0 errors required; throughput is reported, ${seconds} s per figure)`,
);
