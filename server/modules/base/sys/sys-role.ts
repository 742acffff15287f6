import type { Host } from '../../../core/host.js';
import type { OpContext } from '../../../core/crud/context.js';
import type { AnyExpressionBuilder } from '../../../core/crud/entity-hooks.js';
import { appError, E } from '../../../core/errors.js';
import { SUPER_ROLE_ID, SUPER_ROLE_LABEL } from '../../../core/auth/access-rights.js';
import type { Row } from '../../../core/db/row.js';
import { idList, linkedIds, linkRowsOf, replaceLinks } from './link-tables.js';

const PREFIX = 'base/sys/role';

/** Roles a non-super admin sees: ones they created or hold, never the super role (PROTOCOL §4.4). */
function roleScope(ctx: OpContext, eb: AnyExpressionBuilder) {
  const user = ctx.user;
  if (!user || user.isSuper) return undefined;
  const mine = [eb('a.userId', '=', user.id)];
  if (user.roleIds.length) mine.push(eb('a.id', 'in', user.roleIds));
  return eb.and([eb('a.id', '!=', SUPER_ROLE_ID), eb('a.label', '!=', SUPER_ROLE_LABEL), eb.or(mine)]);
}

/** Ids of the roles the caller may see and assign. */
export async function visibleRoleIds(ctx: OpContext): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('base_sys_role as a')
    .select('a.id')
    .where((eb) => eb.and([roleScope(ctx, eb)].filter((c) => c !== undefined)))
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Role rows as the original sends them: `relevance` 0/1 in page and list (its raw SQL), true/false in info (its entity);
 * the creator id as text everywhere (schema `x-wire`).
 */
function asOriginalSends(row: Row, action: 'page' | 'list' | 'info'): void {
  if (row.relevance !== undefined && action !== 'info') row.relevance = row.relevance ? 1 : 0;
}

async function syncLinks(ctx: OpContext, id: number, input: Row): Promise<void> {
  const menus = idList(input, 'menuIdList');
  const departments = idList(input, 'departmentIdList');
  if (menus) await replaceLinks(ctx, 'base_sys_role_menu', 'roleId', id, 'menuId', menus);
  if (departments) await replaceLinks(ctx, 'base_sys_role_department', 'roleId', id, 'departmentId', departments);
}

/**
 * Roles: creator, menu/department links mirrored into link tables, super role protected, rights refreshed. What a
 * delegated admin may grant is the delegation guard's to judge (core/auth/delegation.ts), for every write here.
 */
export function registerSysRole(host: Host): void {
  host.hooks.add(PREFIX, {
    // Cached rights and sessions are dropped again once the write is visible to other connections.
    afterCommit: () => host.auth.invalidateRights(),
    scope: roleScope,
    // As the original, the role page and list never show the super-admin role, to anyone (PROTOCOL §4.4, §7.4).
    filters: (_ctx, _params, eb) => [eb('a.id', '!=', SUPER_ROLE_ID), eb('a.label', '!=', SUPER_ROLE_LABEL)],
    // (Its menu and department ids must name records that exist: the generic write checks every relation.)
    beforeAdd: (ctx, row) => {
      row.userId = ctx.user?.id ?? null;
    },
    afterAdd: async (ctx, id, input) => {
      await syncLinks(ctx, id, input);
      host.auth.invalidateRights();
    },
    beforeUpdate: (_ctx, patch, existing) => {
      if (Number(existing.id) === SUPER_ROLE_ID && patch.label !== undefined && patch.label !== SUPER_ROLE_LABEL)
        throw appError(E.ROLE_SUPER_LABEL);
    },
    afterUpdate: async (ctx, id, input) => {
      await syncLinks(ctx, id, input);
      host.auth.invalidateRights();
    },
    beforeDelete: (_ctx, rows) => {
      if (rows.some((r) => Number(r.id) === SUPER_ROLE_ID)) throw appError(E.ROLE_SUPER_DELETE);
    },
    // Its users, menus and departments go with its recycle copy and come back with it.
    keptWith: (ctx, rows) =>
      linkRowsOf(
        ctx,
        [
          { entity: 'base/sys/userRole', table: 'base_sys_user_role', column: 'roleId', other: 'userId' },
          { entity: 'base/sys/roleMenu', table: 'base_sys_role_menu', column: 'roleId', other: 'menuId' },
          {
            entity: 'base/sys/roleDepartment',
            table: 'base_sys_role_department',
            column: 'roleId',
            other: 'departmentId',
          },
        ],
        rows.map((r) => Number(r.id)),
      ),
    afterDelete: async (ctx, rows) => {
      const ids = rows.map((r) => Number(r.id));
      const db = ctx.db;
      for (const t of ['base_sys_user_role', 'base_sys_role_menu', 'base_sys_role_department'] as const)
        await db.deleteFrom(t).where('roleId', 'in', ids).execute();
      host.auth.invalidateRights();
    },
    decorate: async (ctx, rows, action) => {
      for (const row of rows) asOriginalSends(row, action);
      if (action !== 'info') return;
      for (const row of rows) {
        row.menuIdList = await linkedIds(ctx, 'base_sys_role_menu', 'roleId', Number(row.id), 'menuId');
        row.departmentIdList = await linkedIds(
          ctx,
          'base_sys_role_department',
          'roleId',
          Number(row.id),
          'departmentId',
        );
      }
    },
  });
}
