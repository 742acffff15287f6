import type { Host } from '../../core/host.js';
import type { OpContext } from '../../core/crud/context.js';
import { appError, E, fieldError, fieldsError, issue, stateText, textOf } from '../../core/errors.js';
import type { Row } from '../../core/db/row.js';
import { decodeRow } from '../../core/db/row-codec.js';
import { nowText } from '../../core/db/time.js';
import { lockRow, moveSubject, optionalText, targetIds } from './ticket-rows.js';
import { registerSubjectTickets } from './subject-tickets.js';
import { assertMayDecide, type Kind, markDecidable, queueCondition } from './audit-flows.js';
import { nextRevision, recordModuleWrite } from '../../core/crud/history.js';
import { updateRecorded } from '../../core/crud/module-writes.js';
import { writeWithRetry } from '../../core/db/contention.js';

const TABLE = { good: 'audit_good', order: 'audit_order', user: 'audit_user' } as const satisfies Record<Kind, string>;

/** The effect of a decision on the ticket's subject, in the decision's transaction; throws (409) when it cannot apply. */
async function applyEffect(
  ctx: OpContext,
  kind: Kind,
  ticket: Row,
  status: 1 | 2,
  remark: string | undefined,
): Promise<void> {
  const db = ctx.db;
  if (kind === 'good' || kind === 'order') {
    const table = kind === 'good' ? 'product_info' : 'order_info';
    const id = Number(kind === 'good' ? ticket.goodId : ticket.orderId);
    const subject = await lockRow(ctx, table, id, ['auditStatus']);
    if (!subject) {
      const what = textOf(kind === 'good' ? E.AUDIT_PRODUCT : E.AUDIT_ORDER);
      throw fieldError(kind === 'good' ? 'goodId' : 'orderId', E.AUDIT_SUBJECT_GONE, { what, id });
    }
    // Passed → 2, rejected → 3 (so a rejection reads as one), with the decision's remark as the subject's auditRemark.
    await moveSubject(ctx, table, id, [0, 1, 2, 3], status === 1 ? 2 : 3, remark ?? null);
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
  await updateRecorded(ctx, 'user/info', { id: Number(member.id) }, { levelType: level.level });
}

const SUBJECT_COLUMNS: Record<Kind, string[]> = {
  good: ['status', 'goodId', 'applicantId'],
  order: ['status', 'orderId', 'applicantId'],
  user: ['status', 'userId', 'levelId', 'applicantId'],
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
  // With what the decision writes: it is recorded in the ticket's field history (recordModuleWrite).
  const ticket = await lockRow(ctx, table, id, [
    ...SUBJECT_COLUMNS[kind],
    'revision',
    'reviewerId',
    'reviewTime',
    'remark',
  ]);
  if (!ticket) throw appError(E.RECORD_NOT_FOUND, { prefix: `audit/${kind}`, id });
  const current = Number(ticket.status);
  const decided = (s: number) =>
    fieldError('status', E.AUDIT_DECIDED, { id, prefix: `audit/${kind}`, state: stateText('TICKET', s) });
  if (current !== 0) throw decided(current);
  await assertMayDecide(ctx, kind, ticket);
  const now = nowText();
  const patch = {
    status,
    reviewerId: ctx.user?.id ?? null,
    reviewTime: now,
    updateTime: now,
    ...(remark === undefined ? {} : { remark }),
  };
  const r = await ctx.db
    .updateTable(table)
    .set({ ...patch, revision: nextRevision() })
    .where('id', '=', id)
    .where('status', '=', 0)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) {
    const again = await ctx.db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirst();
    throw decided(Number(again?.status ?? 1));
  }
  await recordModuleWrite(ctx, `audit/${kind}`, ticket, patch);
  await applyEffect(ctx, kind, ticket, status, remark);
  return { id, status, reviewerId: patch.reviewerId, reviewTime: now };
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
      const done = await writeWithRetry(ctx.db, async (trx) => {
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
      if (t) await moveSubject(ctx, 'order_info', t.orderId, [0, 3], 1);
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
        await moveSubject(ctx, 'order_info', Number(r.orderId), [0, 3], 1);
    },
  });
  for (const kind of ['good', 'order', 'user'] as Kind[]) {
    host.hooks.add(`audit/${kind}`, {
      // `queue: 'mine'`: the tickets the caller may decide by the audit flows (a super admin's queue is every ticket).
      filters: (ctx, params, eb) =>
        params.queue === 'mine' && ctx.user && !ctx.user.isSuper ? [queueCondition(eb, kind, ctx.user.id)] : [],
      decorate: (ctx, rows) => markDecidable(ctx, kind, rows),
    });
  }

  registerSubjectTickets(host);
}
