// Page call (20 rows, keyword, sort, auth + permission + op log) vs a bare Fastify JSON route, 10 connections, same run.
// Target (QUALITY.md): Joinery ≥ 40% of the bare route's requests per second.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

function start(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (d) => { if (/ready|listening|Server listening/i.test(String(d))) resolve(child); });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    setTimeout(() => reject(new Error('server did not start in 60 s')), 60_000);
  });
}

async function load(url, headers, body) {
  const r = await autocannon({ url, method: 'POST', connections: 10, duration: seconds, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('build the server first: node scripts/build-server.mjs');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-bench-'));
const joinery = await start(['dist/server/main.js'], { PORT: '8301', HOST: '127.0.0.1', JOINERY_DATA_DIR: dataDir, JOINERY_CAPTCHA: 'off' });
const bare = await start(['bench/bare-server.mjs'], { PORT: '8302' });
try {
  const login = await fetch('http://127.0.0.1:8301/admin/base/open/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: '123456' }) });
  const token = (await login.json()).data.token;
  const body = { page: 1, size: 20, keyWord: '木', order: 'price', sort: 'desc' };
  await load('http://127.0.0.1:8302/page', {}, body); // warm-up both
  const base = await load('http://127.0.0.1:8302/page', {}, body);
  const ours = await load('http://127.0.0.1:8301/admin/product/info/page', { authorization: token }, body);
  const ratio = ours.rps / base.rps;
  console.log(`bare Fastify route:   ${base.rps.toFixed(0)} req/s, p99 ${base.p99} ms, errors ${base.errors}`);
  console.log(`Joinery page call:    ${ours.rps.toFixed(0)} req/s, p99 ${ours.p99} ms, errors ${ours.errors}`);
  console.log(`ratio: ${(ratio * 100).toFixed(1)}% of the bare route (target ≥ 40%) — ${ratio >= 0.4 && ours.errors === 0 ? 'PASS' : 'FAIL'}`);
} finally {
  joinery.kill();
  bare.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
