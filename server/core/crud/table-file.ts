import type { Entity, Field } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import type { OpContext } from './context.js';
import { untyped } from './dynamic-db.js';
import type { Lang } from '../http/request-language.js';
import { E, type ErrorEntry, render, type Texts } from '../errors.js';
import { centsToYuanNumber, mapMoney, yuanNumberToCents } from '../registry/money-walk.js';

/**
 * The columns of an entity as export writes them and import reads them back: labels in the caller's language,
 * dictionary names instead of values, money in yuan, relations by their label, yes/no for switches.
 */
export type TableColumn = {
  field: Field;
  header: string;
  kind:
    | 'id'
    | 'text'
    | 'integer'
    | 'number'
    | 'money'
    | 'bool'
    | 'dict'
    | 'enum'
    | 'relation'
    | 'json'
    | 'date'
    | 'datetime'
    | 'time';
  /** For relations: the row key with the joined label (export) and the related entity's label column (import). */
  joinAlias?: string;
  ref?: { entity: string; label?: string };
};

type DictEntry = { value: string; names: string[]; shown: string };
export type Dicts = Map<string, DictEntry[]>;

const YES: Record<Lang, string> = { 'zh-cn': '是', 'zh-tw': '是', en: 'Yes' };
const NO: Record<Lang, string> = { 'zh-cn': '否', 'zh-tw': '否', en: 'No' };
const TIME_FIELDS = new Set(['createTime', 'updateTime']);

/** Every listable column (the list's own choice: x-list false and secret fields are left out), id first. */
export function tableColumns(entity: Entity, lang: Lang): TableColumn[] {
  const out: TableColumn[] = [];
  for (const field of entity.fields) {
    const list = field.schema['x-list'];
    if (field.secret || field.virtual || field.name === 'tenantId' || (list === false && field.name !== 'id')) continue;
    const ref = field.schema['x-ref'];
    const join = ref?.fields ? entity.joins.find((j) => j.localField === field.name) : undefined;
    let kind: TableColumn['kind'];
    if (field.name === 'id') kind = 'id';
    else if (TIME_FIELDS.has(field.name)) kind = 'time';
    else if (field.schema['x-money'] === true) kind = 'money';
    else if (field.schema['x-dict']) kind = 'dict';
    else if (ref && !ref.multiple) kind = 'relation';
    else if (field.storage === 'boolean') kind = 'bool';
    else if (field.storage === 'json') kind = 'json';
    else if (field.storage === 'integer') kind = 'integer';
    else if (field.storage === 'number') kind = 'number';
    else if (field.storage === 'date') kind = 'date';
    else if (field.storage === 'datetime') kind = 'datetime';
    else kind = 'text';
    out.push({
      field,
      header: field.label[lang] || field.name,
      kind,
      joinAlias: join?.alias,
      ref: ref ? { entity: ref.entity, label: ref.label ?? (join ? join.column : undefined) } : undefined,
    });
  }
  return out;
}

/** The entries of the dictionaries the columns use, with every language's name (import matches any of them). */
export async function loadDicts(ctx: OpContext, columns: TableColumn[], lang: Lang): Promise<Dicts> {
  const keys = [...new Set(columns.filter((c) => c.kind === 'dict').map((c) => String(c.field.schema['x-dict'])))];
  const dicts: Dicts = new Map(keys.map((k) => [k, []]));
  if (keys.length === 0) return dicts;
  const db = ctx.db;
  const types = await db.selectFrom('dict_type').select(['id', 'key']).where('key', 'in', keys).execute();
  if (types.length === 0) return dicts;
  const keyOf = new Map(types.map((t) => [Number(t.id), String(t.key)]));
  const rows = await db
    .selectFrom('dict_info')
    .select(['id', 'typeId', 'name', 'value', 'i18n'])
    .where('typeId', 'in', [...keyOf.keys()])
    .orderBy('orderNum')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    let i18n: Partial<Record<Lang, string>> = {};
    try {
      i18n = typeof r.i18n === 'string' ? JSON.parse(r.i18n) : {};
    } catch {
      i18n = {};
    }
    const value = r.value === null || r.value === undefined || r.value === '' ? String(r.id) : String(r.value);
    const names = [
      String(r.name),
      ...Object.values(i18n).filter((n): n is string => typeof n === 'string' && n !== ''),
    ];
    dicts.get(keyOf.get(Number(r.typeId))!)!.push({ value, names, shown: i18n[lang] || String(r.name) });
  }
  return dicts;
}

/** A cell as the file shows it: numbers stay numbers (money in yuan), the rest is text; empty is null. */
export function formatCell(column: TableColumn, row: Row, dicts: Dicts, lang: Lang): string | number | null {
  const value = row[column.field.name];
  if (value === null || value === undefined || value === '') {
    return column.kind === 'relation' && column.joinAlias && row[column.joinAlias] != null
      ? String(row[column.joinAlias])
      : null;
  }
  switch (column.kind) {
    case 'money':
      return Number(value) / 100;
    case 'bool':
      return value === true || value === 1 || value === '1' ? YES[lang] : NO[lang];
    case 'dict': {
      const entry = dicts.get(String(column.field.schema['x-dict']))?.find((e) => e.value === String(value));
      return entry ? entry.shown : String(value);
    }
    case 'relation':
      return column.joinAlias && row[column.joinAlias] != null && row[column.joinAlias] !== ''
        ? String(row[column.joinAlias])
        : Number(value);
    case 'json':
      // Money inside (a SKU's price) in yuan, as everywhere people read it.
      return typeof value === 'string'
        ? value
        : JSON.stringify(mapMoney(column.field.schema, value, centsToYuanNumber));
    case 'id':
    case 'integer':
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    default:
      return String(value);
  }
}

/** Looks up related records by their label column (a relation cell may hold the label or the id). */
export type RelationLookup = (column: TableColumn, label: string) => Promise<number | undefined | 'many'>;

export function relationLookup(ctx: OpContext): RelationLookup {
  const cache = new Map<string, number | undefined | 'many'>();
  return async (column, label) => {
    const target = column.ref && ctx.registry.get(column.ref.entity);
    const labelColumn = column.ref?.label;
    if (!target || !labelColumn || !target.fieldMap.has(labelColumn)) return undefined;
    const key = `${target.prefix}\u0000${label}`;
    if (!cache.has(key)) {
      const found: Row[] = await untyped(ctx.db)
        .selectFrom(target.table)
        .select('id')
        .where(labelColumn, '=', label)
        .limit(2)
        .execute();
      cache.set(key, found.length === 0 ? undefined : found.length > 1 ? 'many' : Number(found[0].id));
    }
    return cache.get(key);
  };
}

/** A cell's problem naming its text. */
const problem = (entry: ErrorEntry<'text'>, text: string) => ({ problem: render(entry.texts, { text }) });

const TRUE = new Set(['1', 'true', 'yes', 'y', '是', 'on', '✓']);
const FALSE = new Set(['0', 'false', 'no', 'n', '否', 'off', '']);

/**
 * A cell read back into the value the API takes, or `{ problem }` naming what is wrong with it. Empty cells are null
 * (the field's own rules then say whether that is allowed).
 */
export async function parseCell(
  column: TableColumn,
  raw: unknown,
  dicts: Dicts,
  lookup: RelationLookup,
): Promise<{ value: unknown } | { problem: Texts }> {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return { value: null };
  const text = raw instanceof Date ? raw.toISOString().replace('T', ' ').slice(0, 19) : String(raw).trim();
  const number = (t: string) => (/^-?\d+(\.\d+)?$/.test(t.replace(/,/g, '')) ? Number(t.replace(/,/g, '')) : NaN);
  switch (column.kind) {
    case 'id':
    case 'integer': {
      const n = number(text);
      return Number.isInteger(n) ? { value: n } : problem(E.CELL_NOT_WHOLE, text);
    }
    case 'number': {
      const n = number(text);
      return Number.isNaN(n) ? problem(E.CELL_NOT_NUMBER, text) : { value: n };
    }
    case 'money': {
      const n = number(text.replace(/^[¥￥$]/, ''));
      if (Number.isNaN(n)) return problem(E.CELL_NOT_YUAN, text);
      const cents = Math.round(n * 100);
      return Math.abs(cents - n * 100) > 1e-6 ? problem(E.CELL_TOO_PRECISE, text) : { value: cents };
    }
    case 'bool': {
      const t = text.toLowerCase();
      if (TRUE.has(t)) return { value: true };
      if (FALSE.has(t)) return { value: false };
      return problem(E.CELL_NOT_YES_NO, text);
    }
    case 'dict': {
      const entries = dicts.get(String(column.field.schema['x-dict'])) ?? [];
      const entry = entries.find((e) => e.names.includes(text)) ?? entries.find((e) => e.value === text);
      if (!entry)
        return { problem: render(E.CELL_NOT_IN_DICT.texts, { text, entries: entries.map((e) => e.shown).join(', ') }) };
      const typed =
        column.field.storage === 'integer' || column.field.storage === 'number' ? Number(entry.value) : entry.value;
      return { value: typed };
    }
    case 'relation': {
      const id = await lookup(column, text);
      if (typeof id === 'number') return { value: id };
      if (id === 'many')
        return { problem: render(E.CELL_AMBIGUOUS.texts, { text, entity: String(column.ref?.entity) }) };
      const n = number(text);
      if (Number.isInteger(n) && n > 0) return { value: n };
      return { problem: render(E.CELL_NO_MATCH.texts, { text, entity: String(column.ref?.entity) }) };
    }
    case 'json': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return { problem: E.CELL_NOT_JSON.texts };
      }
      // Money inside is written in yuan (as exported) and stored in cents.
      const bad: string[] = [];
      const value = mapMoney(column.field.schema, parsed, (yuan, path) => {
        const cents = yuanNumberToCents(yuan);
        if (cents === undefined) bad.push(path);
        return cents ?? yuan;
      });
      return bad.length ? { problem: render(E.CELL_MONEY_DECIMALS.texts, { paths: bad.join(', ') }) } : { value };
    }
    case 'date':
      return { value: text.slice(0, 10) };
    default:
      return { value: text };
  }
}
