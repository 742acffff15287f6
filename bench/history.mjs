// The field history's cost (issue 31), SQLite: the write calls `demo/goods/add` and `demo/goods/update` (each write
// changes the record, so each records a history row) on a server that records history against the same build with
// JOINERY_HISTORY=off (the revision and its check stay) — two servers side by side, 10 connections, alternating
// rounds, median ratio. Target: with history ≥ 85% of without (within 15%). Ports BENCH_PORT (default 8330) and the next.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer, stopServer } from './lib/server-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 8330);
const RECORDS = 200;

if (!fs.existsSync(path.join(root, 'dist/server/main.js')))
  throw new Error('build the server first: node scripts/build-server.mjs');

const goods = { title: 'bench-history', price: 12900, type: 0, description: 'oak stool', status: 1, stock: 1 };

async function server(port, history) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `joinery-bench-history-${history}-`));
  const child = await startServer(
    ['dist/server/main.js'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      JOINERY_DATA_DIR: dataDir,
      JOINERY_CAPTCHA: 'off',
      JOINERY_LOG: 'warn',
      JOINERY_HISTORY: history,
    },
    dataDir,
  );
  const base = `http://127.0.0.1:${port}`;
  const post = async (url, body, token) => {
    const res = await fetch(`${base}/admin/${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json.data;
  };
  const token = (await post('base/open/login', { username: 'admin', password: '123456' })).token;
  const ids = (
    await post(
      'demo/goods/add',
      Array.from({ length: RECORDS }, () => goods),
      token,
    )
  ).id;
  return { child, dataDir, base, token, ids };
}

/** One load of a write call; `body(n)` makes the n-th request's body (every update changes its record). */
async function load(s, action, body) {
  let n = 0;
  const r = await autocannon({
    url: `${s.base}/admin/demo/goods/${action}`,
    method: 'POST',
    connections: 10,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: s.token },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(body(n++, s)) }) }],
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const calls = {
  add: () => goods,
  update: (n, s) => ({ id: s.ids[n % s.ids.length], price: 10000 + (n % 5000), stock: n % 97 }),
};

const on = await server(PORT, 'on');
const off = await server(PORT + 1, 'off').catch(async (e) => {
  await stopServer(on.child);
  throw e;
});
let failed = false;
try {
  for (const [action, body] of Object.entries(calls)) {
    await load(on, action, body); // warm-up
    await load(off, action, body);
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      const without = await load(off, action, body);
      const withHistory = await load(on, action, body);
      rounds.push({ without, withHistory, ratio: withHistory.rps / without.rps });
      console.log(
        `  ${action} round ${i + 1}: without history ${without.rps.toFixed(0)}/s, with ${withHistory.rps.toFixed(0)}/s — ${((withHistory.rps / without.rps) * 100).toFixed(1)}%`,
      );
    }
    const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
    const errors = rounds.reduce((n, r) => n + r.without.errors + r.withHistory.errors, 0);
    const ok = median.ratio >= 0.85 && errors === 0;
    failed ||= !ok;
    console.log(
      `demo/goods/${action}: with history ${median.withHistory.rps.toFixed(0)}/s (p99 ${median.withHistory.p99} ms), without ${median.without.rps.toFixed(0)}/s (p99 ${median.without.p99} ms): ${(median.ratio * 100).toFixed(1)}%, median of ${ROUNDS} rounds, ${errors} errors (target ≥ 85%) — ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
} finally {
  await stopServer(on.child);
  await stopServer(off.child);
  fs.rmSync(on.dataDir, { recursive: true, force: true });
  fs.rmSync(off.dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
