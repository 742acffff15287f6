import type { Entity, Label } from './entity-types.js';
import type { OpContext } from '../crud/context.js';
import { insertRow } from '../crud/insert-row.js';
import { encodeRow } from '../db/row-codec.js';
import { nowText } from '../db/time.js';

/** A field naming a dictionary: which entity and field, the key, and the entries it carries (x-dict-entries). */
type DictUse = {
  entity: Entity;
  field: string;
  key: string;
  carried?: NonNullable<Entity['fields'][number]['schema']['x-dict-entries']>;
  label: Label;
};

function dictUses(entities: Entity[]): DictUse[] {
  return entities.flatMap((entity) =>
    entity.fields.flatMap((f) => {
      const key = f.schema['x-dict'];
      return key ? [{ entity, field: f.name, key, carried: f.schema['x-dict-entries'], label: f.label }] : [];
    }),
  );
}

/** A dictionary a schema names that the server lacks and no schema carries. */
export class MissingDictionaryError extends Error {
  constructor(readonly use: { origin: string; field: string; key: string }) {
    super(
      `${use.origin}: field "${use.field}": dictionary "${use.key}" does not exist; create it first or carry its entries in the schema (x-dict-entries)`,
    );
    this.name = 'MissingDictionaryError';
  }
}

/** The dictionaries a database holds: type key → the values of its entries. */
export type StoredDicts = Map<string, Set<string>>;

/** What registering these entities would do to the dictionaries, worked out without writing (`joinery check`). */
export type DictPlan = {
  create: { key: string; entries: number; origin: string; field: string }[];
  add: { key: string; value: string; origin: string }[];
  missing: { origin: string; field: string; key: string }[];
};

/** The same decisions as reconcileDicts, over dictionaries already read. */
export function planDicts(entities: Entity[], stored: StoredDicts): DictPlan {
  const plan: DictPlan = { create: [], add: [], missing: [] };
  const uses = dictUses(entities);
  const done = new Set<string>();
  for (const use of uses) {
    if (!use.carried) {
      if (!stored.has(use.key) && !uses.some((u) => u.key === use.key && u.carried))
        plan.missing.push({ origin: use.entity.origin, field: use.field, key: use.key });
      continue;
    }
    if (done.has(use.key)) continue;
    done.add(use.key);
    const values = stored.get(use.key);
    if (!values)
      plan.create.push({ key: use.key, entries: use.carried.length, origin: use.entity.origin, field: use.field });
    else
      for (const entry of use.carried)
        if (!values.has(String(entry.value)))
          plan.add.push({ key: use.key, value: String(entry.value), origin: use.entity.origin });
  }
  return plan;
}

/** Reads every dictionary type and its entry values from the database. */
export async function readStoredDicts(db: OpContext['db']): Promise<StoredDicts> {
  const types = await db.selectFrom('dict_type').select(['id', 'key']).execute();
  const entries = await db.selectFrom('dict_info').select(['typeId', 'value']).execute();
  const byId = new Map(types.map((t) => [t.id, new Set<string>()]));
  for (const e of entries) byId.get(e.typeId)?.add(String(e.value));
  return new Map(types.map((t) => [t.key, byId.get(t.id)!]));
}

export type DictReport = { types: number; entries: number; missing: { origin: string; field: string; key: string }[] };

/**
 * Makes the dictionaries these entities name exist: a dictionary a field carries (x-dict-entries) is created when
 * missing (type named by the field's label, entries in order with their translations and colours), and an entry whose
 * value the type lacks is added at the end. Existing types and entries are never changed, so what admins edited stays.
 * Reports the dictionaries that neither exist nor are carried; the caller decides whether that refuses the entity.
 */
export async function reconcileDicts(ctx: OpContext, entities: Entity[]): Promise<DictReport> {
  const report: DictReport = { types: 0, entries: 0, missing: [] };
  const uses = dictUses(entities);
  if (uses.length === 0) return report;
  const typeEntity = ctx.registry.get('dict/type');
  const infoEntity = ctx.registry.get('dict/info');
  if (!typeEntity || !infoEntity) {
    // A server without the dictionary module: nothing can label the values.
    report.missing = uses.map((u) => ({ origin: u.entity.origin, field: u.field, key: u.key }));
    return report;
  }
  const db = ctx.db;
  const keys = [...new Set(uses.map((u) => u.key))];
  const types = new Map(
    (await db.selectFrom('dict_type').select(['id', 'key']).where('key', 'in', keys).execute()).map((r) => [
      String(r.key),
      Number(r.id),
    ]),
  );
  const now = nowText();
  const done = new Set<string>();
  for (const use of uses) {
    if (!use.carried) {
      if (!types.has(use.key) && !uses.some((u) => u.key === use.key && u.carried))
        report.missing.push({ origin: use.entity.origin, field: use.field, key: use.key });
      continue;
    }
    if (done.has(use.key)) continue;
    done.add(use.key);
    let typeId = types.get(use.key);
    if (typeId === undefined) {
      typeId = await insertRow(ctx, typeEntity, {
        ...encodeRow(typeEntity, {
          name: use.label['zh-cn'],
          key: use.key,
          i18n: { 'zh-tw': use.label['zh-tw'], en: use.label.en },
        }),
        createTime: now,
        updateTime: now,
      });
      types.set(use.key, typeId);
      report.types += 1;
    }
    const existing = await db
      .selectFrom('dict_info')
      .select(['value', 'orderNum'])
      .where('typeId', '=', typeId)
      .execute();
    const values = new Set(existing.map((r) => String(r.value)));
    let order = Math.max(0, ...existing.map((r) => Number(r.orderNum) || 0));
    for (const entry of use.carried) {
      if (values.has(String(entry.value))) continue;
      await insertRow(ctx, infoEntity, {
        ...encodeRow(infoEntity, {
          typeId,
          name: entry.name['zh-cn'],
          value: String(entry.value),
          orderNum: ++order,
          parentId: null,
          color: entry.color ?? null,
          i18n: { 'zh-tw': entry.name['zh-tw'], en: entry.name.en },
        }),
        createTime: now,
        updateTime: now,
      });
      report.entries += 1;
    }
  }
  return report;
}
