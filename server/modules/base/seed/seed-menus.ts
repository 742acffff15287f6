import type { OpContext } from '../../../core/crud/context.js';
import type { Entity, Label } from '../../../core/registry/entity-types.js';
import { GENERIC_ACTION_META } from '../../../core/registry/generic-actions.js';
import { permissionOf } from '../../../core/http/route-types.js';
import { insertRow } from '../../../core/crud/insert-row.js';
import { encodeRow } from '../../../core/db/row-codec.js';
import type { Row } from '../../../core/db/row.js';
import { nowText } from '../../../core/db/time.js';

export type MenuDir = { key: string; name: Label; icon?: string; orderNum: number; children?: MenuDir[] };

/** Pages that are screens, not entities. */
const PAGES = [
  { parent: null, name: '首页', router: '/', viewPath: 'modules/demo/views/home/index.vue', icon: 'icon-home', orderNum: 0, isShow: false, perms: [] as string[] },
  { parent: 'ext', name: '插件管理', router: '/helper/plugins', viewPath: 'modules/helper/views/plugins/serve.vue', icon: 'icon-plugin', orderNum: 1, isShow: true, perms: [] },
  { parent: 'ext', name: 'AI编码', router: '/helper/ai-code', viewPath: 'modules/helper/views/ai-code.vue', icon: 'icon-code', orderNum: 2, isShow: true, perms: ['base:coding:getModuleTree', 'base:coding:createCode'] },
];

/** Button rows of an entity: 查询 (page, list, info), 新增, 修改, 删除 and one per extra action with a permission. */
export function entityButtons(entity: Entity): { name: string; perms: string }[] {
  const has = (a: string) => entity.api.includes(a as never);
  const perm = (a: string) => permissionOf(entity.prefix, a);
  const buttons: { name: string; perms: string }[] = [];
  const query = ['page', 'list', 'info'].filter(has).map(perm);
  if (query.length) buttons.push({ name: '查询', perms: query.join(',') });
  for (const a of ['add', 'update', 'delete'] as const) if (has(a)) buttons.push({ name: GENERIC_ACTION_META[a].summary, perms: perm(a) });
  for (const a of entity.actions) {
    if (a.access === 'public' || a.access === 'login') continue;
    buttons.push({ name: a.summary, perms: a.access ?? perm(a.name) });
  }
  return buttons;
}

/** The whole menu tree: directories, one page per entity with x-menu and its buttons, fixed pages. */
export async function seedMenus(ctx: OpContext, dirs: MenuDir[]): Promise<void> {
  const menu = ctx.registry.get('base/sys/menu')!;
  const add = async (row: Row) => {
    const now = nowText();
    return insertRow(ctx, menu, { keepAlive: 1, isShow: 1, createTime: now, updateTime: now, ...encodeRow(menu, row) });
  };
  const dirIds = new Map<string, number>();
  const addDirs = async (list: MenuDir[], parentId: number | null) => {
    for (const d of list) {
      dirIds.set(d.key, await add({ parentId, name: d.name['zh-cn'], type: 0, icon: d.icon ?? null, orderNum: d.orderNum, router: null, viewPath: null }));
      if (d.children) await addDirs(d.children, dirIds.get(d.key)!);
    }
  };
  await addDirs(dirs, null);

  const pageOfModule = new Map<string, number>();
  const entities = ctx.registry.all().sort((a, b) => (a.menu?.orderNum ?? 0) - (b.menu?.orderNum ?? 0));
  for (const entity of entities.filter((e) => e.menu)) {
    const m = entity.menu!;
    const parentId = m.parent ? dirIds.get(m.parent) ?? null : null;
    const id = await add({ parentId, name: entity.title['zh-cn'], type: 1, router: m.router, viewPath: m.viewPath, icon: m.icon ?? null, orderNum: m.orderNum ?? 0 });
    if (!pageOfModule.has(entity.module)) pageOfModule.set(entity.module, id);
    for (const [i, b] of entityButtons(entity).entries()) await add({ parentId: id, name: b.name, type: 2, perms: b.perms, orderNum: i });
  }
  const pageIds = new Map<string, number>();
  for (const p of PAGES) {
    const id = await add({ parentId: p.parent ? dirIds.get(p.parent) ?? null : null, name: p.name, type: 1, router: p.router, viewPath: p.viewPath, icon: p.icon, orderNum: p.orderNum, isShow: p.isShow });
    pageIds.set(p.router, id);
    if (p.perms.length) await add({ parentId: id, name: '权限', type: 2, perms: p.perms.join(','), orderNum: 0 });
  }
  // Entities with routes but no page of their own: their buttons go under their module's page (plugins under the plugin page).
  for (const entity of entities.filter((e) => !e.menu)) {
    const buttons = entityButtons(entity);
    if (buttons.length === 0) continue;
    const parentId = entity.module === 'plugin' ? pageIds.get('/helper/plugins')! : pageOfModule.get(entity.module) ?? pageIds.get('/')!;
    for (const [i, b] of buttons.entries()) await add({ parentId, name: `${entity.title['zh-cn']}${b.name}`, type: 2, perms: b.perms, orderNum: 100 + i });
  }
}
