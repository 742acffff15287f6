import type { Expression, SqlBool } from 'kysely';
import type { OpContext } from '../../core/crud/context.js';
import type { AnyExpressionBuilder } from '../../core/crud/entity-hooks.js';
import { appError, E } from '../../core/errors.js';
import type { Row } from '../../core/db/row.js';

/** Ticket kinds and the flow modelType that routes them (SPEC §3: 0 user, 1 order, 2 product). */
export type Kind = 'good' | 'order' | 'user';
export const MODEL_TYPE: Record<Kind, number> = { user: 0, order: 1, good: 2 };

type Flow = { applicantId: number | null; reviewerId: number | null };

/**
 * The reviewers of a ticket by the flows of its model type: those of the flows naming the ticket's applicant; when no
 * flow of the type names that applicant, those of every flow of the type; null when the type has no flow (then the
 * decide permission alone says who may decide, as before flows routed anything).
 */
export function reviewersOf(flows: Flow[], applicantId: number | null): Set<number> | null {
  if (flows.length === 0) return null;
  const own = flows.filter((f) => applicantId !== null && Number(f.applicantId) === applicantId);
  return new Set((own.length ? own : flows).map((f) => Number(f.reviewerId)));
}

async function flowsOf(ctx: OpContext, kind: Kind): Promise<Flow[]> {
  return await ctx.db
    .selectFrom('audit_flow')
    .select(['applicantId', 'reviewerId'])
    .where('modelType', '=', MODEL_TYPE[kind])
    .execute();
}

/** Refuses (400 code 1001, "Not allowed") a decision by a caller the ticket's flows do not name; super admins may. */
export async function assertMayDecide(ctx: OpContext, kind: Kind, ticket: Row): Promise<void> {
  const user = ctx.user;
  if (!user || user.isSuper) return;
  const applicant = ticket.applicantId === null || ticket.applicantId === undefined ? null : Number(ticket.applicantId);
  const reviewers = reviewersOf(await flowsOf(ctx, kind), applicant);
  if (reviewers && !reviewers.has(user.id))
    throw appError(E.AUDIT_NOT_YOUR_TICKET, { id: Number(ticket.id), prefix: `audit/${kind}` });
}

/**
 * The tickets (table alias a) a reviewer may decide, as one SQL condition: routed to them by a flow (by applicant, or
 * by type when no flow names the applicant), or of a type without flows. Pending or not: it is their queue.
 */
export function queueCondition(eb: AnyExpressionBuilder, kind: Kind, userId: number): Expression<SqlBool> {
  const type = MODEL_TYPE[kind];
  const flows = (alias: string) => eb.selectFrom(`audit_flow as ${alias}`).select(`${alias}.id`);
  return eb.or([
    eb.exists(
      flows('f')
        .where('f.modelType', '=', type)
        .where('f.reviewerId', '=', userId)
        .where((w) =>
          w.or([
            w('f.applicantId', '=', w.ref('a.applicantId')),
            w.not(
              w.exists(flows('g').where('g.modelType', '=', type).where('g.applicantId', '=', w.ref('a.applicantId'))),
            ),
          ]),
        ),
    ),
    eb.not(eb.exists(flows('h').where('h.modelType', '=', type))),
  ]);
}

/** Marks each ticket row with `canDecide`: pending, and the caller may decide it (super admin, or by its flows). */
export async function markDecidable(ctx: OpContext, kind: Kind, rows: Row[]): Promise<void> {
  const user = ctx.user;
  const flows = rows.length && user && !user.isSuper ? await flowsOf(ctx, kind) : [];
  for (const row of rows) {
    const pending = Number(row.status) === 0;
    if (!user || user.isSuper) {
      row.canDecide = pending;
      continue;
    }
    const applicant = row.applicantId === null || row.applicantId === undefined ? null : Number(row.applicantId);
    const reviewers = reviewersOf(flows, applicant);
    row.canDecide = pending && (reviewers === null || reviewers.has(user.id));
  }
}
