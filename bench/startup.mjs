// Server start with every built-in entity on an existing database: time to ready (target < 1 s).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../dist/server/app.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-start-'));
const options = { databaseUrl: `sqlite:${path.join(dataDir, 'j.db')}`, dataDir, uiDir: path.join(dataDir, 'ui') };
await (await buildApp(options)).close(); // first start creates and seeds
const times = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const app = await buildApp(options);
  times.push(performance.now() - t0);
  await app.close();
}
times.sort((a, b) => a - b);
console.log(
  `start to ready on an existing database: median ${times[2].toFixed(0)} ms, worst ${times[4].toFixed(0)} ms (target < 1000 ms) — ${times[4] < 1000 ? 'PASS' : 'FAIL'}`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
