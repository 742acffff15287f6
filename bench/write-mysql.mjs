// Product writes on MySQL/MariaDB, in process (buildApp, app.inject), on a new database: the median of N−100 single
// adds, adds per second with 10 at once, medians of 200 updates of the keyword columns, 200 of the price alone, 100
// deletes, and one batch add of 500. For comparing two builds of the server (the keyword triggers' cost):
//   node bench/write-mysql.mjs [dist folder, default ./dist]   (N=1500, BENCH_MYSQL_URL as in lib/temp-database.mjs)
// A build of another commit: git archive <commit> | tar -x -C /tmp/other && (cd /tmp/other && ln -s <repo>/node_modules
// && node scripts/build-server.mjs), then pass /tmp/other/dist. Run the two alternately: the figures vary run to run.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
const dist = path.resolve(process.argv[2] ?? 'dist');
const { buildApp } = await import(path.join(dist, 'server/app.js'));
const { tempDatabase } = await import('./lib/temp-database.mjs');
const { product } = await import('./lib/products.mjs');
const N = Number(process.env.N ?? 1500);
const { dataDir, url, drop } = await tempDatabase('mysql', 'wr');
const options = { databaseUrl: url, dataDir, uiDir: path.join(dataDir, 'ui'), seedHistory: false, captcha: false };
const app = await buildApp(options);
try {
  const login = await app.inject({
    method: 'POST',
    url: '/admin/base/open/login',
    payload: { username: 'admin', password: '123456' },
  });
  const token = login.json().data.token;
  const call = async (action, payload) => {
    const r = await app.inject({
      method: 'POST',
      url: `/admin/product/info/${action}`,
      payload,
      headers: { authorization: token },
    });
    if (r.statusCode !== 200) throw new Error(r.body);
    return r.json().data;
  };
  const body = (i) => {
    const p = product(i);
    return { name: p.name, code: p.code, price: p.price, status: p.status, categoryId: p.categoryId };
  };
  const med = (a) => {
    a.sort((x, y) => x - y);
    return a[Math.floor(a.length / 2)];
  };
  for (let i = 0; i < 100; i++) await call('add', body(i)); // warm
  const adds = [];
  for (let i = 100; i < N; i++) {
    const t0 = performance.now();
    await call('add', body(i));
    adds.push(performance.now() - t0);
  }
  // 10 at once
  let next = N;
  const t0 = performance.now();
  const end = N + N;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < end) {
        const i = next++;
        await call('add', body(i));
      }
    }),
  );
  const perSec = N / ((performance.now() - t0) / 1000);
  const page = await call('page', { page: 1, size: 200, order: 'id', sort: 'asc' });
  const ids = page.list.map((r) => r.id);
  const updName = [];
  const updPrice = [];
  const dels = [];
  for (const [k, id] of ids.entries()) {
    const t = performance.now();
    await call('update', { id, name: `改名 ${k} Renamed`, code: `R${k}` });
    updName.push(performance.now() - t);
  }
  for (const [k, id] of ids.entries()) {
    const t = performance.now();
    await call('update', { id, price: 100 + k });
    updPrice.push(performance.now() - t);
  }
  for (const id of ids.slice(0, 100)) {
    const t = performance.now();
    await call('delete', { ids: [id] });
    dels.push(performance.now() - t);
  }
  const batch = Array.from({ length: 500 }, (_, k) => body(10_000_000 + k));
  const tb = performance.now();
  await call('add', batch);
  const batchMs = performance.now() - tb;
  console.log(
    JSON.stringify({
      dist: process.argv[2],
      addMedianMs: med(adds).toFixed(2),
      addsPerSec10: perSec.toFixed(0),
      updateNameMs: med(updName).toFixed(2),
      updatePriceMs: med(updPrice).toFixed(2),
      deleteMs: med(dels).toFixed(2),
      batch500Ms: batchMs.toFixed(0),
    }),
  );
} finally {
  await app.close();
  await drop();
}
