// `npm test`: lint and format check, type checks and the builds side by side, then unit + integration tests (SQLite, PostgreSQL, MySQL), then browser tests against the built UI.
// Ends with one line "N passed, N failed" summing every runner.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-test-'));
let passed = 0;
let failed = 0;
let broken = false;

function step(what, cmd, args, env = {}) {
  console.log(`\n[test] ${what}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`[test] ${what}: exit ${r.status}`);
    broken = true;
  }
  return r.status === 0;
}

/**
 * Like step(), several at once (lint, type checks and the builds share no files and each is mostly one core): each
 * one's output is printed whole when it ends, so the log reads as if they ran one after another.
 */
async function together(steps) {
  const results = await Promise.all(
    steps.map(
      ([what, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (d) => {
            output += d;
          });
          child.stderr.on('data', (d) => {
            output += d;
          });
          child.on('close', (status) => {
            console.log(`\n[test] ${what}`);
            if (output) process.stdout.write(output);
            if (status !== 0) {
              console.error(`[test] ${what}: exit ${status}`);
              broken = true;
            }
            resolve(status === 0);
          });
        }),
    ),
  );
  return results;
}

const hasBrowserTests = fs.existsSync('runtime/e2e/playwright.config.ts');
// .ci/run installs with --ignore-scripts, so that the one long install step — compiling SQLite for better-sqlite3,
// a minute of one core — runs here beside the checks and builds, which do not load it, instead of before them.
const sqliteDriverMissing = !fs.existsSync('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const checked = await together([
  ...(sqliteDriverMissing
    ? [['Build the SQLite driver (better-sqlite3, from source)', 'npm', ['rebuild', 'better-sqlite3']]]
    : []),
  ['Lint and format check (Biome; any warning fails)', 'npx', ['biome', 'ci', '--error-on-warnings', '.']],
  ['Type-check the server', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['Type-check the runtime', 'npx', ['tsc', '-p', 'runtime/tsconfig.json']],
  ...(hasBrowserTests
    ? [
        ['Build the UI', 'npx', ['vite', 'build', '--config', 'runtime/vite.config.ts', '--logLevel', 'warn']],
        ['Build the server', 'node', ['scripts/build-server.mjs']],
      ]
    : []),
]);
const [ui, server] = hasBrowserTests ? checked.slice(-2) : [];

const vitestJson = path.join(out, 'vitest.json');
step('Unit and integration tests (SQLite, PostgreSQL, MySQL)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
} else broken = true;

if (hasBrowserTests) {
  if (ui && server) {
    const pwJson = path.join(out, 'playwright.json');
    step(
      'Browser tests (Chromium)',
      'npx',
      ['playwright', 'test', '--config', 'runtime/e2e/playwright.config.ts', '--reporter=list,json'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
    );
    if (fs.existsSync(pwJson)) {
      const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats;
      passed += s.expected + (s.flaky ?? 0);
      failed += s.unexpected;
    } else broken = true;
  }
}

if (broken && failed === 0) failed = 1; // a step that failed without counted tests still fails the run
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
