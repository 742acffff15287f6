import fs from 'node:fs';
import path from 'node:path';
import type { Label } from './entity-types.js';
import { SEED_DIR } from '../../paths.js';

/** A directory of the menu tree (server/seed/menu-dirs.json); `parent` in x-menu names one by its key (e.g. sys/auth). */
export type MenuDir = { key: string; name: Label; icon?: string; orderNum: number; children?: MenuDir[] };

let dirsCache: MenuDir[] | undefined;
/** The directory tree every installation starts with. */
export function menuDirs(): MenuDir[] {
  dirsCache ??= JSON.parse(fs.readFileSync(path.join(SEED_DIR, 'menu-dirs.json'), 'utf8')) as MenuDir[];
  return dirsCache;
}

/** The path of directories from the root to the one with this key, or undefined when no directory has it. */
export function dirPath(key: string, dirs: MenuDir[] = menuDirs()): MenuDir[] | undefined {
  for (const d of dirs) {
    if (d.key === key) return [d];
    const below = d.children && dirPath(key, d.children);
    if (below) return [d, ...below];
  }
  return undefined;
}

/** Every directory key, depth first (sys, sys/auth, …, product, …). */
export function dirKeys(dirs: MenuDir[] = menuDirs()): string[] {
  return dirs.flatMap((d) => [d.key, ...dirKeys(d.children ?? [])]);
}

/**
 * The directory an entity page goes in: `x-menu.parent` when given, else its module's. A module with no directory in
 * menu-dirs.json gets one of its own (at the root, named after the module) when its first page is added, so a new
 * module needs no edit of that file. `parent` may name a directory of menu-dirs.json or the module's own.
 */
export const defaultParent = (module: string) => module;

/** Why `parent` cannot be an entity's menu directory (module `module`), or undefined when it can. */
export function parentProblem(parent: string, module: string): string | undefined {
  if (parent === module || dirPath(parent)) return undefined;
  return `x-menu.parent "${parent}" names no menu directory; the known ones are ${dirKeys().join(', ')} (server/seed/menu-dirs.json), or "${module}", this module's own`;
}
