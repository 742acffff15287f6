import type { FieldSchema } from './entity-types.js';

/**
 * The one shape of spec groups and SKUs (schemas/README.md, "Specs and SKUs"). A field declares it with a keyword and
 * gets its items from here, so every schema that holds specs or SKUs (a product's, a plugin's, an AI-code entity's)
 * stores the same thing, the server checks them with the same code and the console edits them with the same fields:
 *
 * - `"x-specs": true` — spec groups `[{name, values: [text, …]}]`;
 * - `"x-skus": "<field>"` — SKUs `[{specs: {group: value}, price, stock, code?, image?}]` combining the groups of the
 *   named x-specs field of the same schema; `price` is money (x-money: integer cents, typed and shown in yuan);
 * - `"x-sku-specs": "<field>"` — one SKU's `specs` map `{group: value}` alone (a row standing for one SKU, such as a
 *   product spec), its groups those of the x-specs field `specInfo` of the record the named x-ref field points at.
 */

const label = (zhCn: string, zhTw: string, en: string) => ({ 'zh-cn': zhCn, 'zh-tw': zhTw, en });

export const SPEC_LABELS = {
  name: label('规格名', '規格名', 'Spec'),
  values: label('规格值', '規格值', 'Values'),
} as const;

export const SKU_LABELS = {
  specs: label('规格', '規格', 'Specs'),
  price: label('价格', '價格', 'Price'),
  stock: label('库存', '庫存', 'Stock'),
  code: label('编码', '編碼', 'Code'),
  image: label('图片', '圖片', 'Image'),
} as const;

/** A SKU's choice of one value per group: `{尺寸: "1.8m", 颜色: "胡桃色"}`. */
export const SKU_SPECS_SCHEMA = {
  type: 'object',
  additionalProperties: { type: 'string', minLength: 1, maxLength: 100 },
  maxProperties: 5,
  'x-label': SKU_LABELS.specs,
} as const;

/** The largest whole number a SKU's price (cents) or stock may hold (the int column range of the other money fields). */
export const SKU_INT_MAX = 2147483647;

export const SPEC_GROUP_ITEMS = {
  type: 'object',
  required: ['name', 'values'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 50, 'x-label': SPEC_LABELS.name },
    values: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 100 },
      'x-label': SPEC_LABELS.values,
    },
  },
} as const;

export const SKU_ITEMS = {
  type: 'object',
  required: ['specs', 'price', 'stock'],
  additionalProperties: false,
  properties: {
    specs: SKU_SPECS_SCHEMA,
    price: { type: 'integer', minimum: 0, maximum: SKU_INT_MAX, 'x-money': true, 'x-label': SKU_LABELS.price },
    stock: { type: 'integer', minimum: 0, maximum: SKU_INT_MAX, 'x-label': SKU_LABELS.stock },
    code: { type: 'string', maxLength: 100, 'x-label': SKU_LABELS.code },
    image: { type: 'string', maxLength: 1000, 'x-label': SKU_LABELS.image, 'x-ui': { widget: 'image' } },
  },
} as const;

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** A field's schema with the items (or object shape) its shape keyword gives; other fields unchanged. */
export function withShape(schema: FieldSchema): FieldSchema {
  if (schema['x-specs'] === true) return { ...schema, items: clone(SPEC_GROUP_ITEMS) } as FieldSchema;
  if (typeof schema['x-skus'] === 'string') return { ...schema, items: clone(SKU_ITEMS) } as FieldSchema;
  if (typeof schema['x-sku-specs'] === 'string') {
    // The field keeps its own type (nullable or not) and label.
    const { 'x-label': _l, type: _t, ...shape } = clone(SKU_SPECS_SCHEMA);
    return { ...schema, ...shape } as FieldSchema;
  }
  return schema;
}

const typesOf = (f: FieldSchema) => (Array.isArray(f.type) ? f.type : [f.type]);

/** The rules of the shape keywords within one schema file; the first problem, or undefined. */
export function shapeProblem(props: Record<string, FieldSchema>): string | undefined {
  for (const [name, field] of Object.entries(props)) {
    const where = `field "${name}"`;
    const skus = field['x-skus'];
    const skuSpecs = field['x-sku-specs'];
    const keywords = [field['x-specs'] === true, skus !== undefined, skuSpecs !== undefined].filter(Boolean).length;
    if (keywords === 0) continue;
    if (keywords > 1) return `${where}: x-specs, x-skus and x-sku-specs exclude each other`;
    if (skuSpecs !== undefined) {
      if (!typesOf(field).includes('object')) return `${where}: x-sku-specs needs "type": "object"`;
      if (field.properties || field.additionalProperties !== undefined)
        return `${where}: x-sku-specs gives the field its shape; leave properties and additionalProperties out`;
      const ref = props[String(skuSpecs)]?.['x-ref'];
      if (!ref || ref.multiple) return `${where}: x-sku-specs names "${skuSpecs}", which is not a field with one x-ref`;
      continue;
    }
    if (!typesOf(field).includes('array')) return `${where}: x-specs and x-skus need "type": "array"`;
    if (field.items) return `${where}: the shape keyword gives the field its items; leave items out`;
    if (skus !== undefined && props[String(skus)]?.['x-specs'] !== true)
      return `${where}: x-skus names "${skus}", which is not an x-specs field of this schema`;
  }
  return undefined;
}
