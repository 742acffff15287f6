import type { Host } from '../../../core/host.js';
import { E, errorOn, fieldError } from '../../../core/errors.js';
import { keptSummary, keptValues, purgeKept } from '../../../core/db/kept-values.js';
import { storedOrigin } from '../../../core/registry/stored-entities.js';
import { evolveRequestOf, planOf, requireSuper } from './apply-entity.js';
import { proposalOfRequest, schemaOfProposal } from './entity-proposal.js';
import { CODING_BODY_LIMIT, CODING_ROUTES } from './coding-schemas.js';

const prefixOf = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * base/coding: the change plan of an evolve (before it is applied), and the values evolves kept (dropped fields, old
 * values of converted rows) with their purge. See codegen/README.md, "Evolving an entity".
 */
export function registerEvolveRoutes(host: Host): void {
  host.route({
    method: 'post',
    url: '/admin/base/coding/plan',
    bodyLimit: CODING_BODY_LIMIT,
    schema: CODING_ROUTES.plan,
    access: 'base:coding:draft',
    summary: '变更计划',
    // What applying the proposal to the entity made here would change, row by row; writes nothing.
    handler: async (_ctx, { rawBody }) => {
      const proposal = await proposalOfRequest(rawBody, host);
      const schema = schemaOfProposal(proposal);
      const { renames } = evolveRequestOf(rawBody);
      const plan = await planOf(host, schema, renames);
      return { replacing: plan !== undefined, plan: plan ?? null };
    },
  });

  host.route({
    method: 'get',
    url: '/admin/base/coding/kept',
    schema: CODING_ROUTES.kept,
    access: 'base:coding:draft',
    summary: '保留的数据',
    // Per field what evolves kept; with `field`, its values (at most 200) by row id.
    handler: async (_ctx, { query }) => {
      const prefix = prefixOf(query.prefix);
      if (!prefix) throw fieldError('prefix', E.FIELD_REQUIRED);
      const field = typeof query.field === 'string' && query.field ? query.field : undefined;
      return {
        kept: await keptSummary(host.database, prefix),
        ...(field ? { values: await keptValues(host.database, prefix, field) } : {}),
      };
    },
  });

  host.route({
    method: 'post',
    url: '/admin/base/coding/purge',
    schema: CODING_ROUTES.purge,
    access: 'base:coding:createCode',
    summary: '清除保留的数据',
    // Deletes what evolves kept of an entity (or of one field): super admins only, like every change of an entity.
    handler: async (ctx, { body }) => {
      requireSuper(ctx);
      const prefix = prefixOf(body.prefix);
      const entity = host.registry.get(prefix);
      const known = (await keptSummary(host.database, prefix)).length > 0;
      if (!known && (!entity || entity.origin !== storedOrigin(prefix)))
        throw errorOn('prefix', E.CODING_EVOLVE_NO_STORED, { prefix });
      const field = typeof body.field === 'string' && body.field ? body.field : undefined;
      return { purged: await purgeKept(host.database, prefix, field) };
    },
  });
}
