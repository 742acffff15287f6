import { defineConfig } from 'vitest/config';
import { HeavyFirstSequencer } from './server/test/support/vitest-sequencer.js';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'codegen/**/*.test.ts', 'runtime/**/*.test.ts', 'runtime/**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'runtime/e2e/**'],
    globalSetup: ['server/test/support/global-templates.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker runs its test files one after another in one process and module graph: each file used to import the
    // whole server again (122 s of a 480 s run). Tests therefore leave module state as they found it (the keyword-index
    // threshold, the page-shape cache, process.env, console spies); every app a file starts, it closes.
    isolate: false,
    fileParallelism: true,
    maxWorkers: 2,
    // The longest files first, also on a fresh checkout (server/test/support/vitest-sequencer.ts).
    sequence: { sequencer: HeavyFirstSequencer },
  },
});
