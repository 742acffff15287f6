// Runs every benchmark in turn (builds the server bundle, and the UI for ui-load, first); `node bench/run.mjs dashboard` runs only the named ones.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status;
const wanted = process.argv.slice(2);
run(['scripts/build-server.mjs']);
if (wanted.length === 0 || wanted.some((w) => ('bench/ui-load.mjs bench/ui-list.mjs').includes(w))) run(['node_modules/vite/bin/vite.js', 'build', '--config', 'runtime/vite.config.ts', '--logLevel', 'warn']);
for (const b of ['bench/startup.mjs', 'bench/page-throughput.mjs', 'bench/scheduler.mjs', 'bench/dashboard.mjs', 'bench/search.mjs', 'bench/export.mjs', 'bench/workers.mjs', 'bench/ui-load.mjs', 'bench/ui-list.mjs'].filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))) {
  console.log(`\n== ${b}`);
  run(b.includes('export') ? ['--expose-gc', b] : [b]);
}
