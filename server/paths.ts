import fs from 'node:fs';
import path from 'node:path';

/** The project root (the folder holding package.json), found from this file whether it runs from source or from dist/. */
function findRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`cannot find the Joinery folder above ${start}`);
    dir = up;
  }
  return dir;
}

export const ROOT = findRoot(import.meta.dirname);
export const SCHEMAS_DIR = path.join(ROOT, 'schemas');
export const META_SCHEMA_PATH = path.join(SCHEMAS_DIR, 'entity.schema.json');
export const SEED_DIR = path.join(ROOT, 'server', 'seed');
