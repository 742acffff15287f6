import type { Host } from '../../core/host.js';
import type { OpContext } from '../../core/crud/context.js';
import { appError, E, fieldError, stateText, stateWord, textOf } from '../../core/errors.js';
import type { Row } from '../../core/db/row.js';
import { encodeRow } from '../../core/db/row-codec.js';
import { nowText } from '../../core/db/time.js';
import { insertRow } from '../../core/crud/insert-row.js';
import { lockRow, moveSubject, optionalText, targetIds } from './ticket-rows.js';
import { writeWithRetry } from '../../core/db/contention.js';

/** The two kinds of ticket whose subject carries an auditStatus, and where each keeps what. */
const SUBJECTS = {
  good: { ticket: 'audit_good', table: 'product_info', field: 'goodId', many: 'goodIds', noun: E.AUDIT_PRODUCT },
  order: { ticket: 'audit_order', table: 'order_info', field: 'orderId', many: 'orderIds', noun: E.AUDIT_ORDER },
} as const;
type SubjectKind = keyof typeof SUBJECTS;

/**
 * One ticket for a product or an order: auditStatus 0 (to submit) or 3 (rejected, sent again) → 1. A product at 2
 * whose last decision was a rejection (decided before 3 existed) is accepted too.
 */
async function createTicket(ctx: OpContext, kind: SubjectKind, id: number, remark: string | undefined) {
  const s = SUBJECTS[kind];
  const subject = await lockRow(ctx, s.table, id, kind === 'order' ? ['auditStatus', 'userId'] : ['auditStatus']);
  const what = textOf(s.noun);
  if (!subject) throw fieldError(s.field, E.AUDIT_NO_SUBJECT, { what, id });
  const state = Number(subject.auditStatus);
  const refuse = () =>
    fieldError(s.field, E.AUDIT_NOT_SUBMITTABLE, { what, id, state: stateWord('SUBJECT', state), status: state });
  let ok = state === 0 || state === 3;
  if (state === 2) {
    const last = await ctx.db
      .selectFrom(s.ticket)
      .select('status')
      .where(s.field, '=', id)
      .where('status', '!=', 0)
      .orderBy('reviewTime', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    ok = Number(last?.status) === 2;
  }
  if (!ok || !(await moveSubject(ctx, s.table, id, [state], 1))) throw refuse();
  const entity = ctx.registry.get(`audit/${kind}`)!;
  const now = nowText();
  return insertRow(
    ctx,
    entity,
    encodeRow(entity, {
      [s.field]: id,
      ...(kind === 'order' ? { userId: Number(subject.userId) } : {}),
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

/** `create` for products and orders ({goodId}/{goodIds}, {orderId}/{orderIds}); `remove` withdraws product tickets. */
export function registerSubjectTickets(host: Host): void {
  for (const kind of Object.keys(SUBJECTS) as SubjectKind[]) {
    host.actions.set(`audit/${kind}`, 'create', async (ctx, { body }) => {
      const { ids, batch } = targetIds(body, SUBJECTS[kind].field, SUBJECTS[kind].many);
      const remark = optionalText(body, 'remark', 2000);
      const created = await writeWithRetry(ctx.db, async (trx) => {
        const tx = { ...ctx, db: trx };
        const out: number[] = [];
        for (const id of ids) out.push(await createTicket(tx, kind, id, remark));
        return out;
      });
      return { id: batch ? created : created[0] };
    });
  }

  host.hooks.add('audit/good', {
    beforeDelete: (ctx, rows) => withdrawGoodTickets(ctx, rows),
    // A pending ticket restored from the recycle bin puts its product back under review (0 → 1), as creating it did.
    afterRestore: async (ctx, rows) => {
      for (const t of rows.filter((x) => Number(x.status) === 0))
        await moveSubject(ctx, 'product_info', Number(t.goodId), [0, 3], 1);
    },
  });

  host.actions.set('audit/good', 'remove', async (ctx, { body }) => {
    const { ids } = targetIds(body);
    await writeWithRetry(ctx.db, async (trx) => {
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
