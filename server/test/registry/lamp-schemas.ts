import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SCHEMAS_DIR } from '../../paths.js';

/** What the schema loading tests (schema-load-*.test.ts) share: a small entity of our own and schema folders. */

export const label = (en: string) => ({ 'zh-cn': en, 'zh-tw': en, en });

/** A small entity of our own, so the tests can grow and shrink it without touching the real ones. */
export function lampSchema(properties: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    type: 'object',
    'x-module': 'shop',
    'x-prefix': 'shop/lamp',
    'x-table': 'shop_lamp',
    'x-class': 'ShopLampEntity',
    'x-title': label('Lamps'),
    'x-api': ['add', 'delete', 'update', 'info', 'list', 'page'],
    required: ['title'],
    properties,
    ...extra,
  };
}
export const TITLE = { type: 'string', maxLength: 60, 'x-label': label('Title'), 'x-search': 'keyword' };
export const NOTE = { type: ['string', 'null'], maxLength: 200, 'x-label': label('Note') };
export const WATTS = { type: 'integer', minimum: 0, default: 40, 'x-label': label('Watts') };

/** A copy of the real schemas folder plus extra files (relative path → JSON or raw text). */
export function schemasWith(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-schemas-'));
  fs.cpSync(SCHEMAS_DIR, dir, { recursive: true });
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}
