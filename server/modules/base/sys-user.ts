import type { Host } from '../../core/host.js';
import type { OpContext } from '../../core/crud/context.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { badRequest, forbidden, refused } from '../../core/errors.js';
import { SUPER_ROLE_ID } from '../../core/auth/access-rights.js';
import type { Row } from '../../core/db/row.js';
import { nowText } from '../../core/db/time.js';
import { idList, linkedIds, replaceLinks } from './link-tables.js';
import { parseId, parseIds } from '../../core/crud/input-validation.js';
import { visibleRoleIds } from './sys-role.js';

const PREFIX = 'base/sys/user';

async function holdsSuperRole(ctx: OpContext, userIds: number[]): Promise<boolean> {
  if (userIds.length === 0) return false;
  const row = await untyped(ctx.db).selectFrom('base_sys_user_role').select('userId').where('userId', 'in', userIds).where('roleId', '=', SUPER_ROLE_ID).executeTakeFirst();
  return row !== undefined;
}

/** Roles a caller may hand out: any for the super admin, else only roles they can see; never the super role. */
async function checkRoles(ctx: OpContext, roleIds: number[]): Promise<void> {
  if (ctx.user?.isSuper) return;
  if (roleIds.includes(SUPER_ROLE_ID)) throw refused('非法操作~ only a super admin can grant the super-admin role');
  const visible = new Set(await visibleRoleIds(ctx));
  const bad = roleIds.find((r) => !visible.has(r));
  if (bad !== undefined) throw badRequest(`roleIdList: role ${bad} is not one you may assign`, [{ path: 'roleIdList', message: 'contains a role you may not assign' }]);
}

function checkDepartment(ctx: OpContext, departmentId: unknown): void {
  const scope = ctx.user?.departmentIds;
  if (scope === null || scope === undefined || departmentId === undefined || departmentId === null) return;
  if (!scope.includes(Number(departmentId))) throw badRequest('departmentId: outside your data scope', [{ path: 'departmentId', message: 'is outside your data scope' }]);
}

/** Admin users: password hashing, roles, department data scope, protection of the super admin. */
export function registerSysUser(host: Host): void {
  host.hooks.set(PREFIX, {
    // Cached rights and sessions are dropped again once the write is visible to other connections.
    afterCommit: () => host.auth.invalidateRights(),
    scope: (ctx, eb) => {
      const scope = ctx.user?.departmentIds;
      if (!ctx.user || scope === null || scope === undefined) return undefined;
      return scope.length ? eb('a.departmentId', 'in', [...scope]) : eb('a.id', '=', -1);
    },
    filters: (_ctx, params, eb) => {
      const ids = params.departmentIds;
      if (ids === undefined || ids === null || (Array.isArray(ids) && ids.length === 0)) return [];
      return [eb('a.departmentId', 'in', parseIds(ids, 'departmentIds'))];
    },
    prepareInput: (input) => (input.password === '' || input.password === null ? { ...input, password: undefined } : input),
    beforeAdd: async (ctx, row, input) => {
      if (row.password === undefined) throw badRequest('password: is required', [{ path: 'password', message: 'is required' }]);
      checkDepartment(ctx, row.departmentId);
      await checkRoles(ctx, idList(input, 'roleIdList') ?? []);
      row.passwordV = 1;
      row.userId = ctx.user?.id ?? null;
    },
    afterAdd: async (ctx, id, input) => {
      await replaceLinks(ctx, 'base_sys_user_role', 'userId', id, 'roleId', idList(input, 'roleIdList') ?? []);
      host.auth.invalidateRights();
    },
    beforeUpdate: async (ctx, patch, existing, input) => {
      const id = Number(existing.id);
      if (!ctx.user?.isSuper && (await holdsSuperRole(ctx, [id]))) throw forbidden();
      checkDepartment(ctx, patch.departmentId);
      const roles = idList(input, 'roleIdList');
      if (roles) await checkRoles(ctx, roles);
      if (patch.password !== undefined) {
        patch.passwordV = Number(existing.passwordV) + 1;
      }
      if (id === ctx.user?.id && patch.status === 0) throw refused('You cannot disable yourself');
    },
    afterUpdate: async (ctx, id, input) => {
      const roles = idList(input, 'roleIdList');
      if (roles) await replaceLinks(ctx, 'base_sys_user_role', 'userId', id, 'roleId', roles);
      if (input.status === 0) await host.auth.revokeUser(id, ctx.db);
      host.auth.invalidateRights();
    },
    beforeDelete: async (ctx, rows) => {
      const ids = rows.map((r) => Number(r.id));
      if (ctx.user && ids.includes(ctx.user.id)) throw refused('You cannot delete yourself');
      if (!ctx.user?.isSuper && (await holdsSuperRole(ctx, ids))) throw forbidden();
    },
    afterDelete: async (ctx, rows) => {
      for (const r of rows) await host.auth.revokeUser(Number(r.id), ctx.db);
      await untyped(ctx.db).deleteFrom('base_sys_user_role').where('userId', 'in', rows.map((r) => Number(r.id))).execute();
      host.auth.invalidateRights();
    },
    decorate: async (ctx, rows, action) => {
      if (rows.length === 0) return;
      if (action === 'info') {
        for (const row of rows) row.roleIdList = await linkedIds(ctx, 'base_sys_user_role', 'userId', Number(row.id), 'roleId');
        return;
      }
      const links = (await untyped(ctx.db).selectFrom('base_sys_user_role as ur').innerJoin('base_sys_role as r', 'r.id', 'ur.roleId')
        .select(['ur.userId', 'r.name']).where('ur.userId', 'in', rows.map((r) => Number(r.id))).execute()) as Row[];
      for (const row of rows) row.roleName = links.filter((l) => Number(l.userId) === Number(row.id)).map((l) => l.name).join(',');
    },
    addReply: (ids, batch) => (batch ? ids : ids[0]),
  });

  host.actions.set(PREFIX, 'move', async (ctx, { body }) => {
    const departmentId = parseId(body.departmentId, 'departmentId');
    const userIds = parseIds(body.userIds, 'userIds');
    checkDepartment(ctx, departmentId);
    await ctx.db.transaction().execute(async (trx) => {
      const tx = { ...ctx, db: trx };
      if (!ctx.user?.isSuper && (await holdsSuperRole(tx, userIds))) throw forbidden();
      let q = untyped(trx).updateTable('base_sys_user').set({ departmentId, updateTime: nowText() }).where('id', 'in', userIds);
      const scope = ctx.user?.departmentIds;
      if (scope) q = q.where('departmentId', 'in', scope.length ? [...scope] : [-1]);
      await q.execute();
    });
  });
}
