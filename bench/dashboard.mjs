// Dashboard over 1,000,000 orders (QUALITY.md: < 200 ms): GET /admin/base/comm/chart for every period, p50 per period,
// on SQLite and PostgreSQL (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/test; BENCH_DIALECTS=sqlite to skip it).
// Orders are written after the schema exists, so the database triggers keep the daily rollup exactly as in production.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../dist/server/app.js';
import { tempDatabase } from './lib/temp-database.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const MEMBERS = 20_000;
const DAYS = 548;
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const PERIODS = ['today', 'week', 'month', 'year', 'fullYear'];
const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');

const pad = (n) => String(n).padStart(2, '0');
const text = (d) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
const today = new Date();
today.setHours(0, 0, 0, 0);

/** The i-th generated order: spread over 548 days, every status, amounts 500–30,000 yuan (cents). Deterministic. */
function order(i) {
  const h = Math.imul(i ^ 0x9e3779b9, 2654435761) >>> 0;
  const day = i % DAYS;
  const at = new Date(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() - day,
    8 + (h % 15),
    (h >>> 4) % 60,
    (h >>> 10) % 60,
  );
  const status = day > 40 ? ((h >>> 16) % 10 === 0 ? 3 : 2) : (h >>> 16) % 4;
  const amount = 50_000 + ((h >>> 8) % 2_950) * 1000;
  return [`B${i}`, 1 + (h % MEMBERS), amount, Math.round(amount * 0.95), status, text(at)];
}

function progress(label, done, total, t0) {
  process.stdout.write(
    `\r  ${label}: ${done.toLocaleString()} / ${total.toLocaleString()} (${((performance.now() - t0) / 1000).toFixed(0)} s)   `,
  );
  if (done === total) process.stdout.write('\n');
}

async function fillSqlite(file) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const t0 = performance.now();
  const member = db.prepare(
    'insert into user_info (nickName, phone, unionid, status, gender, loginType, balance, createTime, updateTime) values (?, ?, ?, 1, 0, 0, 0, ?, ?)',
  );
  db.transaction(() => {
    for (let i = 0; i < MEMBERS; i++) {
      const t = text(new Date(today.getTime() - (i % DAYS) * 86_400_000 + 36_000_000));
      member.run(`bench${i}`, `17${String(i).padStart(9, '0')}`, `bench-${i}`, t, t);
    }
  })();
  const insert = db.prepare(
    'insert into order_info (orderNo, userId, amount, payAmount, status, auditStatus, discountId, createTime, updateTime) values (?, ?, ?, ?, ?, 0, 1, ?, ?)',
  );
  const batch = 50_000;
  for (let from = 0; from < ORDERS; from += batch) {
    db.transaction(() => {
      for (let i = from; i < Math.min(ORDERS, from + batch); i++) {
        const [no, user, amount, pay, status, at] = order(i);
        insert.run(no, user, amount, pay, status, at, at);
      }
    })();
    progress('sqlite orders', Math.min(ORDERS, from + batch), ORDERS, t0);
  }
  db.close();
}

async function fillPostgres(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = performance.now();
  await c.query(`insert into user_info ("nickName", phone, unionid, status, gender, "loginType", balance, "createTime", "updateTime")
    select 'bench' || i, '17' || lpad(i::text, 9, '0'), 'bench-' || i, 1, 0, 0, 0, to_char(now() - (i % ${DAYS}) * interval '1 day', 'YYYY-MM-DD HH24:MI:SS'), to_char(now(), 'YYYY-MM-DD HH24:MI:SS')
    from generate_series(0, ${MEMBERS - 1}) as i`);
  const batch = 2000;
  for (let from = 0; from < ORDERS; from += batch) {
    const values = [];
    const params = [];
    for (let i = from; i < Math.min(ORDERS, from + batch); i++) {
      const [no, user, amount, pay, status, at] = order(i);
      const b = params.length;
      values.push(`($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, 0, 1, $${b + 6}, $${b + 6})`);
      params.push(no, user, amount, pay, status, at);
    }
    await c.query(
      `insert into order_info ("orderNo", "userId", amount, "payAmount", status, "auditStatus", "discountId", "createTime", "updateTime") values ${values.join(',')}`,
      params,
    );
    if ((from / batch) % 25 === 24 || from + batch >= ORDERS)
      progress('postgres orders', Math.min(ORDERS, from + batch), ORDERS, t0);
  }
  await c.query('analyze');
  await c.end();
}

async function measure(app) {
  const login = await app.inject({
    method: 'POST',
    url: '/admin/base/open/login',
    payload: { username: 'admin', password: '123456' },
  });
  const token = login.json().data.token;
  const out = {};
  for (const period of PERIODS) {
    const times = [];
    let body;
    for (let i = 0; i < RUNS + 3; i++) {
      const t0 = performance.now();
      const r = await app.inject({
        method: 'GET',
        url: `/admin/base/comm/chart?period=${period}`,
        headers: { authorization: token },
      });
      const ms = performance.now() - t0;
      if (r.statusCode !== 200) throw new Error(`chart ${period}: ${r.statusCode} ${r.body.slice(0, 200)}`);
      body = r.json().data;
      if (i >= 3) times.push(ms);
    }
    times.sort((a, b) => a - b);
    out[period] = { p50: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)], body };
  }
  return out;
}

async function bench(dialect) {
  const { dataDir, url, drop } = await tempDatabase(dialect, 'dash');
  const options = { databaseUrl: url, dataDir, uiDir: path.join(dataDir, 'ui'), seedHistory: false, captcha: false };
  try {
    await (await buildApp(options)).close(); // tables, triggers, the base seed
    if (dialect === 'sqlite') await fillSqlite(url.slice('sqlite:'.length));
    else await fillPostgres(url);
    const app = await buildApp(options);
    try {
      const result = await measure(app);
      const total = result.today.body.payments.total;
      console.log(
        `  ${dialect}: ${ORDERS.toLocaleString()} orders (${total.toLocaleString()} paid, sales ¥${(result.today.body.sales.total / 100).toLocaleString()}), ${RUNS} calls per period:`,
      );
      for (const p of PERIODS)
        console.log(`    ${p.padEnd(8)} p50 ${result[p].p50.toFixed(1)} ms, p95 ${result[p].p95.toFixed(1)} ms`);
      const worst = Math.max(...PERIODS.map((p) => result[p].p50));
      console.log(
        `  ${dialect}: worst p50 ${worst.toFixed(1)} ms (target < 200 ms) — ${worst < 200 ? 'PASS' : 'FAIL'}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await drop();
  }
}

for (const d of dialects) await bench(d);
