import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { E, fieldError } from '../errors.js';
import type { OpContext } from './context.js';
import { untyped } from './dynamic-db.js';
import { assertTreeParent } from './tree-parent.js';

const given = (v: unknown) => v !== null && v !== undefined && v !== '';

/** The ids a relation value names: one for a single x-ref, each of an array's for a multiple one. */
function named(value: unknown, multiple: boolean | undefined): unknown[] {
  if (!multiple) return given(value) ? [value] : [];
  return Array.isArray(value) ? value.filter(given) : [];
}

/**
 * A record written must point at records that exist: every id a relation field (x-ref, single or multiple, stored in
 * the row or, virtual, in a link table its module hooks keep: a user's roles) names must be a record of the related
 * entity, else 400 naming the field and the id, and nothing is written. A parent (a `parentId` relation to the entity
 * itself, a tree or not) must exist and must not be the record itself or one of its descendants (tree-parent.ts).
 *
 * Run inside the write's transaction, after the hooks (which may set a relation): a record deleted by another call
 * meanwhile is seen. An update (`stored`: the row before it) checks only the ids it adds to a stored relation: a
 * record that points at one deleted since can still be edited in its other fields (a virtual relation's ids are all
 * checked: the row before holds none of them). `at` is the path of the record in a batch (`3.`), as the validation's
 * own errors name it.
 */
export async function checkReferences(
  tx: OpContext,
  entity: Entity,
  row: Row,
  options: { at?: string; id?: number; stored?: Row } = {},
): Promise<void> {
  const { at = '', id, stored } = options;
  for (const f of entity.fields) {
    const ref = f.schema['x-ref'];
    if (!ref || !(f.name in row)) continue;
    const before = new Set(named(stored?.[f.name], ref.multiple).map(String));
    const added = named(row[f.name], ref.multiple).filter((v) => !before.has(String(v)));
    if (added.length === 0) continue;
    if (f.name === 'parentId' && ref.entity === entity.prefix && !ref.multiple) {
      await assertTreeParent(tx, entity.table, id, row[f.name], `${at}${f.name}`);
      continue;
    }
    const target = tx.registry.get(ref.entity);
    // A relation to an entity this server does not have (a plugin's, not installed): nothing to check it against.
    if (!target) continue;
    const key = ref.key ?? 'id';
    const unique = [...new Map(added.map((v) => [String(v), v])).values()];
    const found = (await untyped(tx.db)
      .selectFrom(target.table)
      .select(key)
      .where(key, 'in', unique)
      .execute()) as Row[];
    const have = new Set(found.map((r) => String(r[key])));
    const missing = unique.find((v) => !have.has(String(v)));
    if (missing !== undefined) throw fieldError(`${at}${f.name}`, E.FIELD_NO_RECORD, { id: String(missing) });
  }
}
