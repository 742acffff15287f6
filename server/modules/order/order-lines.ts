import type { OpContext } from '../../core/crud/context.js';
import { E, fieldError } from '../../core/errors.js';
import type { Row } from '../../core/db/row.js';
import { decodeRow } from '../../core/db/row-codec.js';
import { parseId } from '../../core/crud/input-validation.js';

export const MAX_CENTS = 2147483647;
const MAX_LINES = 200;

/** An order line as stored: the product, its SKU's specs and code, and the unit price when the order was made. */
export type Line = {
  goodId: number;
  goodName: string;
  code: string | null;
  pic: string | null;
  specs: Record<string, string> | null;
  price: number;
  quantity: number;
};

/** A SKU as an order reads it: its specs (group → value), unit price in cents and optional code. */
type Sku = { specs: Record<string, string> | null; price: number; code: string | null };

const sameSpecs = (a: unknown, b: unknown): boolean => {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false;
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && (a as Row)[k] === (b as Row)[k]);
};

/**
 * The one place orders read a product's SKUs (skuInfo): how many it has, and the one a line names by code or by
 * exactly equal specs (undefined when none matches). Kept small so a change of the SKU shape is made here only.
 */
export function productSkus(product: Row): { count: number; find: (code: unknown, specs: unknown) => Sku | undefined } {
  const skus = Array.isArray(product.skuInfo) ? (product.skuInfo as Row[]) : [];
  return {
    count: skus.length,
    find: (code, specs) => {
      const sku =
        typeof code === 'string' && code !== ''
          ? skus.find((s) => s.code === code)
          : skus.find((s) => sameSpecs(s.specs, specs));
      if (!sku) return undefined;
      return {
        specs: (sku.specs as Record<string, string> | undefined) ?? null,
        price: Number(sku.price),
        code: typeof sku.code === 'string' && sku.code !== '' ? sku.code : null,
      };
    },
  };
}

/** Checks one raw line of `items`: an object with an id, a quantity from 1 to 9999, optional specs and skuCode. */
function parseItem(raw: unknown, at: string): { goodId: number; quantity: number; specs: unknown; skuCode: unknown } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw fieldError(at, E.FIELD_OBJECT);
  const item = raw as Row;
  const goodId = parseId(item.goodId, `${at}.goodId`);
  const quantity = item.quantity;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 9999)
    throw fieldError(`${at}.quantity`, E.FIELD_WHOLE_BETWEEN, { min: 1, max: 9999 });
  const specs = item.specs;
  if (
    specs !== undefined &&
    specs !== null &&
    (typeof specs !== 'object' || Array.isArray(specs) || !Object.values(specs).every((v) => typeof v === 'string'))
  )
    throw fieldError(`${at}.specs`, E.ORDER_SPECS);
  if (item.skuCode !== undefined && item.skuCode !== null && typeof item.skuCode !== 'string')
    throw fieldError(`${at}.skuCode`, E.FIELD_TEXT);
  return { goodId, quantity, specs, skuCode: item.skuCode };
}

/** Resolves the `items` of an order being added: each names a product (and its SKU, by specs or code) and a quantity. */
export async function resolveLines(ctx: OpContext, items: unknown): Promise<Line[]> {
  if (!Array.isArray(items) || items.length === 0) throw fieldError('items', E.ORDER_ITEMS);
  if (items.length > MAX_LINES) throw fieldError('items', E.FIELD_TOO_MANY, { max: MAX_LINES });
  const product = ctx.registry.get('product/info')!;
  const lines: Line[] = [];
  for (const [i, raw] of items.entries()) {
    const at = `items.${i}`;
    const item = parseItem(raw, at);
    const stored = await ctx.db.selectFrom('product_info').selectAll().where('id', '=', item.goodId).executeTakeFirst();
    if (!stored) throw fieldError(`${at}.goodId`, E.ORDER_NO_PRODUCT, { id: item.goodId });
    const p = decodeRow(product, stored as Row);
    const skus = productSkus(p);
    let price = Number(p.price);
    let specs: Record<string, string> | null = null;
    let code = (p.code as string | null) ?? null;
    if (skus.count > 0) {
      const sku = skus.find(item.skuCode, item.specs);
      if (!sku) throw fieldError(`${at}.specs`, E.ORDER_NO_SKU, { id: item.goodId, count: skus.count });
      price = sku.price;
      specs = sku.specs;
      if (sku.code) code = sku.code;
    } else if (item.specs && Object.keys(item.specs).length > 0) {
      throw fieldError(`${at}.specs`, E.ORDER_PRODUCT_NO_SKUS, { id: item.goodId });
    }
    lines.push({
      goodId: item.goodId,
      goodName: String(p.name),
      code,
      pic: (p.pic as string | null) ?? null,
      specs,
      price,
      quantity: item.quantity,
    });
  }
  return lines;
}

/** The price factor of a member's level (1 when the member or level is unknown). */
export async function memberDiscount(ctx: OpContext, userId: unknown): Promise<number> {
  if (!Number.isSafeInteger(Number(userId)) || Number(userId) < 1) return 1;
  const member = await ctx.db
    .selectFrom('user_info')
    .select('levelType')
    .where('id', '=', Number(userId))
    .executeTakeFirst();
  if (!member) return 1;
  const level = await ctx.db
    .selectFrom('user_level')
    .select('discount')
    .where('level', '=', member.levelType)
    .orderBy('id')
    .executeTakeFirst();
  const d = Number(level?.discount);
  return Number.isFinite(d) && d > 0 && d <= 1 ? d : 1;
}

/** What an order of these lines costs this member: the lines with their amounts, the sum and the price to pay. */
export async function priceLines(
  ctx: OpContext,
  userId: unknown,
  items: unknown,
): Promise<{ lines: Line[]; amount: number; discount: number; payAmount: number }> {
  const lines = await resolveLines(ctx, items);
  const amount = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  if (amount > MAX_CENTS) throw fieldError('items', E.ORDER_TOTAL_TOO_LARGE, { total: amount, max: MAX_CENTS });
  const discount = await memberDiscount(ctx, userId);
  return { lines, amount, discount, payAmount: Math.round(amount * discount) };
}

/** Sum of an order's lines in cents (null when it has none). */
export async function linesTotal(ctx: OpContext, orderId: number): Promise<number | null> {
  const rows = await ctx.db
    .selectFrom('order_item')
    .select(['price', 'quantity'])
    .where('orderId', '=', orderId)
    .execute();
  if (rows.length === 0) return null;
  return rows.reduce((s, r) => s + Number(r.price) * Number(r.quantity), 0);
}
