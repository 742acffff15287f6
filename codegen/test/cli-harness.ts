import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { main } from '../cli/main.js';
import { ROOT, SCHEMAS_DIR } from '../../server/paths.js';

/** What the CLI tests share: running `joinery`, in this process or as the bin, and copies of the schemas folder. */
export const run = promisify(execFile);
export const BIN = path.join(ROOT, 'codegen', 'bin', 'joinery.mjs');
export const TSC = path.join(ROOT, 'node_modules', '.bin', 'tsc');

/** A temporary folder for one test file; messages in English (the machine's locale must not decide). */
export function cliTestDir(name: string): string {
  process.env.LC_ALL = 'C';
  process.env.DATABASE_URL = '';
  return fs.mkdtempSync(path.join(os.tmpdir(), `joinery-${name}-`));
}

/**
 * Runs `joinery …` in this process through main() (what bin/joinery.mjs calls): a child process per command would
 * load the server's code again each time.
 */
export async function joinery(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, stdout: `${out.join('\n')}\n`, stderr: `${err.join('\n')}\n` };
}

/** `joinery …` as a developer runs it: the bin, as a child process. */
export async function bin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', LC_ALL: 'C' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

/** A copy of the project's schemas folder under `dir`. */
export function schemasCopy(dir: string, name: string): string {
  const copy = path.join(dir, name);
  fs.cpSync(SCHEMAS_DIR, copy, { recursive: true });
  return copy;
}
