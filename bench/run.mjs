// Runs every benchmark in turn (builds the server bundle, and the UI for ui-load, first); `node bench/run.mjs dashboard` runs only the named ones.
// Ends with one line: the benchmarks with a figure that failed or that did not run to their end (a crash, a signal,
// an unsettled await: their missing figures must not read as passes), or that every one ran and passed.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** Runs node with the arguments, its output passed through as it comes; resolves to its exit code and whether a line said FAIL. */
const run = (args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] });
    let said = false;
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const text = tail + chunk.toString();
      if (/\bFAIL\b/.test(text)) said = true;
      tail = text.slice(-8);
    });
    child.on('close', (code, signal) => resolve({ code: code ?? signal, said }));
  });
const wanted = process.argv.slice(2);
const failed = [];
await run(['scripts/build-server.mjs']);
if (wanted.length === 0 || wanted.some((w) => 'bench/ui-load.mjs bench/ui-list.mjs'.includes(w)))
  await run(['node_modules/vite/bin/vite.js', 'build', '--config', 'runtime/vite.config.ts', '--logLevel', 'warn']);
for (const b of [
  'bench/startup.mjs',
  'bench/page-throughput.mjs',
  'bench/write.mjs',
  'bench/history.mjs',
  'bench/scheduler.mjs',
  'bench/dashboard.mjs',
  'bench/search.mjs',
  'bench/export.mjs',
  'bench/workers.mjs',
  'bench/ui-load.mjs',
  'bench/ui-list.mjs',
].filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))) {
  console.log(`\n== ${b}`);
  const { code, said } = await run(b.includes('export') ? ['--expose-gc', b] : [b]);
  if (code !== 0) failed.push(`${b} (did not run to its end: exit ${code})`);
  else if (said) failed.push(`${b} (a figure failed)`);
}
console.log(failed.length ? `\nFAIL: ${failed.join('; ')}` : '\nevery benchmark ran to its end, every figure PASS');
process.exitCode = failed.length ? 1 : 0;
