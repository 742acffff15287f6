import type { Row } from '../../core/db/row.js';

type Group = { name: string; values: string[] };

/**
 * A product's SKU matrix must fit its spec groups (server/core/crud/sku-check.ts): group names unique, each SKU one
 * value of every group, no combination twice, codes unique. A drawn record is bent to fit: repeated groups (and groups
 * named like the keys the input guard refuses) dropped,
 * SKU i gets the i-th combination (SKUs past the last combination dropped), repeated codes dropped.
 */
function fitSkus(record: Row): Row {
  const out = { ...record };
  let groups = Array.isArray(out.specInfo) ? (out.specInfo as Group[]) : [];
  if (Array.isArray(out.specInfo)) {
    // A group's name becomes a key of each SKU's specs: the names the input guard refuses as keys are dropped too.
    const seen = new Set<string>(['__proto__', 'constructor', 'prototype']);
    groups = groups.filter((g) => !seen.has(g.name) && seen.add(g.name));
    out.specInfo = groups;
  }
  if (!Array.isArray(out.skuInfo)) return out;
  const total = groups.length === 0 ? 0 : groups.reduce((n, g) => n * g.values.length, 1);
  const codes = new Set<string>();
  out.skuInfo = (out.skuInfo as Row[]).slice(0, total).map((sku, i) => {
    let rest = i;
    const specs: Record<string, string> = {};
    for (const g of groups) {
      specs[g.name] = g.values[rest % g.values.length];
      rest = Math.floor(rest / g.values.length);
    }
    const fitted: Row = { ...sku, specs };
    if (typeof fitted.code === 'string' && fitted.code !== '') {
      if (codes.has(fitted.code)) delete fitted.code;
      else codes.add(fitted.code);
    }
    return fitted;
  });
  return out;
}

/**
 * A task names a registered handler (server/modules/task/task-rules.ts) and is stopped, so the fuzzer's tasks never
 * run; it has the fields of its kind only (a cron task no limit/every, an interval task no cron, limit 0 is none),
 * and no end before its start.
 */
function fitTask(record: Row): Row {
  const out: Row = {
    ...record,
    status: 0,
    service: 'base.purgeExpired',
    data: null,
    taskType: record.taskType === 1 ? 1 : 0,
  };
  if (out.taskType === 1) {
    out.cron = null;
    if (out.limit === 0) out.limit = null;
    if (typeof out.every === 'number' && out.every < 1000) out.every = 1000;
  } else {
    out.cron = '0 0 3 * * ?';
    out.limit = null;
    out.every = null;
  }
  if (out.startDate && out.endDate) out.endDate = null;
  return out;
}

/** A menu page has a route and a permission row a permission (server/modules/base/sys/sys-menu.ts checkKind). */
function fitMenu(record: Row): Row {
  const out: Row = { ...record };
  if (out.type === 1 && (typeof out.router !== 'string' || out.router.trim() === '')) out.router = '/fitted';
  if (out.type === 2 && (typeof out.perms !== 'string' || out.perms.split(',').every((p) => p.trim() === '')))
    out.perms = 'product:info:page';
  return out;
}

/** Per entity prefix: how a record drawn from the schema is made to satisfy the module's cross-field rules. */
export const RECORD_FITS: Record<string, (record: Row) => Row> = {
  'product/info': fitSkus,
  // A product spec's values must be one of every spec of its product (x-sku-specs): a drawn row names none.
  'product/spec': (record) => ({ ...record, options: null }),
  'task/info': fitTask,
  // An on-shelf bundle holds only products on shelf that passed review (order/recommend.ts): a drawn bundle is off shelf.
  'order/recommend': (record) => ({ ...record, status: 0 }),
  'base/sys/menu': fitMenu,
};
