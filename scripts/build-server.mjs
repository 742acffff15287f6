// Bundles the server into dist/server/ (main.js listens; app.js exports buildApp for benchmarks).
// Dependencies stay in node_modules; schemas and seed files are read from the project folder.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts', 'server/app.ts'],
  outdir: 'dist/server',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
