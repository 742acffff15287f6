import type { Row } from '../../../core/db/row.js';
import { formatDateTime } from '../../../core/db/time.js';
import { SeededRandom } from './seeded-random.js';

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

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '罗',
  '高',
  '郑',
  '梁',
  '谢',
  '宋',
  '唐',
  '许',
  '韩',
  '冯',
  '邓',
  '曹',
];
const GIVEN = [
  '子涵',
  '浩然',
  '欣怡',
  '宇轩',
  '梓萱',
  '俊杰',
  '雨桐',
  '思远',
  '嘉怡',
  '一诺',
  '明轩',
  '若曦',
  '晨阳',
  '诗琪',
  '志强',
  '佳慧',
  '文博',
  '静雯',
  '天佑',
  '晓彤',
  '家豪',
  '婉清',
  '泽宇',
  '雅婷',
];
const PLACES: [string, string, string[]][] = [
  ['广东省', '深圳市', ['南山区', '福田区', '宝安区', '龙岗区']],
  ['广东省', '广州市', ['天河区', '越秀区', '海珠区']],
  ['上海市', '上海市', ['浦东新区', '徐汇区', '闵行区']],
  ['北京市', '北京市', ['朝阳区', '海淀区', '丰台区']],
  ['浙江省', '杭州市', ['西湖区', '滨江区', '余杭区']],
  ['江苏省', '南京市', ['鼓楼区', '建邺区']],
  ['四川省', '成都市', ['武侯区', '高新区', '锦江区']],
  ['福建省', '厦门市', ['思明区', '湖里区']],
  ['湖北省', '武汉市', ['洪山区', '江汉区']],
];
const STREETS = [
  '滨海大道',
  '科技园路',
  '人民路',
  '中山路',
  '建设路',
  '解放路',
  '长江路',
  '文化路',
  '新华路',
  '金融街',
];
const ORDER_REMARKS = [
  '定金已付，按标准尺寸排产。',
  '客户要求加急，两周内交付。',
  '需上门复尺后确认尺寸。',
  '门店自提。',
];
const AUDIT_PASS = ['定金已到账，确认排产。', '尺寸与材质确认无误。', '大额订单，已电话核实。'];
const AUDIT_REJECT = ['尺寸信息不完整，请补充后重新提交。', '付款凭证不清晰。'];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const at = (day: Date, hour: number, minute: number, second: number) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute, second);
const addHours = (d: Date, h: number) => new Date(d.getTime() + h * 3_600_000);
const earlier = (a: Date, b: Date) => (a < b ? a : b);

/** Orders a day is expected to bring: growth over the period, busier weekends, shopping festivals, a quiet new year. */
function dailyRate(day: Date, progress: number): number {
  let rate = 3 + 6 * progress;
  const dow = day.getDay();
  if (dow === 0 || dow === 6) rate *= 1.35;
  const m = day.getMonth() + 1;
  const d = day.getDate();
  if ((m === 11 && d >= 1 && d <= 11) || (m === 6 && d >= 1 && d <= 18)) rate *= d === 11 || d === 18 ? 3 : 1.6;
  if (m === 2 && d <= 15) rate *= 0.5;
  if (m === 9 || m === 10) rate *= 1.2;
  return rate;
}

/** Hour of an order: evenings and lunch time are busiest. */
const HOURS: [number, number][] = Array.from({ length: 24 }, (_, h) => [
  h,
  h < 7 ? 0.2 : h < 9 ? 1 : h < 12 ? 3 : h < 14 ? 4 : h < 19 ? 3 : h < 23 ? 5 : 1.5,
]);
const HOUR_WEIGHT = HOURS.reduce((s, [, w]) => s + w, 0);

export function generateShopHistory(base: ShopBase, now: Date, seed = 20240512): ShopHistory {
  const rnd = new SeededRandom(seed);
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - HISTORY_DAYS);
  const discountOf = new Map(base.levels.map((l) => [Number(l.level), Number(l.discount)]));
  const levelIdOf = new Map(base.levels.map((l) => [Number(l.level), Number(l.id)]));
  const onSale = base.products.filter((p) => Number(p.status) === 1);
  type Sku = { specs: Record<string, string>; price: number; code?: string | null };
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
  type Buyer = {
    id: number;
    nickName: string;
    levelType: number;
    addressId: number | null;
    address: string;
    phone: string;
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
  let memberId = FIRST_ID;
  let orderId = FIRST_ID;
  let itemId = FIRST_ID;
  let historyId = FIRST_ID;

  const addMember = (day: Date) => {
    const id = memberId;
    memberId += 1;
    const created = at(day, rnd.int(7, 23), rnd.int(0, 59), rnd.int(0, 59));
    if (created > now) return;
    const levelType = rnd.weighted([
      [0, 60],
      [1, 20],
      [2, 12],
      [3, 6],
      [4, 2],
    ]);
    const nickName = `${rnd.pick(SURNAMES)}${rnd.pick(GIVEN)}`;
    const phone = `139${pad(id, 8)}`;
    const [province, city, districts] = rnd.pick(PLACES);
    const district = rnd.pick(districts);
    const street = `${rnd.pick(STREETS)}${rnd.int(1, 399)}号${rnd.int(1, 30)}栋${rnd.int(1, 32)}${pad(rnd.int(1, 8))}`;
    const status = rnd.next() < 0.03 ? 0 : 1;
    const time = formatDateTime(created);
    out.members.push({
      id,
      unionid: `oJy${pad(id, 8)}${Math.floor(rnd.next() * 0xffffff)
        .toString(16)
        .padStart(6, '0')}`,
      avatarUrl: null,
      nickName,
      phone,
      gender: rnd.weighted([
        [0, 1],
        [1, 4],
        [2, 5],
      ]),
      status,
      loginType: rnd.weighted([
        [0, 6],
        [1, 2],
        [2, 2],
      ]),
      loginUniqueID: `seed_${id}`,
      description: null,
      levelType,
      birthday: `${rnd.int(1965, 2004)}-${pad(rnd.int(1, 12))}-${pad(rnd.int(1, 28))}`,
      balance: rnd.next() < 0.2 ? rnd.int(1, 50) * 1000 : 0,
      createTime: time,
      updateTime: time,
    });
    out.addresses.push({
      id,
      userId: id,
      contact: nickName,
      phone,
      province,
      city,
      district,
      address: street,
      isDefault: 1,
      createTime: time,
      updateTime: time,
    });
    if (status === 1)
      buyers.push({ id, nickName, levelType, addressId: id, address: `${province}${city}${district}${street}`, phone });
    if (levelType >= 2 && rnd.next() < 0.7) {
      const reviewed = addHours(created, rnd.int(2, 48));
      out.auditUsers.push({
        userId: id,
        levelId: levelIdOf.get(levelType) ?? null,
        status: 1,
        remark: '累计消费达标，升级会员等级。',
        applicantId: 1,
        reviewerId: 1,
        reviewTime: formatDateTime(earlier(reviewed, now)),
        createTime: time,
        updateTime: time,
      });
    }
  };

  const addOrder = (day: Date, ageDays: number) => {
    const created = at(day, rnd.weighted(HOURS), rnd.int(0, 59), rnd.int(0, 59));
    if (created > now || buyers.length === 0) return;
    const buyer = rnd.pick(buyers);
    const id = orderId;
    orderId += 1;
    const lines = rnd.weighted([
      [1, 70],
      [2, 25],
      [3, 5],
    ]);
    let amount = 0;
    const chosen = new Set<number>();
    const items: Row[] = [];
    for (let i = 0; i < lines; i += 1) {
      const product = rnd.weighted(productWeights);
      const pid = Number(product.id);
      if (chosen.has(pid)) continue;
      chosen.add(pid);
      const skus = skusOf.get(pid) ?? [];
      const sku = skus.length ? rnd.pick(skus) : null;
      const price = Number(sku ? sku.price : product.price);
      const quantity = rnd.weighted([
        [1, 85],
        [2, 12],
        [4, 3],
      ]);
      amount += price * quantity;
      items.push({
        id: itemId,
        orderId: id,
        goodId: pid,
        goodName: product.name,
        code: sku?.code ?? product.code ?? null,
        pic: product.pic ?? null,
        specs: sku ? sku.specs : null,
        price,
        quantity,
      });
      itemId += 1;
    }
    const r = rnd.next();
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
    const confirmed = status === 1 || status === 2 || (status === 3 && rnd.next() < 0.4);
    const pending = confirmed ? earlier(addHours(created, rnd.int(1, 30)), now) : null;
    const completed = status === 2 && pending ? earlier(addHours(pending, rnd.int(7, 35) * 24), now) : null;
    const cancelled = status === 3 ? earlier(addHours(pending ?? created, rnd.int(1, 72)), now) : null;
    const payAmount = Math.round(amount * (discountOf.get(buyer.levelType) ?? 1));
    const big = amount >= 2_500_000;
    const audited = big && status !== 0 ? 2 : big ? 1 : 0;
    const time = formatDateTime(created);
    const last = completed ?? cancelled ?? pending ?? created;
    out.orders.push({
      id,
      orderNo: `JY${dayKey(day).replace(/-/g, '')}${pad(id, 5)}`,
      amount,
      discountId: 1,
      payAmount,
      status,
      auditStatus: audited,
      userId: buyer.id,
      addressId: buyer.addressId,
      remark: rnd.next() < 0.15 ? rnd.pick(ORDER_REMARKS) : base.orderRemark,
      username: buyer.nickName,
      address: buyer.address || null,
      trackingNumber: status === 2 || (status === 1 && rnd.next() < 0.3) ? `SF${1400000000000 + id * 7919}` : null,
      pendingTime: pending ? formatDateTime(pending) : null,
      completedTime: completed ? formatDateTime(completed) : null,
      shopId: null,
      createTime: time,
      updateTime: formatDateTime(last),
    });
    for (const item of items) out.items.push({ ...item, createTime: time, updateTime: time });
    const step = (action: string, from: number, to: number, when: Date) => {
      out.history.push({
        id: historyId,
        orderId: id,
        action,
        fromStatus: from,
        toStatus: to,
        operatorId: 1,
        remark: null,
        createTime: formatDateTime(when),
        updateTime: formatDateTime(when),
      });
      historyId += 1;
    };
    if (pending) step('determined', 0, 1, pending);
    if (completed) step('complete', 1, 2, completed);
    if (cancelled) step('cancel', pending ? 1 : 0, 3, cancelled);
    if (completed)
      for (const item of items)
        out.soldUnits.set(Number(item.goodId), (out.soldUnits.get(Number(item.goodId)) ?? 0) + Number(item.quantity));
    if (audited) {
      const pass = audited === 2 && rnd.next() < 0.9;
      out.auditOrders.push({
        orderId: id,
        userId: buyer.id,
        status: audited === 1 ? 0 : pass ? 1 : 2,
        remark: audited === 1 ? null : pass ? rnd.pick(AUDIT_PASS) : rnd.pick(AUDIT_REJECT),
        applicantId: 1,
        reviewerId: audited === 2 ? 1 : null,
        reviewTime: audited === 2 && pending ? formatDateTime(pending) : null,
        createTime: time,
        updateTime: time,
      });
    }
    return items.length;
  };

  for (let i = 0; i <= HISTORY_DAYS; i += 1) {
    const day = new Date(start.getFullYear(), start.getMonth(), start.getDate() + i);
    const progress = i / HISTORY_DAYS;
    const newMembers = Math.floor((0.4 + 1.1 * progress) * (0.5 + rnd.next()) * 1.4);
    for (let k = 0; k < newMembers; k += 1) addMember(day);
    const rate = dailyRate(day, progress);
    const orders = Math.max(0, Math.round(rate * (0.6 + 0.8 * rnd.next())));
    for (let k = 0; k < orders; k += 1) addOrder(day, HISTORY_DAYS - i);
    // Views and visitors follow the orders, spread over the hours like the orders are; today only as far as it has gone.
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
