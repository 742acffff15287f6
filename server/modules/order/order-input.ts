import { randomInt } from 'node:crypto';
import type { OpContext } from '../../core/crud/context.js';
import { E, fieldError } from '../../core/errors.js';
import type { Row } from '../../core/db/row.js';
import { nowText } from '../../core/db/time.js';

/** The address line an order keeps: province, city, district and street, without repeats (上海市 上海市). */
export function addressText(a: Row): string {
  const parts = [a.province, a.city, a.district, a.address].filter(
    (p): p is string => typeof p === 'string' && p !== '',
  );
  return parts.filter((p, i) => parts.indexOf(p) === i).join(' ');
}

/**
 * An order's saved address must be one of its member's (400 otherwise). When the call sets the address and leaves the
 * recipient or the address text out, they are copied from it (the snapshot an order keeps if the book changes).
 */
export async function checkOrderAddress(ctx: OpContext, row: Row, existing?: Row): Promise<void> {
  const addressId = row.addressId === undefined ? existing?.addressId : row.addressId;
  const userId = Number(row.userId ?? existing?.userId);
  if (addressId === null || addressId === undefined) return;
  if (row.addressId === undefined && row.userId === undefined) return;
  const a = await ctx.db
    .selectFrom('user_address')
    .select(['id', 'userId', 'contact', 'phone', 'province', 'city', 'district', 'address'])
    .where('id', '=', Number(addressId))
    .executeTakeFirst();
  if (!a || Number(a.userId) !== userId)
    throw fieldError('addressId', E.ORDER_ADDRESS_NOT_MEMBER, { addressId: Number(addressId), userId });
  if (row.addressId === undefined) return;
  if (row.username === undefined || row.username === null || row.username === '')
    row.username = `${a.contact} ${a.phone}`.slice(0, 50);
  if (row.address === undefined || row.address === null || row.address === '')
    row.address = addressText(a as Row).slice(0, 500);
}

/** A new order number: JY, the day and 8 random digits (a clash, one in 10⁸ per pair of a day's orders, is a 409). */
export function newOrderNo(): string {
  const day = nowText().slice(0, 10).replace(/-/g, '');
  return `JY${day}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}
