import type { Host } from '../../../core/host.js';
import type { OpContext } from '../../../core/crud/context.js';
import { appError, E, fieldError, issue } from '../../../core/errors.js';
import { SUPER_ROLE_ID, SUPER_ROLE_LABEL } from '../../../core/auth/access-rights.js';
import { idList, linkedIds, linkRowsOf, replaceLinks } from './link-tables.js';
import { parseId, parseIds } from '../../../core/crud/input-validation.js';
import { delegation, guardedTransaction } from '../../../core/auth/delegation.js';
import type { AnyExpressionBuilder } from '../../../core/crud/entity-hooks.js';
import { updateRecorded } from '../../../core/crud/module-writes.js';
import { checkReferences } from '../../../core/crud/ref-check.js';

const PREFIX = 'base/sys/user';

/** A user name in use answers the original's message (409, naming the field), before the generic unique check. */
async function assertUsernameFree(ctx: OpContext, username: unknown, exceptId?: number): Promise<void> {
  if (typeof username !== 'string') return;
  let q = ctx.db.selectFrom('base_sys_user').select('id').where('username', '=', username);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw appError(E.USER_NAME_TAKEN, {}, [issue('username', E.FIELD_TAKEN)]);
}

async function holdsSuperRole(ctx: OpContext, userIds: number[]): Promise<boolean> {
  if (userIds.length === 0) return false;
  const row = await ctx.db
    .selectFrom('base_sys_user_role')
    .select('userId')
    .where('userId', 'in', userIds)
    .where('roleId', '=', SUPER_ROLE_ID)
    .executeTakeFirst();
  return row !== undefined;
}

/** Users a non-super admin reaches: in their department scope, never a super admin (PROTOCOL §0). */
function userScope(ctx: OpContext, eb: AnyExpressionBuilder) {
  const scope = ctx.user?.departmentIds;
  if (!ctx.user || ctx.user.isSuper || scope === null || scope === undefined) return undefined;
  if (scope.length === 0) return eb('a.id', '=', -1);
  const superUsers = eb
    .selectFrom('base_sys_user_role as sur')
    .select('sur.userId')
    .where('sur.roleId', '=', SUPER_ROLE_ID);
  return eb.and([eb('a.departmentId', 'in', [...scope]), eb('a.id', 'not in', superUsers)]);
}

/**
 * As the original, the user page never shows a super admin, to anyone: neither the user `admin` (its rule, PROTOCOL
 * §7.3) nor a holder of the super role (ours, PROTOCOL §0). A super admin edits its own profile in the person centre.
 * `list` is the original's generic list and shows every user the caller reaches (for a super admin, `admin` too);
 * a delegated admin's scope never holds a super admin (userScope).
 */
function notSuperAdmin(eb: AnyExpressionBuilder) {
  const holders = eb
    .selectFrom('base_sys_user_role as sur')
    .innerJoin('base_sys_role as sr', 'sr.id', 'sur.roleId')
    .select('sur.userId')
    .where((w) => w.or([w('sr.id', '=', SUPER_ROLE_ID), w('sr.label', '=', SUPER_ROLE_LABEL)]));
  return eb.and([eb('a.username', '!=', 'admin'), eb('a.id', 'not in', holders)]);
}

/** Admin users: password hashing, roles, department data scope, protection of the super admin. */
export function registerSysUser(host: Host): void {
  host.hooks.add(PREFIX, {
    // Cached rights and sessions are dropped again once the write is visible to other connections.
    afterCommit: () => host.auth.invalidateRights(),
    scope: userScope,
    filters: (ctx, params, eb) => {
      const hidden = ctx.url.endsWith('/list') ? [] : [notSuperAdmin(eb)];
      const ids = params.departmentIds;
      if (ids === undefined || ids === null || (Array.isArray(ids) && ids.length === 0)) return hidden;
      return [...hidden, eb('a.departmentId', 'in', parseIds(ids, 'departmentIds'))];
    },
    prepareInput: (input) =>
      input.password === '' || input.password === null ? { ...input, password: undefined } : input,
    beforeAdd: async (ctx, row, input) => {
      await assertUsernameFree(ctx, row.username);
      if (row.password === undefined) throw fieldError('password', E.FIELD_REQUIRED);
      await delegation.assertAssignableRoles(ctx, idList(input, 'roleIdList') ?? []);
      row.passwordV = 1;
      row.userId = ctx.user?.id ?? null;
    },
    // No invalidateRights here: a new user has no cached rights or sessions, and afterCommit drops the caches once.
    // Called per record it bumped the shared rights version once per user (a write each, queued behind the batch).
    afterAdd: async (ctx, id, input) => {
      await replaceLinks(ctx, 'base_sys_user_role', 'userId', id, 'roleId', idList(input, 'roleIdList') ?? []);
    },
    beforeUpdate: async (ctx, patch, existing, input) => {
      const id = Number(existing.id);
      if (!ctx.user?.isSuper && (await holdsSuperRole(ctx, [id]))) throw appError(E.USER_SUPER_ONLY);
      await assertUsernameFree(ctx, patch.username, id);
      const roles = idList(input, 'roleIdList');
      if (roles) {
        // Roles the user keeps were judged when they were given; only new ones must be the caller's to give.
        const held = new Set(await linkedIds(ctx, 'base_sys_user_role', 'userId', id, 'roleId'));
        await delegation.assertAssignableRoles(
          ctx,
          roles.filter((r) => !held.has(r)),
        );
      }
      if (patch.password !== undefined) {
        patch.passwordV = Number(existing.passwordV) + 1;
      }
      if (id === ctx.user?.id && patch.status === 0) throw appError(E.USER_DISABLE_SELF);
    },
    afterUpdate: async (ctx, id, input) => {
      const roles = idList(input, 'roleIdList');
      if (roles) await replaceLinks(ctx, 'base_sys_user_role', 'userId', id, 'roleId', roles);
      if (input.status === 0) await host.auth.revokeUser(id, ctx.db);
      host.auth.invalidateRights();
    },
    beforeDelete: async (ctx, rows) => {
      const ids = rows.map((r) => Number(r.id));
      if (ctx.user && ids.includes(ctx.user.id)) throw appError(E.USER_DELETE_SELF);
      if (!ctx.user?.isSuper && (await holdsSuperRole(ctx, ids))) throw appError(E.USER_SUPER_ONLY);
    },
    // The user's roles go with its recycle copy and come back with it (sessions do not).
    keptWith: (ctx, rows) =>
      linkRowsOf(
        ctx,
        [{ entity: 'base/sys/userRole', table: 'base_sys_user_role', column: 'userId', other: 'roleId' }],
        rows.map((r) => Number(r.id)),
      ),
    afterDelete: async (ctx, rows) => {
      for (const r of rows) await host.auth.revokeUser(Number(r.id), ctx.db);
      await ctx.db
        .deleteFrom('base_sys_user_role')
        .where(
          'userId',
          'in',
          rows.map((r) => Number(r.id)),
        )
        .execute();
      host.auth.invalidateRights();
    },
    decorate: async (ctx, rows, action) => {
      if (rows.length === 0) return;
      if (action === 'info') {
        for (const row of rows)
          row.roleIdList = await linkedIds(ctx, 'base_sys_user_role', 'userId', Number(row.id), 'roleId');
        return;
      }
      const links = await ctx.db
        .selectFrom('base_sys_user_role as ur')
        .innerJoin('base_sys_role as r', 'r.id', 'ur.roleId')
        .select(['ur.userId', 'r.name'])
        .where(
          'ur.userId',
          'in',
          rows.map((r) => Number(r.id)),
        )
        .execute();
      for (const row of rows)
        row.roleName = links
          .filter((l) => l.userId === Number(row.id))
          .map((l) => l.name)
          .join(',');
    },
    addReply: (ids, batch) => (batch ? ids : ids[0]),
  });

  host.actions.set(PREFIX, 'move', async (ctx, { body }) => {
    const departmentId = parseId(body.departmentId, 'departmentId');
    const userIds = parseIds(body.userIds, 'userIds');
    await delegation.assertReach(ctx, 'department', [departmentId], 'departmentId');
    await guardedTransaction(ctx, async (tx) => {
      if (!ctx.user?.isSuper && (await holdsSuperRole(tx, userIds))) throw appError(E.USER_SUPER_ONLY);
      // The department must exist, as for any write of the field (the reach above lets a super admin name any id).
      const users = tx.registry.get(PREFIX);
      if (users) await checkReferences(tx, users, { departmentId });
      const scope = ctx.user?.departmentIds;
      await updateRecorded(
        tx,
        PREFIX,
        { id: userIds, ...(scope ? { departmentId: [...scope] } : {}) },
        { departmentId },
      );
    });
  });
}
