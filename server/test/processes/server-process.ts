import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Polls until `check` holds, or fails after `ms` naming what was awaited. */
export async function until(ms: number, what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await check()) return;
    if (Date.now() - started > ms) throw new Error(`${what}: not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A free port on 127.0.0.1 (asked of the system, then let go for the child to take). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has ended. */
  exited: Promise<number | string>;
};

/**
 * The real server in a process of its own (`node --import tsx server/main.ts`, as `npm start` runs the built one), on a
 * test app's database and data folder, listening on a free port; resolves once it says it listens.
 */
export async function startServerProcess(
  target: { url: string; dataDir: string },
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: target.url,
      JOINERY_DATA_DIR: target.dataDir,
      JOINERY_UI_DIR: path.join(target.dataDir, 'no-ui'),
      PORT: String(port),
      HOST: '127.0.0.1',
      JOINERY_CAPTCHA: 'off',
      JOINERY_LOG: 'warn',
      JOINERY_WORKERS: '1',
      ...env,
    },
  });
  let said = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    said += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    said += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  await until(120_000, 'the server process listening', () => {
    if (child.exitCode !== null)
      throw new Error(`the server process ended (${child.exitCode}) before it listened:\n${said}`);
    return said.includes('listening on');
  });
  return { child, port, base: `http://127.0.0.1:${port}`, output: () => said, exited };
}

/** Ends a server process still running (SIGKILL), for afterAll. */
export async function killServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}
