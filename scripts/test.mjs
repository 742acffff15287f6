// `npm test`: lint and format check, type-check, unit + integration tests (SQLite and PostgreSQL), then browser tests against the built UI.
// Ends with one line "N passed, N failed" summing every runner.
import { spawnSync } from 'node:child_process';
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

step('Lint and format check (Biome; any warning fails)', 'npx', ['biome', 'ci', '--error-on-warnings', '.']);
step('Type-check the server', 'npx', ['tsc', '-p', 'tsconfig.json']);
if (fs.existsSync('runtime/tsconfig.json'))
  step('Type-check the runtime', 'npx', ['tsc', '-p', 'runtime/tsconfig.json']);

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

if (fs.existsSync('runtime/e2e/playwright.config.ts')) {
  const built =
    step('Build the UI', 'npx', ['vite', 'build', '--config', 'runtime/vite.config.ts', '--logLevel', 'warn']) &&
    step('Build the server', 'node', ['scripts/build-server.mjs']);
  if (built) {
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
