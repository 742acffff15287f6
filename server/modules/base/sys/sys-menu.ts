import type { Host } from '../../../core/host.js';
import type { OpContext } from '../../../core/crud/context.js';
import { E, fieldError, textOf } from '../../../core/errors.js';
import { delegation, guardedTransaction, notYours } from '../../../core/auth/delegation.js';
import { assertTreeParent } from '../../../core/crud/tree-parent.js';
import type { Row } from '../../../core/db/row.js';
import { insertRow } from '../../../core/crud/insert-row.js';
import { decodeRow, encodeRow } from '../../../core/db/row-codec.js';
import { nowText } from '../../../core/db/time.js';
import { parseIds, validateNew } from '../../../core/crud/input-validation.js';

const PREFIX = 'base/sys/menu';
const TABLE = 'base_sys_menu';

export type MenuNode = Row & { childMenus?: MenuNode[] };

/** Ids of the given menus and all their descendants. */
function withDescendants(all: Row[], ids: number[]): number[] {
  const out = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const m of all)
      if (m.parentId !== null && out.has(Number(m.parentId)) && !out.has(Number(m.id))) {
        out.add(Number(m.id));
        grew = true;
      }
  }
  return [...out];
}

/** Exports the selected menus as trees rooted at selected menus whose parent is not selected. */
export function menuTrees(rows: Row[], selected: Set<number>): MenuNode[] {
  const strip = ({ id: _i, parentId: _p, createTime: _c, updateTime: _u, parentName: _n, ...rest }: Row): Row => rest;
  const build = (parentId: number): MenuNode[] =>
    rows
      .filter((r) => Number(r.parentId) === parentId && selected.has(Number(r.id)))
      .map((r) => ({ ...strip(r), childMenus: build(Number(r.id)) }));
  return rows
    .filter((r) => selected.has(Number(r.id)) && (r.parentId === null || !selected.has(Number(r.parentId))))
    .map((r) => ({ ...strip(r), childMenus: build(Number(r.id)) }));
}

/** Inserts menu trees under a parent, validating each node with the menu schema. */
export async function importMenuTrees(
  host: Host,
  ctx: OpContext,
  nodes: unknown,
  parentId: number | null,
  path = 'menus',
): Promise<number> {
  if (!Array.isArray(nodes)) throw fieldError(path, E.MENU_LIST);
  const entity = host.registry.get(PREFIX)!;
  let count = 0;
  for (const [i, node] of nodes.entries()) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) throw fieldError(`${path}.${i}`, E.MENU_OBJECT);
    const { childMenus, ...fields } = node as MenuNode;
    const row = validateNew(entity, { ...fields, parentId }, `${path}.${i}.`);
    checkKind(row, `${path}.${i}.`);
    const now = nowText();
    await checkOwnPerms(ctx, row.perms, `${path}.${i}.perms`);
    const id = await insertRow(ctx, entity, { ...encodeRow(entity, row), createTime: now, updateTime: now });
    count += 1 + (childMenus ? await importMenuTrees(host, ctx, childMenus, id, `${path}.${i}.childMenus`) : 0);
  }
  return count;
}

/** A friendlier, field-named refusal than the delegation guard's for the common case of a typed permission string. */
async function checkOwnPerms(ctx: OpContext, perms: unknown, field = 'perms'): Promise<void> {
  const [missing] = await delegation.missingPerms(ctx, perms);
  if (missing !== undefined) throw notYours(textOf(E.REACH_PERMISSION_NOT_HELD, { perm: missing }), field);
}

/**
 * What each kind of row needs, as the menu form asks for it: a page (type 1) a route, a permission row (type 2) at
 * least one permission string. The field is named. (A route must start with "/": the schema's pattern.)
 */
function checkKind(row: Row, at = ''): void {
  const type = Number(row.type);
  const blank = (v: unknown) =>
    v === undefined ||
    v === null ||
    String(v)
      .split(',')
      .every((p) => p.trim() === '');
  if (type === 1 && blank(row.router)) throw fieldError(`${at}router`, E.MENU_PAGE_ROUTE);
  if (type === 2 && blank(row.perms)) throw fieldError(`${at}perms`, E.MENU_PERMS_NEEDED);
}

/** Menus: a non-super admin sees their own; deleting removes descendants; export/import of trees. */
export function registerSysMenu(host: Host): void {
  const changed = () => host.auth.invalidateRights();
  host.hooks.add(PREFIX, {
    // Cached rights and sessions are dropped again once the write is visible to other connections.
    afterCommit: () => host.auth.invalidateRights(),
    scope: (ctx, eb) => {
      const ids = ctx.user?.menuIds;
      if (!ids) return undefined;
      return ids.length ? eb('a.id', 'in', [...ids]) : eb('a.id', '=', -1);
    },
    beforeAdd: async (ctx, row) => {
      checkKind(row);
      await assertTreeParent(ctx, TABLE, undefined, row.parentId);
      await checkOwnPerms(ctx, row.perms);
    },
    beforeUpdate: async (ctx, patch, existing) => {
      // A renamed row is shown as typed: its seeded translation key no longer says what it is called (clients that
      // send back the whole record, key included, rename it all the same).
      if (
        patch.name !== undefined &&
        patch.name !== existing.name &&
        (patch.nameKey === undefined || patch.nameKey === existing.nameKey)
      )
        patch.nameKey = null;
      checkKind({ ...existing, ...patch });
      await assertTreeParent(ctx, TABLE, Number(existing.id), patch.parentId);
      await checkOwnPerms(ctx, patch.perms);
    },
    afterAdd: changed,
    afterUpdate: changed,
    afterDelete: async (ctx, rows) => {
      const db = ctx.db;
      const all = await db.selectFrom(TABLE).select(['id', 'parentId']).execute();
      const ids = withDescendants(
        all,
        rows.map((r) => Number(r.id)),
      );
      await db.deleteFrom(TABLE).where('id', 'in', ids).execute();
      await db.deleteFrom('base_sys_role_menu').where('menuId', 'in', ids).execute();
      changed();
    },
  });

  host.actions.set(PREFIX, 'export', async (ctx, { body }) => {
    const ids = parseIds(body.ids);
    const entity = host.registry.get(PREFIX)!;
    const visible = ctx.user?.menuIds ? new Set(ctx.user.menuIds) : undefined;
    const rows = (
      await ctx.db.selectFrom(TABLE).selectAll().orderBy('orderNum', 'asc').orderBy('id', 'asc').execute()
    ).map((r) => decodeRow(entity, r));
    return menuTrees(rows, new Set(ids.filter((id) => !visible || visible.has(id))));
  });

  // An import lands under the parent the caller chose (a directory or a page), or at the top level.
  host.actions.set(PREFIX, 'import', async (ctx, { body }) => {
    const raw = body.parentId;
    const parentId = raw === undefined || raw === null || raw === '' ? null : Number(raw);
    if (parentId !== null && !(Number.isSafeInteger(parentId) && parentId > 0))
      throw fieldError('parentId', E.FIELD_WHOLE_NUMBER);
    await guardedTransaction(ctx, async (tx) => {
      if (parentId !== null) {
        await assertTreeParent(tx, TABLE, undefined, parentId);
        const parent = await tx.db.selectFrom(TABLE).select('type').where('id', '=', parentId).executeTakeFirst();
        if (Number(parent?.type) === 2) throw fieldError('parentId', E.MENU_PARENT_KIND);
      }
      return importMenuTrees(host, tx, body.menus, parentId);
    });
    changed();
  });
}
