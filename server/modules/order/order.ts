import type { Updateable } from 'kysely';
import type { Host } from '../../core/host.js';
import type { OpContext } from '../../core/crud/context.js';
import { appError, E, fieldError, fieldsError, issue, joinTexts, stateText } from '../../core/errors.js';
import type { Row } from '../../core/db/row.js';
import type { OrderInfoTable } from '../../core/db/system-tables.generated.js';
import { decodeRow, encodeRow } from '../../core/db/row-codec.js';
import { nowText } from '../../core/db/time.js';
import { insertRow } from '../../core/crud/insert-row.js';
import { parseId, parseIds } from '../../core/crud/input-validation.js';
import { selectColumns, selectRows } from '../../core/crud/list-query.js';
import { listWhere } from '../../core/crud/list-conditions.js';
import { type Line, linesTotal, priceLines } from './order-lines.js';
import { checkOrderAddress, newOrderNo } from './order-input.js';
import { nextRevision, recordModuleWrite } from '../../core/crud/history.js';
import { updateRecorded } from '../../core/crud/module-writes.js';
import { writeWithRetry } from '../../core/db/contention.js';

const PREFIX = 'order/order';
const ORDER_TABLE = 'order_info';
const ITEM_PREFIX = 'order/item';
const HISTORY_PREFIX = 'order/history';

/** Order status (SPEC §4): 0 pending confirmation, 1 pending completion, 2 completed, 3 cancelled. */
export const ORDER_STATUS: Record<number, string> = {
  0: '待确认 pending confirmation',
  1: '待完成 pending completion',
  2: '已完成 completed',
  3: '已取消 cancelled',
};

export type OrderAction = 'determined' | 'complete' | 'cancel';

/** The legal graph: the states an action leaves from, the state it reaches and the time column it stamps. */
export const TRANSITIONS: Record<OrderAction, { from: number[]; to: number; stamp?: 'pendingTime' | 'completedTime' }> =
  {
    determined: { from: [0], to: 1, stamp: 'pendingTime' },
    complete: { from: [1], to: 2, stamp: 'completedTime' },
    cancel: { from: [0, 1], to: 3 },
  };

const orderState = (status: number) => stateText('ORDER', status);

/** An optional remark of a transition: text of at most 2000 characters. */
function remarkOf(body: Row): string | null {
  const r = body.remark;
  if (r === undefined || r === null || r === '') return null;
  if (typeof r !== 'string') throw fieldError('remark', E.FIELD_TEXT);
  if (r.length > 2000) throw fieldError('remark', E.FIELD_TOO_LONG, { max: 2000 });
  return r;
}

/** {id} or {ids}: the orders an action applies to (ids: all or nothing). */
function targetIds(body: Row): { ids: number[]; batch: boolean } {
  // Ascending, so that concurrent batches lock their rows in the same order (no deadlock on PostgreSQL / MariaDB).
  if (body.ids !== undefined && body.ids !== null)
    return { ids: parseIds(body.ids).sort((a, b) => a - b), batch: true };
  return { ids: [parseId(body.id)], batch: false };
}

/** Reads an order's status, locking the row on PostgreSQL and MariaDB so concurrent transitions queue up. */
async function lockOrder(ctx: OpContext, id: number): Promise<Row | undefined> {
  // Every column: the transition records what it changes in the field history (recordModuleWrite).
  let q = ctx.db.selectFrom(ORDER_TABLE).selectAll().where('id', '=', id);
  if (ctx.database.dialect !== 'sqlite') q = q.forUpdate();
  return await q.executeTakeFirst();
}

/** One transition of one order inside the caller's transaction: checks the graph, stamps the time, records history. */
export async function transitionOrder(
  ctx: OpContext,
  id: number,
  action: OrderAction,
  remark: string | null,
): Promise<Row> {
  const rule = TRANSITIONS[action];
  const row = await lockOrder(ctx, id);
  if (!row) throw appError(E.RECORD_NOT_FOUND, { prefix: PREFIX, id });
  const from = Number(row.status);
  const refuse = (status: number) =>
    fieldError('status', E.ORDER_STATE, {
      orderNo: String(row.orderNo),
      state: orderState(status),
      action,
      needs: joinTexts(rule.from.map(orderState), E.TYPE_OR.texts),
    });
  if (!rule.from.includes(from)) throw refuse(from);
  const now = nowText();
  const patch: Updateable<OrderInfoTable> = { status: rule.to, updateTime: now };
  if (rule.stamp) patch[rule.stamp] = now;
  // The status condition makes the update itself the guard: a transition that lost a race changes nothing.
  const res = await ctx.db
    .updateTable(ORDER_TABLE)
    .set({ ...patch, revision: nextRevision() })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) {
    const now2 = await ctx.db.selectFrom(ORDER_TABLE).select('status').where('id', '=', id).executeTakeFirst();
    throw refuse(now2?.status ?? from);
  }
  await recordModuleWrite(ctx, PREFIX, row, patch);
  const history = ctx.registry.get(HISTORY_PREFIX)!;
  await insertRow(
    ctx,
    history,
    encodeRow(history, {
      orderId: id,
      action,
      fromStatus: from,
      toStatus: rule.to,
      operatorId: ctx.user?.id ?? null,
      remark,
      createTime: now,
      updateTime: now,
    }),
  );
  if (action === 'complete') {
    // A completed order counts towards its products' sales.
    const lines = await ctx.db
      .selectFrom('order_item')
      .select(['goodId', 'quantity'])
      .where('orderId', '=', id)
      .execute();
    // Recorded in each product's field history (module-writes.ts).
    for (const l of lines)
      await updateRecorded(ctx, 'product/info', { id: Number(l.goodId) }, (p) => ({
        sales: Number(p.sales ?? 0) + Number(l.quantity),
      }));
  }
  return { id, status: rule.to, pendingTime: patch.pendingTime, completedTime: patch.completedTime };
}

/** GET detail: the order with its member, address, lines and status history (operator names). */
async function orderDetail(ctx: OpContext, query: Row): Promise<Row> {
  const id = parseId(query.id);
  const orderEntity = ctx.registry.get(PREFIX)!;
  const stored = await selectRows(ctx, orderEntity, await listWhere(ctx, orderEntity, {}))
    .select(selectColumns(ctx, orderEntity))
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!stored) throw appError(E.RECORD_NOT_FOUND, { prefix: PREFIX, id });
  const order = decodeRow(orderEntity, stored as Row);
  const db = ctx.db;
  const memberEntity = ctx.registry.get('user/info')!;
  const member = await db
    .selectFrom('user_info')
    .select(['id', 'nickName', 'avatarUrl', 'phone', 'levelType', 'status'])
    .where('id', '=', Number(order.userId))
    .executeTakeFirst();
  const addressEntity = ctx.registry.get('user/address')!;
  const address =
    order.addressId === null
      ? undefined
      : await db
          .selectFrom('user_address')
          .select(['id', 'contact', 'phone', 'province', 'city', 'district', 'address'])
          .where('id', '=', Number(order.addressId))
          .executeTakeFirst();
  const itemEntity = ctx.registry.get(ITEM_PREFIX)!;
  const items = (await db.selectFrom('order_item').selectAll().where('orderId', '=', id).orderBy('id').execute())
    .map((r) => decodeRow(itemEntity, r))
    .map((r) => ({ ...r, amount: Number(r.price) * Number(r.quantity) }));
  const historyEntity = ctx.registry.get(HISTORY_PREFIX)!;
  const history = (
    await selectRows(ctx, historyEntity, await listWhere(ctx, historyEntity, {}))
      .select(selectColumns(ctx, historyEntity))
      .where('a.orderId', '=', id)
      .orderBy('a.id', 'asc')
      .execute()
  ).map((r) => decodeRow(historyEntity, r));
  return {
    ...order,
    member: member ? decodeRow(memberEntity, member as Row) : null,
    addressInfo: address ? decodeRow(addressEntity, address as Row) : null,
    items,
    itemsAmount: items.reduce((s, r) => s + r.amount, 0),
    history,
  };
}

/** Orders: the determined / complete / cancel workflow with its history, lines written on add, and the detail view. */
export function registerOrder(host: Host): void {
  const pendingLines = new WeakMap<Row, Line[]>();

  host.hooks.add(PREFIX, {
    // An order added with items gets its amounts from them, so the amount is then required no more.
    // An order added with lines and without a number gets a new one (the add form never asks for it); without lines
    // (the original's clients) the number stays required, as the schema says.
    prepareInput: (input, action) => {
      if (action !== 'add' || input.items === undefined) return input;
      const out = { ...input };
      if (out.amount === undefined) out.amount = 0;
      if (out.orderNo === undefined) out.orderNo = newOrderNo();
      return out;
    },
    beforeAdd: async (ctx, row, input) => {
      await checkOrderAddress(ctx, row);
      if (input.items === undefined) return;
      // Computed here, never taken from the body: the lines' prices and the member's level discount.
      const priced = await priceLines(ctx, row.userId, input.items);
      row.amount = priced.amount;
      row.payAmount = priced.payAmount;
      pendingLines.set(input, priced.lines);
    },
    afterAdd: async (ctx, id, input) => {
      const lines = pendingLines.get(input);
      if (!lines) return;
      pendingLines.delete(input);
      const item = ctx.registry.get(ITEM_PREFIX)!;
      const now = nowText();
      for (const l of lines)
        await insertRow(ctx, item, encodeRow(item, { ...l, orderId: id, createTime: now, updateTime: now }));
    },
    beforeUpdate: async (ctx, patch, existing) => {
      await checkOrderAddress(ctx, patch, existing);
      const money = (['amount', 'payAmount', 'discountId'] as const).filter(
        (k) => patch[k] !== undefined && Number(patch[k]) !== Number(existing[k]),
      );
      if (money.length === 0) return;
      const status = Number(existing.status);
      if (status !== 0) {
        const why = { orderNo: String(existing.orderNo), state: orderState(status) };
        const details = money.map((path) => issue(path, E.ORDER_AMOUNTS_FIXED, why));
        throw fieldsError(E.ORDER_AMOUNTS_FIXED, details);
      }
      if (patch.amount !== undefined) {
        const total = await linesTotal(ctx, Number(existing.id));
        if (total !== null && Number(patch.amount) !== total) {
          throw fieldError('amount', E.ORDER_AMOUNT_SUM, { orderNo: String(existing.orderNo), total });
        }
      }
    },
  });

  for (const action of Object.keys(TRANSITIONS) as OrderAction[]) {
    host.actions.set(PREFIX, action, async (ctx, { body }) => {
      const { ids, batch } = targetIds(body);
      const remark = remarkOf(body);
      const done = await writeWithRetry(ctx.db, async (trx) => {
        const tx = { ...ctx, db: trx };
        const out: Row[] = [];
        for (const id of ids) out.push(await transitionOrder(tx, id, action, remark));
        return out;
      });
      return batch ? done : done[0];
    });
  }

  host.actions.set(PREFIX, 'detail', (ctx, { query }) => orderDetail(ctx, query));
  // What an order of these lines would cost the member, computed as add computes it (the add form shows it first).
  host.actions.set(PREFIX, 'quote', async (ctx, { body }) => {
    const userId = body.userId === undefined || body.userId === null ? undefined : parseId(body.userId, 'userId');
    const { lines, amount, discount, payAmount } = await priceLines(ctx, userId, body.items);
    return { items: lines.map((l) => ({ ...l, amount: l.price * l.quantity })), amount, discount, payAmount };
  });
}
