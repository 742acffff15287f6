import type { Host } from '../../core/host.js';
import type { OpContext } from '../../core/crud/context.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { appError, E, type ErrorEntry, fieldError, fieldsError, issue, stateText } from '../../core/errors.js';
import type { Row } from '../../core/db/row.js';
import { decodeRow, encodeRow } from '../../core/db/row-codec.js';
import { nowText } from '../../core/db/time.js';
import { insertRow } from '../../core/crud/insert-row.js';
import { parseId, parseIds } from '../../core/crud/input-validation.js';

// Audit ticket status (SPEC §4): 0 pending review, 1 passed, 2 rejected. Product and order auditStatus: 0 to submit,
// 1 pending review, 2 reviewed. Their names in messages: WORD_TICKET_* and WORD_SUBJECT_* of the error catalogue.

type Kind = 'good' | 'order' | 'user';
const TABLE = { good: 'audit_good', order: 'audit_order', user: 'audit_user' } as const satisfies Record<Kind, string>;

/** Reads rows by id, locking them on PostgreSQL and MariaDB (SQLite has a single writer). */
async function lockRow(ctx: OpContext, table: string, id: number, columns: string[]): Promise<Row | undefined> {
  // The columns are a parameter, so this one query is built untyped.
  let q = untyped(ctx.db)
    .selectFrom(table)
    .select(['id', ...columns])
    .where('id', '=', id);
  if (ctx.database.dialect !== 'sqlite') q = q.forUpdate();
  return await q.executeTakeFirst();
}

function optionalText(body: Row, name: string, max: number): string | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw fieldError(name, E.FIELD_TEXT);
  if (v.length > max) throw fieldError(name, E.FIELD_TOO_LONG, { max });
  return v;
}

/** {id} or {ids} (all or nothing). */
function targetIds(body: Row, single = 'id', many = 'ids'): { ids: number[]; batch: boolean } {
  // Ascending, so that concurrent batches lock their rows in the same order (no deadlock on PostgreSQL / MariaDB).
  if (body[many] !== undefined && body[many] !== null)
    return { ids: parseIds(body[many], many).sort((a, b) => a - b), batch: true };
  return { ids: [parseId(body[single], single)], batch: false };
}

/** Sets a subject's auditStatus from one value to another; false when it was not at `from` (or is gone). */
async function moveSubject(
  ctx: OpContext,
  table: 'product_info' | 'order_info',
  id: number,
  from: number[],
  to: number,
): Promise<boolean> {
  const r = await ctx.db
    .updateTable(table)
    .set({ auditStatus: to, updateTime: nowText() })
    .where('id', '=', id)
    .where('auditStatus', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The effect of a decision on the ticket's subject, in the decision's transaction; throws (409) when it cannot apply. */
async function applyEffect(ctx: OpContext, kind: Kind, ticket: Row, status: 1 | 2): Promise<void> {
  const db = ctx.db;
  if (kind === 'good' || kind === 'order') {
    const table = kind === 'good' ? 'product_info' : 'order_info';
    const id = Number(kind === 'good' ? ticket.goodId : ticket.orderId);
    const subject = await lockRow(ctx, table, id, ['auditStatus']);
    if (!subject)
      throw fieldError(kind === 'good' ? 'goodId' : 'orderId', E.AUDIT_SUBJECT_GONE, {
        what: kind === 'good' ? E.AUDIT_PRODUCT.texts : E.AUDIT_ORDER.texts,
        id,
      });
    await moveSubject(ctx, table, id, [0, 1, 2], 2);
    return;
  }
  if (status !== 1) return;
  const level = await db
    .selectFrom('user_level')
    .select(['id', 'level'])
    .where('id', '=', Number(ticket.levelId))
    .executeTakeFirst();
  if (!level) throw fieldError('levelId', E.AUDIT_LEVEL_GONE, { id: String(ticket.levelId) });
  const member = await lockRow(ctx, 'user_info', Number(ticket.userId), ['levelType']);
  if (!member) throw fieldError('userId', E.AUDIT_MEMBER_GONE, { id: String(ticket.userId) });
  await db
    .updateTable('user_info')
    .set({ levelType: level.level, updateTime: nowText() })
    .where('id', '=', Number(member.id))
    .execute();
}

const SUBJECT_COLUMNS: Record<Kind, string[]> = {
  good: ['status', 'goodId'],
  order: ['status', 'orderId'],
  user: ['status', 'userId', 'levelId'],
};

/** Decides one pending ticket: status, remark, reviewer and time, and its effect — or 409 when it is decided already. */
async function decideTicket(
  ctx: OpContext,
  kind: Kind,
  id: number,
  status: 1 | 2,
  remark: string | undefined,
): Promise<Row> {
  const table = TABLE[kind];
  const ticket = await lockRow(ctx, table, id, SUBJECT_COLUMNS[kind]);
  if (!ticket) throw appError(E.RECORD_NOT_FOUND, { prefix: `audit/${kind}`, id });
  const current = Number(ticket.status);
  const decided = (s: number) =>
    fieldError('status', E.AUDIT_DECIDED, { id, prefix: `audit/${kind}`, state: stateText('TICKET', s) });
  if (current !== 0) throw decided(current);
  const now = nowText();
  const patch = {
    status,
    reviewerId: ctx.user?.id ?? null,
    reviewTime: now,
    updateTime: now,
    ...(remark === undefined ? {} : { remark }),
  };
  const r = await ctx.db.updateTable(table).set(patch).where('id', '=', id).where('status', '=', 0).executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) {
    const again = await ctx.db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirst();
    throw decided(Number(again?.status ?? 1));
  }
  await applyEffect(ctx, kind, ticket, status);
  return { id, status, reviewerId: patch.reviewerId, reviewTime: now };
}

/** Product tickets: create one per product (auditStatus 0 → 1, or again after a rejection). */
async function createGoodTicket(ctx: OpContext, goodId: number, remark: string | undefined): Promise<number> {
  const product = await lockRow(ctx, 'product_info', goodId, ['name', 'auditStatus']);
  if (!product) throw fieldError('goodId', E.AUDIT_NO_PRODUCT, { id: goodId });
  const state = Number(product.auditStatus);
  const refuse = (why: ErrorEntry<never>) =>
    fieldError('goodId', E.AUDIT_PRODUCT_STATE, { id: goodId, state: stateText('SUBJECT', state), why: why.texts });
  if (state === 1) throw refuse(E.AUDIT_ALREADY_PENDING);
  if (state === 2) {
    // A reviewed product may be submitted again only when its last decision was a rejection.
    const last = await ctx.db
      .selectFrom('audit_good')
      .select('status')
      .where('goodId', '=', goodId)
      .where('status', '!=', 0)
      .orderBy('reviewTime', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (last?.status !== 2) throw refuse(E.AUDIT_ALREADY_PASSED);
  }
  if (!(await moveSubject(ctx, 'product_info', goodId, [state], 1))) throw refuse(E.AUDIT_CHANGED);
  const entity = ctx.registry.get('audit/good')!;
  const now = nowText();
  return insertRow(
    ctx,
    entity,
    encodeRow(entity, {
      goodId,
      status: 0,
      remark: remark ?? null,
      applicantId: ctx.user?.id ?? null,
      createTime: now,
      updateTime: now,
    }),
  );
}

/** Pending product tickets going away put their products back to 'to submit' (1 → 0). */
async function withdrawGoodTickets(ctx: OpContext, tickets: Row[]): Promise<void> {
  for (const t of tickets.filter((x) => Number(x.status) === 0))
    await moveSubject(ctx, 'product_info', Number(t.goodId), [1], 0);
}

function decisionOf(body: Row): { status: 1 | 2; remark: string | undefined } {
  const status = typeof body.status === 'string' && /^[12]$/.test(body.status) ? Number(body.status) : body.status;
  if (status !== 1 && status !== 2) throw fieldError('status', E.AUDIT_STATUS_VALUE);
  const remark = optionalText(body, 'remark', 2000);
  if (status === 2 && remark === undefined) throw fieldError('remark', E.AUDIT_REJECT_REASON);
  return { status, remark };
}

/** Audits: tickets decided once, in one transaction with their effect; product tickets made and withdrawn by action. */
export function registerAudit(host: Host): void {
  for (const kind of ['good', 'order', 'user'] as Kind[]) {
    host.actions.set(`audit/${kind}`, 'decide', async (ctx, { body }) => {
      const { ids, batch } = targetIds(body);
      const { status, remark } = decisionOf(body);
      const done = await ctx.db.transaction().execute(async (trx) => {
        const tx = { ...ctx, db: trx };
        const out: Row[] = [];
        for (const id of ids) out.push(await decideTicket(tx, kind, id, status, remark));
        return out;
      });
      return batch ? done : done[0];
    });
  }

  // Tickets added through the generic add record who asked; a decided ticket is history and is not edited.
  const frozenOnceDecided = {
    beforeAdd: (ctx: OpContext, row: Row) => {
      row.applicantId = ctx.user?.id ?? null;
    },
    beforeUpdate: (ctx: OpContext, patch: Row, existing: Row, prefix: string) => {
      const s = Number(existing.status);
      if (s === 0) return;
      // Saving the unchanged form of a decided ticket is fine; changing it is not.
      const stored = decodeRow(ctx.registry.get(prefix)!, existing);
      const changed = Object.keys(patch).filter(
        (k) => JSON.stringify(patch[k] ?? null) !== JSON.stringify(stored[k] ?? null),
      );
      if (changed.length) {
        const why = { id: String(existing.id), state: stateText('TICKET', s) };
        const details = changed.map((path) => issue(path, E.AUDIT_DECIDED_FROZEN, why));
        throw fieldsError(E.AUDIT_DECIDED_FROZEN, details);
      }
    },
  };
  host.hooks.add('audit/user', {
    ...frozenOnceDecided,
    beforeUpdate: (ctx, patch, existing) => frozenOnceDecided.beforeUpdate(ctx, patch, existing, 'audit/user'),
  });
  host.hooks.add('audit/order', {
    ...frozenOnceDecided,
    // An order with a ticket is pending review (0 → 1); a pending ticket deleted puts it back when it was the last one.
    afterAdd: async (ctx, id) => {
      const t = await ctx.db.selectFrom('audit_order').select('orderId').where('id', '=', id).executeTakeFirst();
      if (t) await moveSubject(ctx, 'order_info', t.orderId, [0], 1);
    },
    beforeUpdate: (ctx, patch, existing) => {
      frozenOnceDecided.beforeUpdate(ctx, patch, existing, 'audit/order');
      if (patch.orderId !== undefined && Number(patch.orderId) !== Number(existing.orderId)) {
        throw fieldError('orderId', E.AUDIT_ORDER_FIXED);
      }
    },
    afterDelete: async (ctx, rows) => {
      for (const r of rows.filter((x) => Number(x.status) === 0)) {
        const other = await ctx.db
          .selectFrom('audit_order')
          .select('id')
          .where('orderId', '=', Number(r.orderId))
          .where('status', '=', 0)
          .executeTakeFirst();
        if (!other) await moveSubject(ctx, 'order_info', Number(r.orderId), [1], 0);
      }
    },
    // A pending ticket restored from the recycle bin makes its order pending review again, as adding it did.
    afterRestore: async (ctx, rows) => {
      for (const r of rows.filter((x) => Number(x.status) === 0))
        await moveSubject(ctx, 'order_info', Number(r.orderId), [0], 1);
    },
  });
  host.hooks.add('audit/good', {
    beforeDelete: (ctx, rows) => withdrawGoodTickets(ctx, rows),
    // A pending ticket restored from the recycle bin puts its product back under review (0 → 1), as creating it did.
    afterRestore: async (ctx, rows) => {
      for (const t of rows.filter((x) => Number(x.status) === 0))
        await moveSubject(ctx, 'product_info', Number(t.goodId), [0], 1);
    },
  });

  host.actions.set('audit/good', 'create', async (ctx, { body }) => {
    const { ids, batch } = targetIds(body, 'goodId', 'goodIds');
    const remark = optionalText(body, 'remark', 2000);
    const created = await ctx.db.transaction().execute(async (trx) => {
      const tx = { ...ctx, db: trx };
      const out: number[] = [];
      for (const goodId of ids) out.push(await createGoodTicket(tx, goodId, remark));
      return out;
    });
    return { id: batch ? created : created[0] };
  });

  host.actions.set('audit/good', 'remove', async (ctx, { body }) => {
    const { ids } = targetIds(body);
    await ctx.db.transaction().execute(async (trx) => {
      const tx = { ...ctx, db: trx };
      const tickets: Row[] = [];
      for (const id of ids) {
        const t = await lockRow(tx, 'audit_good', id, ['status', 'goodId']);
        if (!t) throw appError(E.RECORD_NOT_FOUND, { prefix: 'audit/good', id });
        const s = Number(t.status);
        if (s !== 0) throw fieldError('status', E.AUDIT_WITHDRAW_DECIDED, { id, state: stateText('TICKET', s) });
        tickets.push(t);
      }
      await withdrawGoodTickets(tx, tickets);
      await trx.deleteFrom('audit_good').where('id', 'in', ids).execute();
    });
  });
}
