// The field history's cost measured in one process (issue 31; `npx tsx bench/history-ab.ts`): the same server writes
// `demo/goods/add` and `demo/goods/update` (each update changes its record) in alternating blocks of 250 with the
// entity's history switched off and on, and compares the process's CPU time per write (process.cpuUsage, all threads).
// Both sides share everything else — the database file, the caches, the machine's other load — so the ratio holds on a
// busy machine where throughput does not (bench/history.mjs measures two servers side by side). Target: ≥ 0.85.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hb-'));
const app = await buildApp({
  databaseUrl: `sqlite:${path.join(dir, 'db.sqlite')}`,
  dataDir: dir,
  captcha: false,
  seedHistory: false,
  uiDir: path.join(dir, 'no-ui'),
} as never);
const login = await app.inject({
  method: 'POST',
  url: '/admin/base/open/login',
  payload: { username: 'admin', password: '123456' },
});
const token = (login.json() as { data: { token: string } }).data.token;
const entity = app.joinery.registry.get('demo/goods') as { history: boolean };
const goods = { title: 'bench', price: 12900, type: 0, description: 'oak stool', status: 1, stock: 1 };
const add = () =>
  app.inject({ method: 'POST', url: '/admin/demo/goods/add', headers: { authorization: token }, payload: goods });
const ids: number[] = [];
for (let i = 0; i < 100; i++) ids.push(((await add()).json() as { data: { id: number } }).data.id);
let k = 0;
const upd = () =>
  app.inject({
    method: 'POST',
    url: '/admin/demo/goods/update',
    headers: { authorization: token },
    payload: { id: ids[k % 100], price: 10000 + (k++ % 5000), stock: k % 97 },
  });
const block = async (n: number, f: () => Promise<unknown>) => {
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000 / n;
};
for (const [name, f] of [
  ['add', add],
  ['update', upd],
] as const) {
  await block(300, f);
  const on: number[] = [];
  const off: number[] = [];
  for (let r = 0; r < 8; r++) {
    entity.history = false;
    off.push(await block(250, f));
    entity.history = true;
    on.push(await block(250, f));
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ratios = on.map((x, i) => off[i] / x);
  const ok = med(ratios) >= 0.85;
  console.log(
    `demo/goods/${name}: CPU a write ${med(on).toFixed(3)} ms with history, ${med(off).toFixed(3)} ms without: ${(med(ratios) * 100).toFixed(1)}% (median of 8 alternating blocks; ${ratios.map((x) => x.toFixed(2)).join(' ')}) (target ≥ 85%) — ${ok ? 'PASS' : 'FAIL'}`,
  );
  if (!ok) process.exitCode = 1;
}
await app.close();
fs.rmSync(dir, { recursive: true, force: true });
