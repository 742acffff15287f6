import type { OpContext } from '../core/crud/context.js';
import { nameKeys, PERMS_BUTTON, PLUGIN_PAGE_ROUTER, type FixedPage } from '../core/registry/menu-names.js';
import type { MenuDir } from '../core/registry/menu-dirs.js';
import { insertRow } from '../core/crud/insert-row.js';
import { encodeRow } from '../core/db/row-codec.js';
import type { Row } from '../core/db/row.js';
import { nowText } from '../core/db/time.js';

/** Pages that are screens, not entities; `key` names their title in the console (nameKey page:<key>). */
export const PAGES = [
  {
    key: 'home',
    parent: null,
    name: '首页',
    router: '/',
    viewPath: 'modules/demo/views/home/index.vue',
    icon: 'icon-home',
    orderNum: 0,
    isShow: false,
    perms: ['base:comm:chart'],
  },
  {
    key: 'plugins',
    parent: 'ext',
    name: '插件管理',
    router: PLUGIN_PAGE_ROUTER,
    viewPath: 'modules/helper/views/plugins/serve.vue',
    icon: 'icon-plugin',
    orderNum: 1,
    isShow: true,
    perms: [
      'plugin:info:page',
      'plugin:info:list',
      'plugin:info:info',
      'plugin:info:update',
      'plugin:info:delete',
      'plugin:info:install',
    ],
  },
  {
    key: 'aiCode',
    parent: 'ext',
    name: 'AI编码',
    router: '/helper/ai-code',
    viewPath: 'modules/helper/views/ai-code.vue',
    icon: 'icon-code',
    orderNum: 2,
    isShow: true,
    perms: ['base:coding:getModuleTree', 'base:coding:draft', 'base:coding:createCode'],
  },
];

/** The directory tree and the fixed pages (with buttons for their routed permissions); entity pages and buttons come from reconcileMenus, as on every later start. */
export async function seedMenus(ctx: OpContext, dirs: MenuDir[], routed: ReadonlySet<string>): Promise<void> {
  const menu = ctx.registry.get('base/sys/menu')!;
  const add = async (row: Row) => {
    const now = nowText();
    return insertRow(ctx, menu, { keepAlive: 1, isShow: 1, createTime: now, updateTime: now, ...encodeRow(menu, row) });
  };
  const dirIds = new Map<string, number>();
  const addDirs = async (list: MenuDir[], parentId: number | null) => {
    for (const d of list) {
      dirIds.set(
        d.key,
        await add({
          parentId,
          name: d.name['zh-cn'],
          nameKey: nameKeys.dir(d.key),
          type: 0,
          icon: d.icon ?? null,
          orderNum: d.orderNum,
          router: null,
          viewPath: null,
        }),
      );
      if (d.children) await addDirs(d.children, dirIds.get(d.key)!);
    }
  };
  await addDirs(dirs, null);
  for (const p of PAGES) {
    const id = await add({
      parentId: p.parent ? (dirIds.get(p.parent) ?? null) : null,
      name: p.name,
      nameKey: nameKeys.page(p.key),
      type: 1,
      router: p.router,
      viewPath: p.viewPath,
      icon: p.icon,
      orderNum: p.orderNum,
      isShow: p.isShow,
    });
    // Only permissions of routes the server answers: a button for a missing route would grant nothing.
    const perms = p.perms.filter((x) => routed.has(x));
    if (perms.length)
      await add({
        parentId: id,
        name: PERMS_BUTTON,
        nameKey: nameKeys.perms,
        type: 2,
        perms: perms.join(','),
        orderNum: 0,
      });
  }
}

/** The fixed pages with the permissions of theirs the server routes now (reconciled on every start). */
export const fixedPages = (routed: ReadonlySet<string>): FixedPage[] =>
  PAGES.map((p) => ({ key: p.key, name: p.name, router: p.router, perms: p.perms.filter((x) => routed.has(x)) }));
