// Runs every benchmark in turn (builds the server bundle first).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status;
run(['scripts/build-server.mjs']);
for (const b of ['bench/startup.mjs', 'bench/page-throughput.mjs', 'bench/scheduler.mjs']) {
  console.log(`\n== ${b}`);
  run([b]);
}
