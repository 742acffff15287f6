import type { Host } from '../../core/host.js';
import { untyped } from '../../core/crud/dynamic-db.js';
import { badRequest } from '../../core/errors.js';
import { parseId } from '../../core/crud/input-validation.js';
import type { Row } from '../../core/db/row.js';
import { nowText } from '../../core/db/time.js';

const PREFIX = 'base/sys/department';

/** Departments: data scope on reads, users moved to the root on delete, drag-and-drop ordering. */
export function registerSysDepartment(host: Host): void {
  host.hooks.set(PREFIX, {
    // Cached rights and sessions are dropped again once the write is visible to other connections.
    afterCommit: () => host.auth.invalidateRights(),
    scope: (ctx, eb) => {
      const scope = ctx.user?.departmentIds;
      if (!ctx.user || !scope) return undefined;
      return scope.length ? eb('a.id', 'in', [...scope]) : eb('a.id', '=', -1);
    },
    beforeAdd: (ctx, row) => {
      row.userId = ctx.user?.id ?? null;
    },
    afterAdd: () => host.auth.invalidateRights(),
    afterUpdate: () => host.auth.invalidateRights(),
    afterDelete: async (ctx, rows, input) => {
      const ids = rows.map((r) => Number(r.id));
      const db = untyped(ctx.db);
      if (input.deleteUser === true) {
        await db.deleteFrom('base_sys_user').where('departmentId', 'in', ids).execute();
      } else {
        const root = (await db.selectFrom('base_sys_department').select('id').where('parentId', 'is', null).orderBy('id').executeTakeFirst()) as Row | undefined;
        await db.updateTable('base_sys_user').set({ departmentId: root ? Number(root.id) : null, updateTime: nowText() }).where('departmentId', 'in', ids).execute();
      }
      await db.deleteFrom('base_sys_role_department').where('departmentId', 'in', ids).execute();
      host.auth.invalidateRights();
    },
  });

  host.actions.set(PREFIX, 'order', async (ctx, { rawBody }) => {
    if (!Array.isArray(rawBody) || rawBody.length > 10_000) throw badRequest('body: must be a list of {id, parentId, orderNum}');
    const items = rawBody.map((item, i) => {
      const it = (item ?? {}) as Row;
      const parentId = it.parentId === null || it.parentId === undefined ? null : parseId(it.parentId, `${i}.parentId`);
      const orderNum = it.orderNum ?? 0;
      if (!Number.isSafeInteger(orderNum)) throw badRequest(`${i}.orderNum: must be a whole number`, [{ path: `${i}.orderNum`, message: 'must be an integer' }]);
      return { id: parseId(it.id, `${i}.id`), parentId, orderNum: orderNum as number };
    });
    const scope = ctx.user?.departmentIds;
    await ctx.db.transaction().execute(async (trx) => {
      for (const it of items) {
        if (scope && !scope.includes(it.id)) throw badRequest(`department ${it.id} is outside your data scope`);
        if (it.parentId === it.id) throw badRequest(`department ${it.id} cannot be its own parent`);
        await untyped(trx).updateTable('base_sys_department').set({ parentId: it.parentId, orderNum: it.orderNum, updateTime: nowText() }).where('id', '=', it.id).execute();
      }
    });
    host.auth.invalidateRights();
  });
}
