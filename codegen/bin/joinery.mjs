#!/usr/bin/env node
// The `joinery` command (package.json "bin"): runs the TypeScript CLI through tsx, so it works from a clone after `npm install`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
