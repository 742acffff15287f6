import type { Entity, Field } from '../registry/entity-types.js';
import { untyped } from '../crud/dynamic-db.js';
import type { Database } from './database.js';
import { E, type Issue, issue } from '../errors.js';
import { type Choice, convertValue, isIntegerToMoney, kindName, sameStorage } from './evolve-convert.js';
import { duplicateRows } from './evolve-unique.js';

/** A value of a row as the plan shows it: before, after (when it converts), and why not (when it does not). */
export type Sample = { id: number; value: unknown; to?: unknown; reason?: string };

/**
 * One change of an evolve (see codegen/README.md, "Evolving an entity"). `rows`: rows holding a value in the field
 * (the table's rows for an added field). A retype says how many values convert and lists the ones that do not; a field
 * becoming unique lists the rows whose value another row has already (`fail` of them: the apply is refused until
 * they differ).
 */
export type FieldChange = {
  kind: 'add' | 'rename' | 'drop' | 'retype' | 'unique';
  /** The field's name after the change (its old name for a drop). */
  field: string;
  /** A rename's old name. */
  from?: string;
  /** A retype: the kinds before and after (money, integer, number, string(50), text, date, …). */
  type?: { from: string; to: string };
  rows: number;
  convert?: number;
  fail?: number;
  /** Up to 5 values that convert, with what they become. */
  samples: Sample[];
  /** Up to 50 rows whose value does not fit the new type, with the reason. */
  failing: Sample[];
  /** Set when the change needs the admin's choice: the choices it takes. */
  choices?: Choice[];
  /** An added field that is required while rows exist: they stay empty until edited. */
  emptyRequired?: boolean;
};

export type ChangePlan = { prefix: string; table: string; rows: number; changes: FieldChange[] };
export type Rename = { from: string; to: string };
/** A rename or change the plan refuses: its field and the catalogue's text. */
export type PlanIssue = Issue;

const own = (e: Entity) => e.fields.filter((f) => !f.system && !f.virtual);

/** The changes from the registered entity to the proposed one, before looking at the rows; renames as the admin said. */
export function diffEntities(
  old: Entity,
  next: Entity,
  renames: Rename[],
): { changes: FieldChange[]; pairs: [Field, Field][]; uniques: [Field, Field][]; issues: PlanIssue[] } {
  const issues: PlanIssue[] = [];
  const oldNames = new Set(own(old).map((f) => f.name));
  const newNames = new Set(own(next).map((f) => f.name));
  const renamedTo = new Map<string, string>();
  renames.forEach((r, i) => {
    if (!oldNames.has(r.from)) issues.push(issue(`renames.${i}.from`, E.CODING_RENAME_NO_OLD));
    else if (!newNames.has(r.to)) issues.push(issue(`renames.${i}.to`, E.CODING_RENAME_NO_NEW));
    else if (oldNames.has(r.to) && !renames.some((x) => x.from === r.to))
      issues.push(issue(`renames.${i}.to`, E.CODING_RENAME_TAKEN));
    else if (renamedTo.has(r.from) || [...renamedTo.values()].includes(r.to))
      issues.push(issue(`renames.${i}`, E.CODING_RENAME_TWICE));
    else renamedTo.set(r.from, r.to);
  });
  const changes: FieldChange[] = [];
  const pairs: [Field, Field][] = [];
  const uniques: [Field, Field][] = [];
  // Fresh lists for each change (one shared object would pile every change's samples into all of them).
  const base = () => ({ rows: 0, samples: [] as Sample[], failing: [] as Sample[] });
  const sources = new Set<string>();
  for (const f of own(old)) {
    const to = renamedTo.get(f.name) ?? (newNames.has(f.name) ? f.name : undefined);
    if (to === undefined) {
      changes.push({ ...base(), kind: 'drop', field: f.name });
      continue;
    }
    sources.add(to);
    const target = next.fieldMap.get(to)!;
    if (to !== f.name) changes.push({ ...base(), kind: 'rename', field: to, from: f.name });
    if (!sameStorage(f, target)) {
      changes.push({
        ...base(),
        kind: 'retype',
        field: to,
        ...(to !== f.name ? { from: f.name } : {}),
        type: { from: kindName(f), to: kindName(target) },
      });
      pairs.push([f, target]);
    }
    // A unique index made over rows that share a value would fail half-way through the apply: measured first.
    if (target.unique && !f.unique) {
      changes.push({ ...base(), kind: 'unique', field: to, ...(to !== f.name ? { from: f.name } : {}) });
      uniques.push([f, target]);
    }
  }
  for (const f of own(next))
    if (!sources.has(f.name)) changes.push({ ...base(), kind: 'add', field: f.name, emptyRequired: f.required });
  return { changes, pairs, uniques, issues };
}

/** How many rows the table has. */
async function countRows(db: Database['db'], table: string): Promise<number> {
  const row = await untyped(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The rows holding a value in a column, by id. */
export async function valuesOf(
  db: Database['db'],
  table: string,
  column: string,
): Promise<{ id: number; v: unknown }[]> {
  const rows = await untyped(db)
    .selectFrom(table)
    .select(['id', `${column} as v`])
    .where(column, 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), v: r.v }));
}

/**
 * The plan with the rows measured: per drop the values it keeps, per retype how many convert, samples of both and the
 * rows that do not fit; a change that touches data in a way that loses or reinterprets it asks for a choice.
 */
export async function measurePlan(
  db: Database['db'],
  old: Entity,
  next: Entity,
  renames: Rename[],
): Promise<{ plan: ChangePlan; issues: PlanIssue[] }> {
  const { changes, pairs, uniques, issues } = diffEntities(old, next, renames);
  const rows = await countRows(db, old.table);
  for (const change of changes) {
    if (change.kind === 'add') {
      change.rows = rows;
      change.emptyRequired = change.emptyRequired === true && rows > 0;
      if (!change.emptyRequired) delete change.emptyRequired;
      continue;
    }
    const column = change.kind === 'drop' ? change.field : (change.from ?? change.field);
    const values = await valuesOf(db, old.table, column);
    change.rows = values.length;
    if (change.kind === 'drop') change.samples = values.slice(0, 5).map((r) => ({ id: r.id, value: r.v }));
    if (change.kind === 'unique') {
      const [from, to] = uniques.find(([, t]) => t.name === change.field)!;
      const repeated = duplicateRows(values, from, to, 'yuan');
      change.fail = repeated.length;
      change.failing = repeated.slice(0, 50);
      continue;
    }
    if (change.kind !== 'retype') continue;
    const [from, to] = pairs.find(([, t]) => t.name === change.field)!;
    let convert = 0;
    for (const r of values) {
      const c = convertValue(r.v, from, to, 'yuan');
      if (c.ok) {
        convert++;
        if (change.samples.length < 5) change.samples.push({ id: r.id, value: r.v, to: c.value });
      } else if (change.failing.length < 50) change.failing.push({ id: r.id, value: r.v, reason: c.reason });
    }
    change.convert = convert;
    change.fail = values.length - convert;
    if (isIntegerToMoney(from, to) && values.length > 0) {
      change.choices = ['yuan', 'cents', 'refuse'];
      // Both readings of 250: ¥250.00 (yuan, stored ×100) and ¥2.50 (cents, stored as is).
      change.samples = change.samples.map((s) => ({ ...s, to: { yuan: s.to, cents: s.value } }));
    } else if (change.fail > 0) change.choices = ['convert', 'refuse'];
  }
  return { plan: { prefix: next.prefix, table: old.table, rows, changes }, issues };
}
