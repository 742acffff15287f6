/**
 * What the generated shop history (shop-history.ts) draws on: names, places and remarks, and its calendar — how busy
 * a day and an hour are, and the date helpers its rows are timed with.
 */

export const SURNAMES = [
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
export const GIVEN = [
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
export const PLACES: [string, string, string[]][] = [
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
export const STREETS = [
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
export const ORDER_REMARKS = [
  '定金已付，按标准尺寸排产。',
  '客户要求加急，两周内交付。',
  '需上门复尺后确认尺寸。',
  '门店自提。',
];
export const AUDIT_PASS = ['定金已到账，确认排产。', '尺寸与材质确认无误。', '大额订单，已电话核实。'];
export const AUDIT_REJECT = ['尺寸信息不完整，请补充后重新提交。', '付款凭证不清晰。'];

export const pad = (n: number, w = 2) => String(n).padStart(w, '0');
export const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const at = (day: Date, hour: number, minute: number, second: number) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute, second);
export const addHours = (d: Date, h: number) => new Date(d.getTime() + h * 3_600_000);
export const earlier = (a: Date, b: Date) => (a < b ? a : b);

/** Orders a day is expected to bring: growth over the period, busier weekends, shopping festivals, a quiet new year. */
export function dailyRate(day: Date, progress: number): number {
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
export const HOURS: [number, number][] = Array.from({ length: 24 }, (_, h) => [
  h,
  h < 7 ? 0.2 : h < 9 ? 1 : h < 12 ? 3 : h < 14 ? 4 : h < 19 ? 3 : h < 23 ? 5 : 1.5,
]);
export const HOUR_WEIGHT = HOURS.reduce((s, [, w]) => s + w, 0);
