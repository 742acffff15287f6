// Page call (20 rows, keyword, sort, auth + permission + op log) vs two baselines, 10 connections, same run:
// - the honest floor: a hand-written Fastify route running the same SQL statements (captured from Joinery's own page
//   call with JOINERY_SQL_LOG) with prepared better-sqlite3 statements, no auth. Target (issue 12, raised by issue 30): Joinery ≥ 80%.
// - a bare Fastify JSON route with constant rows (no database): reported, as QUALITY.md asks, with no target.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './lib/server-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
/**
 * Alternating measurements of the floor and of Joinery (BENCH_ROUNDS, odd: the median is one of them). Many short
 * rounds rather than a few long ones: a shared machine's speed drifts by the minute, and the median of many close
 * pairs follows it best.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);

const start = (args, env) => startServer(args, env, dataDir);

/** CPU time a process has used so far, in µs (Linux: /proc/<pid>/stat; undefined elsewhere). */
function cpuMicros(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / 100);
  } catch {
    return undefined;
  }
}

async function load(url, headers, body, pid) {
  const before = pid && cpuMicros(pid);
  const r = await autocannon({
    url,
    method: 'POST',
    connections: 10,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const after = pid && cpuMicros(pid);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    cpuPerRequest:
      before !== undefined && after !== undefined && r.requests.total ? (after - before) / r.requests.total : undefined,
  };
}

if (!fs.existsSync(path.join(root, 'dist/server/main.js')))
  throw new Error('build the server first: node scripts/build-server.mjs');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-bench-'));
const env = {
  PORT: '8301',
  HOST: '127.0.0.1',
  JOINERY_DATA_DIR: dataDir,
  JOINERY_CAPTCHA: 'off',
  ...(process.env.JOINERY_LOG ? { JOINERY_LOG: process.env.JOINERY_LOG } : {}),
};
const body = { page: 1, size: 20, keyWord: '木', order: 'price', sort: 'desc' };
const login = async () =>
  (
    await (
      await fetch('http://127.0.0.1:8301/admin/base/open/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: '123456' }),
      })
    ).json()
  ).data.token;
const pageCall = (token) =>
  fetch('http://127.0.0.1:8301/admin/product/info/page', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });

// 1. The statements of one page call, as Joinery runs them (a warm call: sessions and rights cached).
const sqlLog = path.join(dataDir, 'sql.log');
let joinery = await start(['dist/server/main.js'], { ...env, JOINERY_SQL_LOG: sqlLog });
let token = await login();
await pageCall(token);
fs.writeFileSync(sqlLog, '');
await pageCall(token);
joinery.kill();
await new Promise((r) => joinery.once('exit', r));
const statements = fs
  .readFileSync(sqlLog, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
  // the page's own statements: those about the product table (auth, the op log and background polls left out)
  .filter((s) => /product_info/.test(s.sql) || /joinery_row_count/.test(s.sql));
const statementsFile = path.join(dataDir, 'statements.json');
fs.writeFileSync(statementsFile, JSON.stringify(statements));
console.log(
  `the page call runs ${statements.length} statement(s) of its own: ${statements.map((s) => s.sql.slice(0, 60)).join(' | ')}`,
);

// 2. The three servers, measured one after the other in this run.
joinery = await start(['dist/server/main.js'], env);
const bare = await start(['bench/bare-server.mjs'], { PORT: '8302' });
const sameSql = await start(['bench/same-sql-server.mjs'], {
  PORT: '8303',
  STATEMENTS: statementsFile,
  DB_FILE: path.join(dataDir, 'joinery.db'),
});
try {
  token = await login();
  await load('http://127.0.0.1:8302/page', {}, body); // warm-up
  await load('http://127.0.0.1:8303/page', {}, body);
  await load('http://127.0.0.1:8301/admin/product/info/page', { authorization: token }, body);
  // The two measured in alternation, ROUNDS times (the machine's speed drifts over a run: a ratio of two measurements
  // taken seconds apart is steadier than one of two taken a minute apart); the median ratio is the figure.
  const base = await load('http://127.0.0.1:8302/page', {}, body);
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const floor = await load('http://127.0.0.1:8303/page', {}, body, sameSql.pid);
    const ours = await load(
      'http://127.0.0.1:8301/admin/product/info/page',
      { authorization: token },
      body,
      joinery.pid,
    );
    rounds.push({ floor, ours, ratio: ours.rps / floor.rps });
    console.log(
      `  round ${i + 1}: same-SQL route ${floor.rps.toFixed(0)} req/s, Joinery ${ours.rps.toFixed(0)} req/s (p99 ${ours.p99} ms, errors ${ours.errors}) — ${((ours.rps / floor.rps) * 100).toFixed(1)}%`,
    );
  }
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
  const errors = rounds.reduce((n, r) => n + r.ours.errors + r.floor.errors, 0);
  const { floor, ours } = median;
  console.log(
    `bare Fastify route (no SQL):      ${base.rps.toFixed(0)} req/s, p99 ${base.p99} ms, errors ${base.errors}`,
  );
  console.log(
    `hand-written route, same SQL:     ${floor.rps.toFixed(0)} req/s, p99 ${floor.p99} ms (the median round)`,
  );
  console.log(`Joinery page call:                ${ours.rps.toFixed(0)} req/s, p99 ${ours.p99} ms (the median round)`);
  const vsFloor = median.ratio;
  const vsBare = ours.rps / base.rps;
  console.log(
    `ratio: ${(vsFloor * 100).toFixed(1)}% of the same-SQL route, median of ${ROUNDS} rounds, ${errors} errors (target ≥ 80%, 0 errors) — ${vsFloor >= 0.8 && errors === 0 ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `(reported) ${(vsBare * 100).toFixed(1)}% of the constant-JSON route; the same-SQL route itself does ${((floor.rps / base.rps) * 100).toFixed(1)}% of it`,
  );
  const cpu = rounds
    .filter((r) => r.floor.cpuPerRequest && r.ours.cpuPerRequest)
    .map((r) => r.floor.cpuPerRequest / r.ours.cpuPerRequest)
    .sort((a, b) => a - b);
  if (cpu.length) {
    const mid = (xs) => xs[Math.floor(xs.length / 2)];
    console.log(
      `(reported) server CPU per request, median round: same-SQL route ${mid(rounds.map((r) => r.floor.cpuPerRequest).sort((a, b) => a - b)).toFixed(0)} µs, Joinery ${mid(rounds.map((r) => r.ours.cpuPerRequest).sort((a, b) => a - b)).toFixed(0)} µs; the floor's share of Joinery's, median of rounds: ${(mid(cpu) * 100).toFixed(1)}%`,
    );
  }
} finally {
  joinery.kill();
  bare.kill();
  sameSql.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
