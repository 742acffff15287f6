import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';
import { decodeRow } from '../db/row-codec.js';
import type { OpContext } from './context.js';
import { untyped } from './dynamic-db.js';
import { checkSkuFit, fitIssues, skuRefusal } from './sku-check.js';

/**
 * A row standing for one SKU (`x-sku-specs`, e.g. a product spec) names one value of every spec group of the record it
 * belongs to, as a SKU of that record would: its `{group: value}` map is checked with the same rules (sku-check.ts)
 * against the x-specs field of the record its x-ref field points at. A record without spec groups takes none.
 */
async function checkSkuSpecs(ctx: OpContext, entity: Entity, row: Row, stored?: Row): Promise<void> {
  for (const field of entity.fields) {
    const refField = field.schema['x-sku-specs'];
    if (typeof refField !== 'string') continue;
    if (stored && row[field.name] === undefined && row[refField] === undefined) continue;
    const specs = row[field.name] !== undefined ? row[field.name] : stored?.[field.name];
    const owner = row[refField] !== undefined ? row[refField] : stored?.[refField];
    if (specs === null || specs === undefined || owner === null || owner === undefined) continue;
    const ref = entity.fieldMap.get(refField)?.schema['x-ref'];
    const target = ref ? ctx.registry.get(ref.entity) : undefined;
    const groupsField = target?.fields.find((f) => f.schema['x-specs'] === true);
    if (!target || !groupsField) continue;
    const found = (await untyped(ctx.db)
      .selectFrom(target.table)
      .select(groupsField.name)
      .where(ref?.key ?? 'id', '=', owner as number)
      .executeTakeFirst()) as Row | undefined;
    // A missing owner is the reference check's to report.
    if (!found) continue;
    const groups = decodeRow(target, found)[groupsField.name];
    const issues = fitIssues(groups ?? [], [{ specs, price: 0, stock: 0 }], groupsField.name, field.name)
      .filter((i) => i.path.startsWith(`${field.name}.0.specs`))
      .map((i) => ({ ...i, path: field.name + i.path.slice(`${field.name}.0.specs`.length) }));
    if (issues.length) throw skuRefusal(issues);
  }
}

/** The spec and SKU rules of a write (sku-check.ts and above), inside its transaction; `stored` for an update. */
export async function checkSkuRules(ctx: OpContext, entity: Entity, row: Row, stored?: Row): Promise<void> {
  checkSkuFit(entity, row, stored);
  await checkSkuSpecs(ctx, entity, row, stored);
}
