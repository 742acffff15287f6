import type { Entity } from '../registry/entity-types.js';
import { indexedKeyword, keywordFields, type IndexedKeyword } from '../db/keyword-index.js';
import { storedRowCount } from '../db/row-count.js';
import type { OpContext } from './context.js';

// How a page/list call's keyword is looked up: by testing rows, or through the keyword index (server/core/db/README.md,
// "Keyword index"). The plan only chooses the way; every way finds the same rows.

/**
 * What the keyword index says before the query is built (empty: the keyword is matched by scanning): the index query
 * finding exactly the rows of the entity's own keyword columns, and `dense` when it finds so large a share of the
 * table that testing rows in the page's order stops sooner than reading the index's rows.
 */
export type KeywordPlan = { index?: IndexedKeyword; dense?: boolean };

/** Beyond this share of the table (and this many rows), a page tests rows in order (it finds its rows soon) rather than reading the index's. */
const DENSE_SHARE = 0.05;
const MIN_DENSE = 2000;

/** Asks the keyword index (when the entity's own keyword columns are all in it) which rows hold the (checked) keyword. */
export async function planKeyword(ctx: OpContext, entity: Entity, keyword: string): Promise<KeywordPlan> {
  const own = entity.fields.filter((f) => f.search.includes('keyword'));
  if (own.length === 0 || keywordFields(entity).length !== own.length) return {};
  // A small table is tested row by row: sooner than asking the index (and the same rows: both are exact).
  const rows = await roughRowCount(ctx, entity);
  if (rows !== undefined && rows < keywordIndexFrom) return {};
  const denseFrom = rows === undefined ? Number.POSITIVE_INFINITY : Math.max(MIN_DENSE, rows * DENSE_SHARE);
  const index = await indexedKeyword(ctx.database, ctx.db, entity, keyword, denseFrom);
  if (!index) return {};
  if (index.dense) return { index, dense: true };
  // Counted only where the count could make it dense (the count is the total later, when the page is full).
  if (index.atMost <= MIN_DENSE) return { index, dense: false };
  if (rows === undefined || index.atMost <= rows * DENSE_SHARE) return { index, dense: false };
  return { index, dense: (await index.total()) > Math.max(MIN_DENSE, rows * DENSE_SHARE) };
}

/** Tables with fewer rows than this search keywords by testing rows (JOINERY_KEYWORD_INDEX_FROM; tests set it to 0). */
const fromEnv = Number(process.env.JOINERY_KEYWORD_INDEX_FROM || NaN);
let keywordIndexFrom = Number.isFinite(fromEnv) ? fromEnv : 1000;
export function setKeywordIndexFrom(rows: number): void {
  keywordIndexFrom = rows;
  roughCounts = new WeakMap(); // the next search reads the counts again
}

/**
 * The table's row count from its kept counter, read at most once a second per entity: it only chooses how a keyword
 * is looked up (index or rows, page by index or in order), never what is found, so a second-old count will do.
 */
let roughCounts = new WeakMap<Entity, { n: number | undefined; at: number }>();
async function roughRowCount(ctx: OpContext, entity: Entity): Promise<number | undefined> {
  const known = roughCounts.get(entity);
  const now = Date.now();
  if (known && now - known.at < 1000) return known.n;
  const n = await storedRowCount(ctx.database, ctx.db, entity);
  roughCounts.set(entity, { n, at: now });
  return n;
}
