import type { Host } from '../../../core/host.js';
import type { OpContext } from '../../../core/crud/context.js';
import { untyped } from '../../../core/crud/dynamic-db.js';
import { E, fieldError, textOf } from '../../../core/errors.js';
import { parseId } from '../../../core/crud/input-validation.js';
import type { Row } from '../../../core/db/row.js';
import { copyToRecycleBin } from '../../../core/crud/recycle-bin.js';
import { guardedTransaction, notYours } from '../../../core/auth/delegation.js';
import { assertAcyclic, assertTreeParent } from '../../../core/crud/tree-parent.js';
import { linkRowsOf } from './link-tables.js';
import { updateRecorded } from '../../../core/crud/module-writes.js';

const PREFIX = 'base/sys/department';
const TABLE = 'base_sys_department';
const USERS = 'base/sys/user';

/**
 * Where the users of deleted departments go: the nearest ancestor that survives the delete (and, for a delegated
 * admin, lies in their scope); for a super admin deleting a top-level department, the first remaining root.
 */
async function newHomeFor(ctx: OpContext, departmentId: number, deleted: Set<number>): Promise<number | null> {
  const all = await ctx.db.selectFrom(TABLE).select(['id', 'parentId']).orderBy('id').execute();
  const parent = new Map(all.map((d) => [Number(d.id), d.parentId === null ? null : Number(d.parentId)]));
  const scope = ctx.user?.departmentIds;
  const seen = new Set<number>();
  for (let at = parent.get(departmentId) ?? null; at !== null && !seen.has(at); at = parent.get(at) ?? null) {
    seen.add(at);
    if (!deleted.has(at) && parent.has(at) && (!scope || scope.includes(at))) return at;
  }
  if (scope) throw notYours(textOf(E.DEPARTMENT_USERS_NOWHERE, { id: departmentId }));
  const root = all.find((d) => d.parentId === null && !deleted.has(Number(d.id)));
  return root ? Number(root.id) : null;
}

/** Deletes the users of deleted departments the way user/delete does: recycle-bin copy, role links, sessions. */
async function deleteUsersOf(host: Host, ctx: OpContext, departmentIds: number[]): Promise<void> {
  const entity = host.registry.get(USERS)!;
  const users = await untyped(ctx.db)
    .selectFrom(`${entity.table} as a`)
    .selectAll('a')
    .where('a.departmentId', 'in', departmentIds)
    .execute();
  if (users.length === 0) return;
  const hooks = host.hooks.get(USERS);
  await hooks.beforeDelete?.(ctx, users, {});
  await copyToRecycleBin(ctx, entity, users, {});
  await untyped(ctx.db)
    .deleteFrom(entity.table)
    .where(
      'id',
      'in',
      users.map((u: Row) => Number(u.id)),
    )
    .execute();
  await hooks.afterDelete?.(ctx, users, {});
}

/** Departments: data scope on reads, users kept (moved up) or recycled on delete, drag-and-drop ordering. */
export function registerSysDepartment(host: Host): void {
  host.hooks.add(PREFIX, {
    // Cached rights and sessions are dropped again once the write is visible to other connections.
    afterCommit: () => host.auth.invalidateRights(),
    scope: (ctx, eb) => {
      const scope = ctx.user?.departmentIds;
      if (!ctx.user || !scope) return undefined;
      return scope.length ? eb('a.id', 'in', [...scope]) : eb('a.id', '=', -1);
    },
    beforeAdd: async (ctx, row) => {
      await assertTreeParent(ctx, TABLE, undefined, row.parentId);
      row.userId = ctx.user?.id ?? null;
    },
    beforeUpdate: (ctx, patch, existing) => assertTreeParent(ctx, TABLE, Number(existing.id), patch.parentId),
    afterAdd: () => host.auth.invalidateRights(),
    afterUpdate: () => host.auth.invalidateRights(),
    // The roles whose data scope named it keep the link with its recycle copy (its users, when deleted with it, have
    // recycle records of their own, roles included; users moved up stay where they were moved).
    keptWith: (ctx, rows) =>
      linkRowsOf(
        ctx,
        [
          {
            entity: 'base/sys/roleDepartment',
            table: 'base_sys_role_department',
            column: 'departmentId',
            other: 'roleId',
          },
        ],
        rows.map((r) => Number(r.id)),
      ),
    afterDelete: async (ctx, rows, input) => {
      const ids = rows.map((r) => Number(r.id));
      const db = ctx.db;
      if (input.deleteUser === true) {
        await deleteUsersOf(host, ctx, ids);
      } else {
        const deleted = new Set(ids);
        for (const id of ids) {
          const staff = await db
            .selectFrom('base_sys_user')
            .select('id')
            .where('departmentId', '=', id)
            .executeTakeFirst();
          if (!staff) continue;
          const home = await newHomeFor(ctx, id, deleted);
          await updateRecorded(ctx, 'base/sys/user', { departmentId: id }, { departmentId: home });
        }
      }
      await db.deleteFrom('base_sys_role_department').where('departmentId', 'in', ids).execute();
      host.auth.invalidateRights();
    },
  });

  host.actions.set(PREFIX, 'order', async (ctx, { rawBody }) => {
    if (!Array.isArray(rawBody) || rawBody.length > 10_000) throw fieldError('body', E.DEPARTMENT_ORDER_LIST);
    const items = rawBody.map((item, i) => {
      const it = (item ?? {}) as Row;
      const parentId = it.parentId === null || it.parentId === undefined ? null : parseId(it.parentId, `${i}.parentId`);
      const orderNum = it.orderNum ?? 0;
      if (!Number.isSafeInteger(orderNum)) throw fieldError(`${i}.orderNum`, E.FIELD_WHOLE_NUMBER);
      return { id: parseId(it.id, `${i}.id`), parentId, orderNum: orderNum as number };
    });
    const scope = ctx.user?.departmentIds;
    await guardedTransaction(ctx, async (tx) => {
      for (const [i, it] of items.entries()) {
        if (scope && !scope.includes(it.id))
          throw notYours(textOf(E.REACH_DEPARTMENT_OUTSIDE, { id: it.id }), `${i}.id`);
        if (it.parentId === it.id) throw fieldError(`${i}.parentId`, E.DEPARTMENT_OWN_PARENT, { id: it.id });
        await assertTreeParent(tx, TABLE, undefined, it.parentId, `${i}.parentId`);
        await updateRecorded(tx, PREFIX, { id: it.id }, { parentId: it.parentId, orderNum: it.orderNum });
      }
      await assertAcyclic(tx, TABLE);
    });
    host.auth.invalidateRights();
  });
}
