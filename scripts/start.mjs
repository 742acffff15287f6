// `npm start`: install what is missing, build the UI and the server, then serve on PORT (default 8001).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

function run(cmd, args, what) {
  console.log(`[joinery] ${what}…`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  if (r.status !== 0) {
    console.error(`[joinery] ${what} failed (exit ${r.status}). Fix the error above and run npm start again.`);
    process.exit(r.status ?? 1);
  }
}

const newest = (dir) => {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'e2e') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
};
const mtime = (p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0);

const installed = path.join('node_modules', '.package-lock.json');
if (!fs.existsSync(installed) || mtime('package-lock.json') > mtime(installed)) {
  run(
    'npm',
    ['install', '--no-audit', '--no-fund'],
    'Installing dependencies (better-sqlite3 builds from source: a few minutes the first time)',
  );
}
// The UI imports shared facts from server/ (eps and proposal types, wire formats, the menu directories): a change
// there rebuilds it too. The server imports nothing from codegen/ (the CLI imports the server).
if (
  fs.existsSync('runtime/index.html') &&
  Math.max(newest('runtime'), newest('server'), mtime('package-lock.json')) > mtime('dist/ui/index.html')
) {
  run('npx', ['vite', 'build', '--config', 'runtime/vite.config.ts', '--logLevel', 'warn'], 'Building the UI');
}
if (newest('server') > mtime('dist/server/main.js')) run('node', ['scripts/build-server.mjs'], 'Building the server');

console.log(
  `[joinery] Starting on port ${process.env.PORT ?? 8001} (database ${process.env.DATABASE_URL ?? 'sqlite:./data/joinery.db'})`,
);
// The IPC channel ties the server to this launcher: if this process ends without passing a signal on (npm, as a
// container's first process, exits on SIGTERM at once), the server sees the channel close and shuts down as on SIGTERM.
// In production prefer `node dist/server/main.js` (README): signals then reach the server directly.
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(s, () => server.kill(s === 'SIGHUP' ? 'SIGTERM' : s));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
