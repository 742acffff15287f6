// Products for the benchmarks: deterministic rows (names with materials and items in Chinese, a style, a series),
// and a fast SQLite fill written as the server writes (the keyword index kept by its triggers, row by row).
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';

const MATERIALS = ['橡木', '胡桃木', '松木', '樱桃木', '板式', '玻璃', '金属', '藤编']; // '木' in half of them
const ITEMS = ['餐桌', '书柜', '沙发', '床', '椅子', '茶几', '衣柜', '电视柜', '鞋柜', '边几']; // 沙发: a tenth
const STYLES = ['Modern', 'Classic']; // half each

/** The i-th product, deterministic: name like "胡桃木餐桌 Classic S042X", code SKU<i>. */
export function product(i) {
  const series = String((i * 7919) % 200).padStart(3, '0');
  const name = `${MATERIALS[i % 8]}${ITEMS[Math.floor(i / 8) % 10]} ${STYLES[Math.floor(i / 80) % 2]} S${series}X`;
  const h = Math.imul(i ^ 0x9e3779b9, 2654435761) >>> 0;
  return {
    name,
    code: `SKU${i}`,
    price: 10_000 + (h % 990_000),
    status: (h >>> 20) % 2,
    categoryId: 1 + ((h >>> 8) % 6),
  };
}

export function progress(label, done, total, t0) {
  process.stdout.write(
    `\r  ${label}: ${done.toLocaleString()} / ${total.toLocaleString()} (${((performance.now() - t0) / 1000).toFixed(0)} s)   `,
  );
  if (done === total) process.stdout.write('\n');
}

const now = '2026-01-01 00:00:00';
export const COLUMNS = [
  'name',
  'code',
  'price',
  'status',
  'categoryId',
  'sales',
  'order',
  'recommend',
  'auditStatus',
  'createTime',
  'updateTime',
];
export const values = (p) => [p.name, p.code, p.price, p.status, p.categoryId, 0, 0, 0, 0, now, now];
export const BATCH = 2000;

export async function fillSqlite(file, rows) {
  const ROWS = rows;
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const t0 = performance.now();
  // Written as the server writes: the keyword index is kept by its triggers, row by row.
  const insert = db.prepare(
    `insert into product_info (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`,
  );
  for (let from = 0; from < ROWS; from += 50_000) {
    db.transaction(() => {
      for (let i = from; i < Math.min(ROWS, from + 50_000); i++) insert.run(...values(product(i)));
    })();
    progress('sqlite products', Math.min(ROWS, from + 50_000), ROWS, t0);
  }
  db.exec('analyze');
  db.close();
}
