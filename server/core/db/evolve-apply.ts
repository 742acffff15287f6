import { sql } from 'kysely';
import type { Entity } from '../registry/entity-types.js';
import { untyped } from '../crud/dynamic-db.js';
import type { Database } from './database.js';
import { columnSqlType } from './column-sql.js';
import { type Choice, convertValue, isIntegerToMoney } from './evolve-convert.js';
import { diffEntities, type PlanIssue, type Rename, valuesOf } from './evolve-plan.js';
import { duplicateRows } from './evolve-unique.js';
import { dropSqliteKeywordIndex } from './keyword-index.js';
import { type KeptValue, keepValues } from './kept-values.js';
import { E, issue } from '../errors.js';

/** A change the rows do not allow without a choice, or one the admin refused: nothing was applied. */
export class EvolveRefusedError extends Error {
  constructor(readonly issues: PlanIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message.en}`).join('; '));
    this.name = 'EvolveRefusedError';
  }
}

/**
 * SQLite drops no column that an index or trigger names: the table's own indexes and triggers (keyword index, row
 * counters) go first; the schema sync that follows makes them again from the new entity.
 */
async function clearSqliteDependents(db: Database['db'], entity: Entity): Promise<void> {
  await dropSqliteKeywordIndex(db, entity);
  const found = await sql<{
    type: string;
    name: string;
  }>`select type, name from sqlite_master where tbl_name = ${entity.table} and type in ('trigger', 'index') and sql is not null`.execute(
    db,
  );
  for (const r of found.rows)
    await sql
      .raw(`DROP ${r.type === 'trigger' ? 'TRIGGER' : 'INDEX'} IF EXISTS "${r.name.replace(/"/g, '""')}"`)
      .execute(db);
}

/**
 * Changes an entity's table from `old` to `next` as the change plan says (evolve-plan.ts), in the caller's
 * transaction: renames, then drops (values kept in joinery_kept_value), then retypes (a new column filled with the
 * converted values, the old one dropped, the new one renamed). Added fields are left to the schema sync. A retype with
 * values that do not fit and no `convert` choice, or any `refuse`, throws EvolveRefusedError.
 */
export async function applyEvolution(
  database: Database,
  old: Entity,
  next: Entity,
  renames: Rename[],
  choices: Record<string, Choice>,
): Promise<void> {
  const { db, dialect } = database;
  const { changes, pairs, uniques, issues } = diffEntities(old, next, renames);
  if (issues.length) throw new EvolveRefusedError(issues);
  const table = old.table;
  // A field becoming unique over rows that share a value: refused before anything changes (the sync would fail on
  // its index after the table was altered, which MySQL cannot take back).
  const repeated: PlanIssue[] = [];
  for (const [from, to] of uniques) {
    const rows = duplicateRows(await valuesOf(db, table, from.name), from, to, choices[to.name]);
    if (rows.length)
      repeated.push(
        issue(`fields.${to.name}`, E.CODING_CHANGE_DUPLICATES, {
          rows: rows
            .slice(0, 20)
            .map((r) => `#${r.id} ${JSON.stringify(r.value)} (${r.reason})`)
            .join(', '),
        }),
      );
  }
  if (repeated.length) throw new EvolveRefusedError(repeated);
  if (!changes.some((c) => c.kind === 'rename' || c.kind === 'drop' || c.kind === 'retype')) return;
  const schema = untyped(db).schema;
  // Every value is read and converted, and every refusal found, before the first statement changes the table
  // (MySQL commits each one at once).
  const kept: KeptValue[] = [];
  for (const c of changes.filter((x) => x.kind === 'drop'))
    for (const r of await valuesOf(db, table, c.field))
      kept.push({ field: c.field, rowId: r.id, value: r.v, reason: 'dropped' });
  const refused: PlanIssue[] = [];
  const retypes: {
    name: string;
    to: Entity['fields'][number];
    byValue: Map<string, { value: unknown; ids: number[] }>;
  }[] = [];
  for (const [from, to] of pairs) {
    const choice = choices[to.name];
    const values = await valuesOf(db, table, from.name);
    if (choice === 'refuse') {
      refused.push(issue(`fields.${to.name}`, E.CODING_CHANGE_REFUSED));
      continue;
    }
    if (isIntegerToMoney(from, to) && values.length && choice !== 'yuan' && choice !== 'cents') {
      refused.push(issue(`fields.${to.name}`, E.CODING_CHANGE_NEEDS_UNIT));
      continue;
    }
    const byValue = new Map<string, { value: unknown; ids: number[] }>();
    const failing: number[] = [];
    for (const r of values) {
      const c = convertValue(r.v, from, to, choice);
      if (!c.ok) {
        failing.push(r.id);
        kept.push({ field: to.name, rowId: r.id, value: r.v, reason: 'converted' });
      }
      const value = c.ok ? c.value : (c.value ?? null);
      const key = JSON.stringify(value);
      if (!byValue.has(key)) byValue.set(key, { value, ids: [] });
      byValue.get(key)!.ids.push(r.id);
    }
    if (failing.length && !['convert', 'yuan', 'cents'].includes(choice ?? ''))
      refused.push(
        issue(`fields.${to.name}`, E.CODING_CHANGE_ROWS_DO_NOT_FIT, {
          count: failing.length,
          ids: failing.slice(0, 20).join(', '),
        }),
      );
    retypes.push({ name: to.name, to, byValue });
  }
  if (refused.length) throw new EvolveRefusedError(refused);
  if (dialect === 'sqlite') await clearSqliteDependents(db, old);
  const moved = changes.filter((c) => c.kind === 'rename');
  // Through temporary names, so a swap (a → b, b → a) works.
  for (const [i, c] of moved.entries()) await schema.alterTable(table).renameColumn(c.from!, `__evolve_${i}`).execute();
  for (const [i, c] of moved.entries()) await schema.alterTable(table).renameColumn(`__evolve_${i}`, c.field).execute();
  for (const c of changes.filter((x) => x.kind === 'drop'))
    await schema.alterTable(table).dropColumn(c.field).execute();
  for (const { name, to, byValue } of retypes) {
    const temp = `${name.slice(0, 50)}__new`;
    await schema.alterTable(table).addColumn(temp, columnSqlType(to, dialect)).execute();
    for (const { value, ids } of byValue.values())
      for (let i = 0; i < ids.length; i += 500)
        await untyped(db)
          .updateTable(table)
          .set({ [temp]: value })
          .where('id', 'in', ids.slice(i, i + 500))
          .execute();
    await schema.alterTable(table).dropColumn(name).execute();
    await schema.alterTable(table).renameColumn(temp, name).execute();
  }
  await keepValues(db, next.prefix, kept);
}
