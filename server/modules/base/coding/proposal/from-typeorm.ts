import type { FieldKind, Proposal, ProposalField } from './proposal-types.js';
import { ProposalError } from './proposal-types.js';
import { labelOf } from './glossary.js';

/** A column as the original's menu/parse reply lists it. */
export type ParsedColumn = {
  propertyName: string;
  type: string;
  length: string;
  comment?: string;
  nullable: boolean;
  defaultValue?: unknown;
};

export type ParsedEntity = {
  /** The original's reply shape (PROTOCOL §7.5). */
  reply: { columns: ParsedColumn[]; className: string; tableName: string; fileName: string; path: string };
  proposal: Proposal;
};

type Literal = string | number | boolean | null;
const MAX_SOURCE = 200_000;

/** Reads a flat object literal ({ type: 'varchar', length: 50, nullable: true }); anything else is ignored, never evaluated. */
function readOptions(text: string): Record<string, Literal> {
  const out: Record<string, Literal> = Object.create(null) as Record<string, Literal>;
  const re = /([A-Za-z_$][\w$]*)\s*:\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`$]*`|-?\d+(?:\.\d+)?|true|false|null)/g;
  for (const m of text.matchAll(re)) {
    const raw = m[2];
    let value: Literal;
    if (/^['"`]/.test(raw)) value = raw.slice(1, -1).replace(/\\(.)/g, '$1');
    else if (raw === 'true' || raw === 'false') value = raw === 'true';
    else if (raw === 'null') value = null;
    else value = Number(raw);
    out[m[1]] = value;
  }
  return out;
}

function kindOf(declared: string | undefined, tsType: string): FieldKind {
  const t = (declared ?? tsType).toLowerCase();
  if (/^(varchar|char|string|nvarchar|uuid|enum)$/.test(t)) return 'string';
  if (/text$/.test(t)) return 'text';
  if (/^(int|integer|tinyint|smallint|mediumint|bigint)$/.test(t)) return 'integer';
  if (/^(decimal|numeric|float|double|real|number)$/.test(t))
    return tsType === 'number' && declared === undefined ? 'integer' : 'number';
  if (/^(bool|boolean)$/.test(t)) return 'boolean';
  if (/^(datetime|timestamp|timestamptz)$/.test(t)) return 'datetime';
  if (t === 'date') return tsType === 'Date' ? 'datetime' : 'date';
  if (/json|simple-array/.test(t)) return 'json';
  return 'string';
}

/** A column's literal default as the field's default (numbers of a boolean as true/false); undefined when it has none or it does not fit. */
function defaultOf(value: Literal | undefined, type: FieldKind): string | number | boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (type === 'boolean') return typeof value === 'boolean' ? value : value === 1 || value === '1';
  if (type === 'integer') return Number.isSafeInteger(Number(value)) ? Number(value) : undefined;
  if (type === 'number') return Number.isFinite(Number(value)) ? Number(value) : undefined;
  if (['string', 'text'].includes(type)) return String(value);
  return undefined;
}

const SYSTEM = new Set(['id', 'createTime', 'updateTime', 'tenantId']);

/**
 * Parses a cool-admin/TypeORM entity class as text (never compiled or run): `@Entity('table')`, the class name, and
 * each property with `@Column({ type, length, comment, nullable, default })`; `@Index({ unique: true })` marks it unique.
 */
export function parseTypeormEntity(source: string, module: string): ParsedEntity {
  if (typeof source !== 'string' || source.trim() === '')
    throw new ProposalError([{ path: 'entity', message: 'must be the source text of an entity class' }]);
  if (source.length > MAX_SOURCE)
    throw new ProposalError([{ path: 'entity', message: `is longer than ${MAX_SOURCE} characters` }]);
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');
  const className = /class\s+([A-Za-z_$][\w$]*)/.exec(text)?.[1];
  if (!className) throw new ProposalError([{ path: 'entity', message: 'has no class declaration' }]);
  const tableName =
    /@Entity\s*\(\s*['"`]([^'"`]+)['"`]/.exec(text)?.[1] ??
    className.replace(/Entity$/, '').replace(/[A-Z]/g, (c, i: number) => `${i ? '_' : ''}${c.toLowerCase()}`);
  const body = text.slice(text.indexOf('{', text.indexOf(className)) + 1);
  const columns: ParsedColumn[] = [];
  const fields: ProposalField[] = [];
  // A property: one or more decorators, then `name?: Type` (an initializer and ; are optional).
  const prop =
    /((?:@[A-Za-z_$][\w$]*\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\s*)+)([A-Za-z_$][\w$]*)\s*[?!]?\s*:\s*([A-Za-z_$][\w$<>[\]| .]*)/g;
  for (const m of body.matchAll(prop)) {
    const decorators = m[1];
    const name = m[2];
    const tsType =
      m[3]
        .trim()
        .split(/\s*\|\s*/)
        .find((x) => x !== 'null' && x !== 'undefined') ?? 'string';
    const column =
      /@(?:Column|PrimaryGeneratedColumn|CreateDateColumn|UpdateDateColumn)\s*\(([\s\S]*?)\)\s*(?=@|$)/.exec(
        decorators,
      );
    if (!column || SYSTEM.has(name) || /@PrimaryGeneratedColumn/.test(decorators)) continue;
    const options = readOptions(column[1]);
    const declared = typeof options.type === 'string' ? options.type : /^\s*['"`](\w+)['"`]/.exec(column[1])?.[1];
    const nullable = options.nullable === true;
    const comment = typeof options.comment === 'string' ? options.comment : undefined;
    const length =
      typeof options.length === 'number' || typeof options.length === 'string' ? String(options.length) : '';
    const c: ParsedColumn = { propertyName: name, type: declared ?? tsType.toLowerCase(), length, nullable };
    if (comment) c.comment = comment;
    if (options.default !== undefined) c.defaultValue = options.default;
    columns.push(c);
    const type = kindOf(declared, tsType);
    const text = comment?.split(/\s+/)[0];
    const field: ProposalField = {
      name,
      // A Chinese comment labels the Chinese languages; English gets a known term's English or the property's words.
      label: text ? labelOf(text, name) : name,
      type,
      required: !nullable && options.default === undefined,
    };
    if (type === 'string' && length) field.length = Math.min(Number(length) || 255, 20000);
    const fallback = defaultOf(options.default, type);
    if (fallback !== undefined) field.default = fallback;
    // '状态 0-禁用 1-启用': the values an integer column takes, as a dictionary the proposal carries.
    const entries = [...(comment ?? '').matchAll(/(-?\d+)\s*[-:：=]\s*([^\s,，;；、]+)/g)];
    if (type === 'integer' && entries.length >= 2 && new Set(entries.map((m) => m[1])).size === entries.length) {
      field.dict = name;
      field.dictEntries = entries.map((m) => ({ value: Number(m[1]), name: m[2] }));
    }
    if (/@Index\s*\(\s*\{[^}]*unique\s*:\s*true/.test(decorators) || options.unique === true) field.unique = true;
    fields.push(field);
  }
  if (fields.length === 0) throw new ProposalError([{ path: 'entity', message: 'declares no @Column properties' }]);
  const tail = tableName.startsWith(`${module}_`)
    ? tableName.slice(module.length + 1)
    : tableName.split('_').slice(-1)[0];
  const fileName = tail.replace(/_([a-z0-9])/g, (_s, c: string) => c.toUpperCase());
  const title = /@Entity[\s\S]*?comment\s*:\s*['"`]([^'"`]+)/.exec(text)?.[1];
  return {
    reply: { columns, className, tableName, fileName, path: `/admin/${module}/${fileName}` },
    proposal: { module, name: fileName, ...(title ? { title } : {}), fields },
  };
}
