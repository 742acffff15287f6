import type { Host } from '../../core/host.js';
import type { OpContext } from '../../core/crud/context.js';
import type { AnyExpressionBuilder } from '../../core/crud/entity-hooks.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { badRequest, refused } from '../../core/errors.js';
import { SUPER_ROLE_ID, SUPER_ROLE_LABEL } from '../../core/auth/access-rights.js';
import type { Row } from '../../core/db/row.js';
import { idList, linkedIds, replaceLinks } from './link-tables.js';

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
  const rows = (await untyped(ctx.db).selectFrom('base_sys_role as a').select('a.id')
    .where((eb) => eb.and([roleScope(ctx, eb)].filter((c) => c !== undefined))).execute()) as Row[];
  return rows.map((r) => Number(r.id));
}

/** A non-super admin may only grant menus they have and departments in their scope (no privilege escalation). */
async function checkGrants(ctx: OpContext, menuIds: number[] | undefined, departmentIds: number[] | undefined): Promise<void> {
  const user = ctx.user;
  if (!user || user.isSuper) return;
  if (menuIds?.length) {
    const own = new Set(user.menuIds ?? []);
    const bad = menuIds.find((m) => !own.has(m));
    if (bad !== undefined) throw badRequest(`menuIdList: menu ${bad} is not yours to grant`, [{ path: 'menuIdList', message: 'contains a menu you do not have' }]);
  }
  if (departmentIds?.length && user.departmentIds) {
    const scope = new Set(user.departmentIds);
    const bad = departmentIds.find((d) => !scope.has(d));
    if (bad !== undefined) throw badRequest(`departmentIdList: department ${bad} is outside your data scope`, [{ path: 'departmentIdList', message: 'contains a department outside your scope' }]);
  }
}

async function syncLinks(ctx: OpContext, id: number, input: Row): Promise<void> {
  const menus = idList(input, 'menuIdList');
  const departments = idList(input, 'departmentIdList');
  if (menus) await replaceLinks(ctx, 'base_sys_role_menu', 'roleId', id, 'menuId', menus);
  if (departments) await replaceLinks(ctx, 'base_sys_role_department', 'roleId', id, 'departmentId', departments);
}

/** Roles: creator, menu/department links mirrored into link tables, super role protected, rights refreshed. */
export function registerSysRole(host: Host): void {
  host.hooks.set(PREFIX, {
    // Cached rights and sessions are dropped again once the write is visible to other connections.
    afterCommit: () => host.auth.invalidateRights(),
    scope: roleScope,
    beforeAdd: async (ctx, row, input) => {
      await checkGrants(ctx, idList(input, 'menuIdList'), idList(input, 'departmentIdList'));
      row.userId = ctx.user?.id ?? null;
    },
    afterAdd: async (ctx, id, input) => {
      await syncLinks(ctx, id, input);
      host.auth.invalidateRights();
    },
    beforeUpdate: async (ctx, patch, existing, input) => {
      if (Number(existing.id) === SUPER_ROLE_ID && patch.label !== undefined && patch.label !== SUPER_ROLE_LABEL) throw refused('The super-admin role keeps its label');
      await checkGrants(ctx, idList(input, 'menuIdList'), idList(input, 'departmentIdList'));
    },
    afterUpdate: async (ctx, id, input) => {
      await syncLinks(ctx, id, input);
      host.auth.invalidateRights();
    },
    beforeDelete: (_ctx, rows) => {
      if (rows.some((r) => Number(r.id) === SUPER_ROLE_ID)) throw refused('The super-admin role cannot be deleted');
    },
    afterDelete: async (ctx, rows) => {
      const ids = rows.map((r) => Number(r.id));
      const db = untyped(ctx.db);
      for (const t of ['base_sys_user_role', 'base_sys_role_menu', 'base_sys_role_department']) await db.deleteFrom(t).where('roleId', 'in', ids).execute();
      host.auth.invalidateRights();
    },
    decorate: async (ctx, rows, action) => {
      if (action !== 'info') return;
      for (const row of rows) {
        row.menuIdList = await linkedIds(ctx, 'base_sys_role_menu', 'roleId', Number(row.id), 'menuId');
        row.departmentIdList = await linkedIds(ctx, 'base_sys_role_department', 'roleId', Number(row.id), 'departmentId');
      }
    },
  });
}
