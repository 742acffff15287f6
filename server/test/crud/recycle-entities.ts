import type { TestApp } from '../support/harness.js';
import type { Entity, Field } from '../../core/registry/entity-types.js';
import { writableFields } from '../../core/crud/input-validation.js';
import { shelfPackage, zip } from '../support/plugin-zip.js';

/** What recycle-property.test.ts reads the registry and sets up with: the entities it covers and how they link. */

/** Tables every request, sign-in or delete writes by design: the bin itself, the operation log, sessions. */
// The field history records the delete and the restore (issue 31).
export const BOOKKEEPING = new Set([
  'recycle_data',
  'base_sys_log',
  'base_sys_session',
  'base_sys_login_attempt',
  'base_sys_history',
]);

/** An entity made through AI-code (menu/create with a schema), with a single and a many relation; a plugin adds another. */
export const AI_CODE_SCHEMA = {
  type: 'object',
  'x-prefix': 'shop/restoreCase',
  'x-title': { 'zh-cn': '恢复用例', 'zh-tw': '恢復用例', en: 'Restore case' },
  required: ['name'],
  properties: {
    name: { type: 'string', maxLength: 50, 'x-label': { 'zh-cn': '名称', 'zh-tw': '名稱', en: 'Name' } },
    categoryId: {
      type: ['integer', 'null'],
      'x-label': { 'zh-cn': '分类', 'zh-tw': '分類', en: 'Category' },
      'x-ref': { entity: 'product/category' },
    },
    roleIds: {
      type: 'array',
      items: { type: 'integer' },
      default: [],
      'x-column': { type: 'json' },
      'x-label': { 'zh-cn': '角色', 'zh-tw': '角色', en: 'Roles' },
      'x-ref': { entity: 'base/sys/role', multiple: true },
    },
  },
};

/** Installs the test plugin (an entity `shelf/item`) the way the console uploads it. */
export async function installShelfPlugin(t: TestApp, token: string) {
  const boundary = '----joineryRestoreProperty';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="shelf.joinery"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    zip(shelfPackage()),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/admin/plugin/info/install',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
  });
}

/** Integer relations (single or many) of the fields a client writes: the test points them at records that exist. */
export const relations = (entity: Entity): Field[] =>
  writableFields(entity).filter((f) => {
    const ref = f.schema['x-ref'];
    if (!ref || (ref.key && ref.key !== 'id')) return false;
    const types = [f.schema.type, (f.schema.items as { type?: unknown } | undefined)?.type].flat();
    return types.includes('integer');
  });

/** The single relations of an entity, by target prefix. */
export const refTargets = (entity: Entity) =>
  entity.fields.filter((f) => f.schema['x-ref'] && !f.schema['x-ref'].multiple).map((f) => f.schema['x-ref']!.entity);

/**
 * Fields of other entities that link records to this one through a link table (user.roleIdList → role, through
 * base/sys/userRole): the test also links an existing record of that entity to the new one, so the delete has link
 * rows pointing at it to remove, and the restore has them to bring back.
 */
export function linkersOf(all: Entity[], entity: Entity): { entity: Entity; field: Field }[] {
  const linkTables = all.filter((l) => l.api.length === 0 && refTargets(l).includes(entity.prefix));
  return all
    .filter((a) => a.prefix !== entity.prefix && a.api.includes('update') && a.api.includes('info'))
    .flatMap((a) =>
      writableFields(a)
        .filter(
          (f) =>
            f.schema['x-ref']?.multiple &&
            f.schema['x-ref'].entity === entity.prefix &&
            linkTables.some((l) => refTargets(l).includes(a.prefix)),
        )
        .map((field) => ({ entity: a, field })),
    );
}

/**
 * Records of other entities (or the same one, in a tree) that name this one by a single relation and can be added:
 * the test adds one under the new record (an entry under a dictionary type, a sub-department), so a delete that takes
 * or changes such rows is seen. Users of a deleted department are moved up, not removed, and stay where they were
 * moved after a restore (server/modules/recycle/README.md): that pair is left out.
 */
export function childrenOf(all: Entity[], entity: Entity): { entity: Entity; field: Field }[] {
  return all
    .filter((c) => c.api.includes('add') && !(entity.prefix === 'base/sys/department' && c.prefix === 'base/sys/user'))
    .flatMap((c) =>
      writableFields(c)
        .filter(
          (f) =>
            f.schema['x-ref'] &&
            !f.schema['x-ref'].multiple &&
            f.schema['x-ref'].entity === entity.prefix &&
            !f.schema['x-ref'].key,
        )
        .map((field) => ({ entity: c, field })),
    );
}
