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
    fileParallelism: true,
    maxWorkers: 2,
    // The longest files first, also on a fresh checkout (server/test/support/vitest-sequencer.ts).
    sequence: { sequencer: HeavyFirstSequencer },
  },
});
