import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * Starts a server script (Joinery's dist/server/main.js or a baseline) in a process of its own, its output going to a
 * file in logDir: a server sharing the benchmark's process (which also runs the load generator) would slow the load
 * it sends. Ready when it prints its ready line; refused when it exits first or takes more than 60 s.
 */
export function startServer(args, env, logDir) {
  const out = path.join(logDir, `${path.basename(args[0], '.mjs')}-${env.PORT ?? 'default'}.log`);
  const fd = fs.openSync(out, 'w');
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', fd, 'inherit'],
  });
  fs.closeSync(fd);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (/ready|listening|Server listening/i.test(fs.readFileSync(out, 'utf8').slice(0, 100_000))) {
        clearInterval(poll);
        resolve(child);
      } else if (Date.now() - started > 60_000) {
        clearInterval(poll);
        reject(new Error('server did not start in 60 s'));
      }
    }, 50);
    child.on('exit', (code) => {
      clearInterval(poll);
      reject(new Error(`server exited with ${code}`));
    });
  });
}

/** Stops a server started by startServer and waits for its exit. */
export async function stopServer(child) {
  if (child.exitCode !== null) return;
  child.kill();
  await new Promise((resolve) => child.once('exit', resolve));
}
