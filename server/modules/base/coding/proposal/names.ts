import { asciiWords, hasHan } from './glossary.js';

/** Names a proposal may not use for fields, and how entity names become tables and classes. */

/** System fields the registry injects, and names that are dangerous as object keys in JavaScript. */
export const RESERVED_NAMES = new Set([
  'id',
  'createTime',
  'updateTime',
  'tenantId',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'keyWord',
  'page',
  'size',
  'order',
  'sort',
]);

/**
 * Words reserved by SQLite, PostgreSQL or MySQL/MariaDB (the union of their reserved lists that fit our name
 * pattern). Kysely quotes identifiers, but a column named `select` breaks hand-written SQL, exports and other tools.
 */
export const SQL_KEYWORDS = new Set(
  `
add all alter analyze and any array as asc asymmetric authorization between bigint binary blob both by call cascade case
cast change char character check collate column condition constraint continue convert create cross current database
databases dec decimal declare default deferrable delete desc describe distinct div double drop each else elseif
end escape except exists exit explain false fetch float for force foreign from full fulltext function grant group
having if ilike in index inner inout insert int integer intersect interval into is isnull join key keys kill leading leave
left like limit lines load localtime localtimestamp lock long loop match merge minus mod natural not notnull null numeric
of offset on only optimize option or order out outer over overlaps partition placing precision primary procedure range
read real recursive references regexp release rename repeat replace require restrict return returning revoke right rlike
row rows schema select set show similar smallint some spatial sql symmetric system table then
to trailing trigger true undo union unique unlock unsigned update usage use user using values varchar varying view
when where while window with write xor zerofill
`
    .trim()
    .split(/\s+/),
);

export const FIELD_NAME = /^[a-z][a-zA-Z0-9]*$/;
export const MODULE_NAME = /^[a-z][a-z0-9]*$/;

/**
 * A camelCase field name from any header or key ("Unit price" → unitPrice, "credit_yuan" → creditYuan; Chinese by a
 * known term or pinyin: 价格 → price, 库存 → stock, 名牌 → mingPai), or undefined.
 */
export function toFieldName(raw: string): string | undefined {
  const words = (hasHan(raw) ? asciiWords(raw) : raw)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return undefined;
  const name = words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
  return /^[a-z]/.test(name) ? name : undefined;
}
