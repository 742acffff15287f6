import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';

/**
 * Starts one real server (dist/server/main.js) per Playwright worker, each on a fresh temporary data directory and
 * database with the captcha off, serving the built UI (dist/ui); stops them and removes the directories after the
 * run. A worker's specs run one after another against its own server (fixtures.ts points `baseURL` at it), so rows
 * of one worker never race another's. It builds nothing: run `node scripts/build-server.mjs` and
 * `npx vite build --config runtime/vite.config.ts` first.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const firstPort = Number(process.env.E2E_PORT ?? 8201);

/** The port of the server of worker `parallelIndex` (0, 1, …): 10 apart, so each has the next one for its model. */
export function serverPort(parallelIndex: number): number {
  return firstPort + 10 * parallelIndex;
}

/**
 * Where a server looks for its language model (an OpenAI-compatible endpoint): the port after the server's. Nothing
 * listens there until a spec starts its fake LLM (ai-code-llm.spec.ts), so every other spec sees a model that cannot
 * be reached, which only the sentence input would call.
 */
export function llmPort(parallelIndex: number): number {
  return serverPort(parallelIndex) + 1;
}

async function waitForServer(child: ChildProcess, port: number, log: () => string): Promise<void> {
  // E2E_SERVER_WAIT_MS: a start on a busy machine can take longer than the usual 30 s (38 s was seen on a loaded 2-core machine).
  const wait = Number(process.env.E2E_SERVER_WAIT_MS ?? 90_000);
  const deadline = Date.now() + wait;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log()}`);
    try {
      const reply = await fetch(`http://127.0.0.1:${port}/admin/base/comm/program`);
      if (reply.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer on port ${port} within ${wait / 1000} s:\n${log()}`);
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  for (const [file, how] of [
    ['dist/server/main.js', 'node scripts/build-server.mjs'],
    ['dist/ui/index.html', 'npx vite build --config runtime/vite.config.ts'],
  ]) {
    if (!fs.existsSync(path.join(root, file)))
      throw new Error(`${file} is missing: run \`${how}\` before the browser tests`);
  }
  const servers = await Promise.allSettled(
    Array.from({ length: Math.max(1, config.workers) }, (_, i) => startServer(i)),
  );
  const started = servers.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(started.map((stop) => stop()));
  };
  const failed = servers.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw (failed as PromiseRejectedResult).reason;
  }
  return stopAll;
}

async function startServer(parallelIndex: number): Promise<() => Promise<void>> {
  const port = serverPort(parallelIndex);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-e2e-'));
  // Serve a snapshot of the build, so a rebuild of dist/ui during the run cannot pull files from under the browser.
  const uiDir = path.join(dataDir, 'ui');
  fs.cpSync(path.join(root, 'dist/ui'), uiDir, { recursive: true });
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      JOINERY_DATA_DIR: dataDir,
      JOINERY_CAPTCHA: 'off',
      JOINERY_UI_DIR: uiDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'joinery.db')}`,
      JOINERY_LLM_URL: `http://127.0.0.1:${llmPort(parallelIndex)}/v1`,
      JOINERY_LLM_KEY: 'e2e-key',
      JOINERY_LLM_MODEL: 'e2e-model',
      JOINERY_LLM_TIMEOUT_MS: '15000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitForServer(child, port, () => output);
  } catch (e) {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }

  return async () => {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
