import type { Host } from '../../../core/host.js';
import type { OpContext } from '../../../core/crud/context.js';
import type { Entity } from '../../../core/registry/entity-types.js';
import { appError, E } from '../../../core/errors.js';
import { registerEntity } from '../../../core/registry/register-entity.js';
import { storeEntity, storedOrigin } from '../../../core/registry/stored-entities.js';
import { checkAgainstServer } from './entity-proposal.js';

/**
 * A new entity brings new permission strings, which the delegation rule forbids anyone but a super admin to create.
 * Refused as 400 like the delegation guard's refusals, so the admin keeps the form.
 */
export function requireSuper(ctx: OpContext): void {
  if (!ctx.user?.isSuper) throw appError(E.CODING_SUPER_ONLY);
}

/**
 * Applies a schema live: checked against the server, then registered through registerEntity in one transaction with
 * its stored copy (base_sys_entity_def), menu page and permission buttons. Nothing is left behind on failure.
 */
export async function applyEntitySchema(host: Host, ctx: OpContext, schema: Record<string, unknown>): Promise<Entity> {
  requireSuper(ctx);
  const { replacing } = await checkAgainstServer(host, schema);
  const prefix = String(schema['x-prefix']);
  return registerEntity(
    host,
    { schema, origin: storedOrigin(prefix) },
    {
      replacing,
      within: (tx, entity) => storeEntity(tx, entity, ctx.user?.id ?? null),
    },
  );
}
