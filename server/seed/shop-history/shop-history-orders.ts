import type { Row } from '../../core/db/row.js';
import { formatDateTime } from '../../core/db/time.js';
import {
  addHours,
  at,
  AUDIT_PASS,
  AUDIT_REJECT,
  dayKey,
  earlier,
  HOURS,
  ORDER_REMARKS,
  pad,
} from './shop-history-data.js';
import type { Generation } from './shop-history.js';

/**
 * One order of the generated shop history (shop-history.ts): its lines, a state that follows its age, its status
 * history, its audit when large, and the units it sold.
 */

/** An order placed on `day`, `ageDays` before today (nothing after `now`); the number of its lines. */
export function addOrder(g: Generation, day: Date, ageDays: number): number | undefined {
  const created = at(day, g.rnd.weighted(HOURS), g.rnd.int(0, 59), g.rnd.int(0, 59));
  if (created > g.now || g.buyers.length === 0) return;
  const buyer = g.rnd.pick(g.buyers);
  const id = g.next.order;
  g.next.order += 1;
  const lines = g.rnd.weighted([
    [1, 70],
    [2, 25],
    [3, 5],
  ]);
  let amount = 0;
  const chosen = new Set<number>();
  const items: Row[] = [];
  for (let i = 0; i < lines; i += 1) {
    const product = g.rnd.weighted(g.productWeights);
    const pid = Number(product.id);
    if (chosen.has(pid)) continue;
    chosen.add(pid);
    const skus = g.skusOf.get(pid) ?? [];
    const sku = skus.length ? g.rnd.pick(skus) : null;
    const price = Number(sku ? sku.price : product.price);
    const quantity = g.rnd.weighted([
      [1, 85],
      [2, 12],
      [4, 3],
    ]);
    amount += price * quantity;
    items.push({
      id: g.next.item,
      orderId: id,
      goodId: pid,
      goodName: product.name,
      code: sku?.code ?? product.code ?? null,
      pic: product.pic ?? null,
      specs: sku ? sku.specs : null,
      price,
      quantity,
    });
    g.next.item += 1;
  }
  const r = g.rnd.next();
  const status =
    ageDays >= 40
      ? r < 0.08
        ? 3
        : 2
      : ageDays >= 10
        ? r < 0.08
          ? 3
          : r < 0.55
            ? 2
            : 1
        : ageDays >= 3
          ? r < 0.06
            ? 3
            : r < 0.2
              ? 2
              : 1
          : // The shop confirms orders within a day or two: only the last two days' still wait.
            ageDays >= 1
            ? r < 0.05
              ? 3
              : r < 0.85
                ? 1
                : 0
            : r < 0.3
              ? 0
              : 1;
  const confirmed = status === 1 || status === 2 || (status === 3 && g.rnd.next() < 0.4);
  const pending = confirmed ? earlier(addHours(created, g.rnd.int(1, 30)), g.now) : null;
  const completed = status === 2 && pending ? earlier(addHours(pending, g.rnd.int(7, 35) * 24), g.now) : null;
  const cancelled = status === 3 ? earlier(addHours(pending ?? created, g.rnd.int(1, 72)), g.now) : null;
  const payAmount = Math.round(amount * (g.discountOf.get(buyer.levelType) ?? 1));
  const big = amount >= 2_500_000;
  const audited = big && status !== 0 ? 2 : big ? 1 : 0;
  const time = formatDateTime(created);
  const last = completed ?? cancelled ?? pending ?? created;
  g.out.orders.push({
    id,
    orderNo: `JY${dayKey(day).replace(/-/g, '')}${pad(id, 5)}`,
    amount,
    discountId: 1,
    payAmount,
    status,
    auditStatus: audited,
    userId: buyer.id,
    addressId: buyer.addressId,
    remark: g.rnd.next() < 0.15 ? g.rnd.pick(ORDER_REMARKS) : g.base.orderRemark,
    username: buyer.nickName,
    address: buyer.address || null,
    trackingNumber: status === 2 || (status === 1 && g.rnd.next() < 0.3) ? `SF${1400000000000 + id * 7919}` : null,
    pendingTime: pending ? formatDateTime(pending) : null,
    completedTime: completed ? formatDateTime(completed) : null,
    shopId: null,
    createTime: time,
    updateTime: formatDateTime(last),
  });
  for (const item of items) g.out.items.push({ ...item, createTime: time, updateTime: time });
  const step = (action: string, from: number, to: number, when: Date) => {
    g.out.history.push({
      id: g.next.history,
      orderId: id,
      action,
      fromStatus: from,
      toStatus: to,
      operatorId: 1,
      remark: null,
      createTime: formatDateTime(when),
      updateTime: formatDateTime(when),
    });
    g.next.history += 1;
  };
  if (pending) step('determined', 0, 1, pending);
  if (completed) step('complete', 1, 2, completed);
  if (cancelled) step('cancel', pending ? 1 : 0, 3, cancelled);
  if (completed)
    for (const item of items)
      g.out.soldUnits.set(Number(item.goodId), (g.out.soldUnits.get(Number(item.goodId)) ?? 0) + Number(item.quantity));
  if (audited) {
    const pass = audited === 2 && g.rnd.next() < 0.9;
    g.out.auditOrders.push({
      orderId: id,
      userId: buyer.id,
      status: audited === 1 ? 0 : pass ? 1 : 2,
      remark: audited === 1 ? null : pass ? g.rnd.pick(AUDIT_PASS) : g.rnd.pick(AUDIT_REJECT),
      applicantId: 1,
      reviewerId: audited === 2 ? 1 : null,
      reviewTime: audited === 2 && pending ? formatDateTime(pending) : null,
      createTime: time,
      updateTime: time,
    });
  }
  return items.length;
}
