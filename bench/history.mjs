// The field history's cost (issue 31), SQLite: the write calls `demo/goods/add` and `demo/goods/update` (each write
// changes the record, so each records a history row) on a server that records history against the same build with
// JOINERY_HISTORY=off (the revision and its check stay) — two servers side by side, 10 connections, alternating
// rounds, median ratio. Two figures per round: writes per second, and the server process's CPU time per write (from
// /proc: on a machine busy with other work, throughput swings with what else runs; the CPU a write costs much less).
// Target: with history ≥ 85% of without (within 15%) by CPU per write. Ports BENCH_PORT (default 8330) and the next.
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

/** CPU time (user + system, ms) a process has used so far; undefined where /proc is not there. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** One load of a write call; `body(n)` makes the n-th request's body (every update changes its record). */
async function load(s, action, body) {
  let n = 0;
  const cpu0 = cpuMs(s.child.pid);
  const r = await autocannon({
    url: `${s.base}/admin/demo/goods/${action}`,
    method: 'POST',
    connections: 10,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: s.token },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(body(n++, s)) }) }],
  });
  const cpu1 = cpuMs(s.child.pid);
  const writes = r['2xx'];
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    cpuPerWrite: cpu0 === undefined || cpu1 === undefined || writes === 0 ? undefined : (cpu1 - cpu0) / writes,
  };
}

const pct = (x) => (x === undefined ? '?' : `${(x * 100).toFixed(1)}%`);
const ms = (x) => (x === undefined ? '?' : `${x.toFixed(2)} ms`);

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
      const cpu =
        without.cpuPerWrite && withHistory.cpuPerWrite ? without.cpuPerWrite / withHistory.cpuPerWrite : undefined;
      rounds.push({ without, withHistory, ratio: withHistory.rps / without.rps, cpu });
      console.log(
        `  ${action} round ${i + 1}: without history ${without.rps.toFixed(0)}/s ${ms(without.cpuPerWrite)} CPU a write, with ${withHistory.rps.toFixed(0)}/s ${ms(withHistory.cpuPerWrite)} — throughput ${pct(withHistory.rps / without.rps)}, CPU ${pct(cpu)}`,
      );
    }
    const median = (key) => [...rounds].sort((a, b) => (a[key] ?? 0) - (b[key] ?? 0))[Math.floor(rounds.length / 2)];
    const byRate = median('ratio');
    const byCpu = median('cpu');
    const errors = rounds.reduce((n, r) => n + r.without.errors + r.withHistory.errors, 0);
    const figure = byCpu.cpu ?? byRate.ratio;
    const ok = figure >= 0.85 && errors === 0;
    failed ||= !ok;
    console.log(
      `demo/goods/${action}: with history ${byRate.withHistory.rps.toFixed(0)}/s (p99 ${byRate.withHistory.p99} ms), without ${byRate.without.rps.toFixed(0)}/s (p99 ${byRate.without.p99} ms): throughput ${pct(byRate.ratio)}; CPU a write ${ms(byCpu.withHistory.cpuPerWrite)} with, ${ms(byCpu.without.cpuPerWrite)} without: ${pct(byCpu.cpu)} — medians of ${ROUNDS} rounds, ${errors} errors (target ≥ 85% by CPU a write) — ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
} finally {
  await stopServer(on.child);
  await stopServer(off.child);
  fs.rmSync(on.dataDir, { recursive: true, force: true });
  fs.rmSync(off.dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
