import type { ErrorEntry } from './define.js';
import { AUTH, DELEGATION } from './auth.js';
import { BASE } from './base.js';
import { CODING } from './coding.js';
import { CRUD } from './crud.js';
import { FIELDS } from './fields.js';
import { GENERAL } from './general.js';
import { HISTORY } from './history.js';
import { IMPORT } from './import.js';
import { PLUGIN } from './plugin.js';
import { SHOP } from './shop.js';
import { SKU } from './sku.js';
import { TASK } from './task.js';
import { UPLOAD } from './upload.js';
import { VALIDATION } from './validation.js';
import { WORDS } from './words.js';

/**
 * The error catalogue: every failure the server sends, by stable id (`errorCode` in the reply). Split by area; an
 * area's file defines its entries with `defineErrors` and is spread in here. How to add one: server/core/errors/README.md.
 */
const AREAS = {
  GENERAL,
  VALIDATION,
  FIELDS,
  CRUD,
  HISTORY,
  IMPORT,
  AUTH,
  DELEGATION,
  BASE,
  UPLOAD,
  CODING,
  PLUGIN,
  SHOP,
  SKU,
  TASK,
  WORDS,
} as const;

export const E = {
  ...GENERAL,
  ...VALIDATION,
  ...FIELDS,
  ...CRUD,
  ...HISTORY,
  ...IMPORT,
  ...AUTH,
  ...DELEGATION,
  ...BASE,
  ...UPLOAD,
  ...CODING,
  ...PLUGIN,
  ...SHOP,
  ...SKU,
  ...TASK,
  ...WORDS,
};

/** Every entry with the area it is defined in (for the catalogue test and the README's list). */
export function catalogueEntries(): { area: string; entry: ErrorEntry }[] {
  return Object.entries(AREAS).flatMap(([area, entries]) =>
    Object.values(entries as Record<string, ErrorEntry>).map((entry) => ({ area, entry })),
  );
}
