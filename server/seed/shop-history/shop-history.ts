import type { Row } from '../../core/db/row.js';
import { SeededRandom } from '../seeded-random.js';
import { dailyRate, dayKey, HOUR_WEIGHT, HOURS } from './shop-history-data.js';
import { addMember } from './shop-history-members.js';
import { addOrder } from './shop-history-orders.js';

/**
 * Eighteen months of believable shop history before `now`, generated (not listed) from the seed's products, SKUs,
 * levels and members: new members every day, orders with lines whose state follows their age, status history,
 * order and member audits, bundles and daily visits. Pure: the same `now` and base data give the same rows.
 */
export type ShopBase = {
  /** Products with their `skuInfo` ([{specs, price, code?}]): a product with SKUs is ordered as one of them. */
  products: Row[];
  levels: Row[];
  members: Row[];
  categories: Row[];
  orderRemark: string;
};

export type ShopHistory = {
  members: Row[];
  addresses: Row[];
  orders: Row[];
  items: Row[];
  history: Row[];
  auditOrders: Row[];
  auditUsers: Row[];
  bundles: Row[];
  /** Views and first visits per hour of each day. */
  visits: { day: string; hour: number; views: number; visitors: number }[];
  /** Units of completed order lines per product id, to add to `product_info.sales`. */
  soldUnits: Map<number, number>;
};

export const HISTORY_DAYS = 548;
const FIRST_ID = 1001;

type Sku = { specs: Record<string, string>; price: number; code?: string | null };
type Buyer = {
  id: number;
  nickName: string;
  levelType: number;
  addressId: number | null;
  address: string;
  phone: string;
};

/** What the generators of one history share: the random sequence, the rows made so far and the next ids. */
export type Generation = {
  rnd: SeededRandom;
  now: Date;
  base: ShopBase;
  out: ShopHistory;
  buyers: Buyer[];
  next: { member: number; order: number; item: number; history: number };
  discountOf: Map<number, number>;
  levelIdOf: Map<number, number>;
  skusOf: Map<number, Sku[]>;
  productWeights: (readonly [Row, number])[];
};

export function generateShopHistory(base: ShopBase, now: Date, seed = 20240512): ShopHistory {
  const rnd = new SeededRandom(seed);
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - HISTORY_DAYS);
  const discountOf = new Map(base.levels.map((l) => [Number(l.level), Number(l.discount)]));
  const levelIdOf = new Map(base.levels.map((l) => [Number(l.level), Number(l.id)]));
  const onSale = base.products.filter((p) => Number(p.status) === 1);
  const skusOf = new Map(
    base.products.map((p) => [Number(p.id), Array.isArray(p.skuInfo) ? (p.skuInfo as Sku[]) : []]),
  );
  const productWeights = onSale.map((p) => [p, 1 + (Number(p.sales) || 0) / 10] as const);

  const out: ShopHistory = {
    members: [],
    addresses: [],
    orders: [],
    items: [],
    history: [],
    auditOrders: [],
    auditUsers: [],
    bundles: [],
    visits: [],
    soldUnits: new Map(),
  };
  const buyers: Buyer[] = base.members
    .filter((m) => Number(m.status) === 1)
    .map((m) => ({
      id: Number(m.id),
      nickName: String(m.nickName),
      levelType: Number(m.levelType ?? 0),
      addressId: null,
      address: '',
      phone: String(m.phone ?? ''),
    }));
  const g: Generation = {
    rnd,
    now,
    base,
    out,
    buyers,
    next: { member: FIRST_ID, order: FIRST_ID, item: FIRST_ID, history: FIRST_ID },
    discountOf,
    levelIdOf,
    skusOf,
    productWeights,
  };

  for (let i = 0; i <= HISTORY_DAYS; i += 1) {
    const day = new Date(start.getFullYear(), start.getMonth(), start.getDate() + i);
    const progress = i / HISTORY_DAYS;
    const newMembers = Math.floor((0.4 + 1.1 * progress) * (0.5 + rnd.next()) * 1.4);
    for (let k = 0; k < newMembers; k += 1) addMember(g, day);
    const rate = dailyRate(day, progress);
    const orders = Math.max(0, Math.round(rate * (0.6 + 0.8 * rnd.next())));
    for (let k = 0; k < orders; k += 1) addOrder(g, day, HISTORY_DAYS - i);
    // Views and visitors follow the orders, spread over the hours like the orders are; today only as far as it has
    // gone.
    const views = rate * rnd.int(40, 70) + rnd.int(60, 140);
    const visitorShare = 0.3 + 0.15 * rnd.next();
    const lastHour = i === HISTORY_DAYS ? now.getHours() : 23;
    for (let hour = 0; hour <= lastHour; hour += 1) {
      const part = i === HISTORY_DAYS && hour === lastHour ? now.getMinutes() / 60 : 1;
      const v = Math.round((views * HOURS[hour][1] * part * (0.85 + 0.3 * rnd.next())) / HOUR_WEIGHT);
      if (v > 0) out.visits.push({ day: dayKey(day), hour, views: v, visitors: Math.round(v * visitorShare) });
    }
  }

  // Bundles: pairs of products from different categories on sale, priced 8-9% under the sum of their parts.
  const pairs = onSale.flatMap((a, i) =>
    onSale
      .slice(i + 1)
      .filter((b) => b.categoryId !== a.categoryId)
      .map((b) => [a, b] as const),
  );
  const nameOf = new Map(base.categories.map((c) => [Number(c.id), String(c.name)]));
  for (let i = 0; i < 3 && pairs.length; i += 1) {
    const [a, b] = pairs.splice(rnd.int(0, pairs.length - 1), 1)[0];
    const sum = Number(a.price) + Number(b.price);
    const goods = [a, b].map((p) => ({
      id: Number(p.id),
      name: p.name,
      code: p.code ?? null,
      price: Number(p.price),
      pic: p.pic ?? null,
    }));
    out.bundles.push({
      title: `${nameOf.get(Number(a.categoryId)) ?? ''}+${nameOf.get(Number(b.categoryId)) ?? ''}组合`,
      descript: `${a.name}搭配${b.name}，组合购买更优惠。`,
      pic: a.pic ?? null,
      amount: Math.round((sum * (0.91 + rnd.next() * 0.01)) / 100) * 100,
      status: i === 2 ? 0 : 1,
      order: 10 + i,
      goodIds: goods.map((g) => g.id),
      goodsInfo: goods,
    });
  }
  return out;
}
