import type { Host } from '../../core/host.js';
import type { Row } from '../../core/db/row.js';
import { decodeRow, encodeRow } from '../../core/db/row-codec.js';
import { untyped } from '../../core/crud/dynamic-db.js';

const isPair = (v: unknown): v is { name: string; value: unknown } =>
  typeof v === 'object' && v !== null && typeof (v as { name?: unknown }).name === 'string';

/**
 * Every start: product specs stored in the earlier shape, `options: [{name, value}]`, are rewritten in the one shape of
 * a SKU's specs, `{name: value}` (schemas/README.md, "Specs and SKUs"). Every pair is kept (nothing is dropped; a
 * name the product no longer has is named by the check when the row is next saved). Rows already converted are left.
 */
export async function upgradeSpecOptions(host: Host): Promise<number> {
  const entity = host.registry.get('product/spec');
  if (!entity?.fieldMap.has('options')) return 0;
  const db = untyped(host.database.db);
  const rows = (await db.selectFrom(entity.table).select(['id', 'options']).execute()) as Row[];
  let changed = 0;
  for (const raw of rows) {
    const options = decodeRow(entity, raw).options;
    if (!Array.isArray(options)) continue;
    const map: Record<string, string> = {};
    for (const pair of options) if (isPair(pair) && !(pair.name in map)) map[pair.name] = String(pair.value ?? '');
    await db
      .updateTable(entity.table)
      .set(encodeRow(entity, { options: map }))
      .where('id', '=', raw.id as number)
      .execute();
    changed++;
  }
  return changed;
}
