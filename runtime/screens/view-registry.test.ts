import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../server/test/support/harness';
import { buildMenu, type PermMenu } from '../engine/menu-tree';
import type { EpsEntry } from '../engine/eps';
import { indexEps } from '../engine/eps-index';
import { resolveView } from './view-registry';

/* Our runtime opens every page the server seeds, now that the menus carry the original client's view paths. */
let t: TestApp;
let permmenu: PermMenu;
let eps: ReturnType<typeof indexEps>;

beforeAll(async () => {
  t = await startApp('sqlite');
  const token = await t.login();
  permmenu = (await t.call('GET', '/admin/base/comm/permmenu', { token })).body.data as PermMenu;
  eps = indexEps((await t.call('GET', '/admin/base/open/eps', { token })).body.data as Record<string, EpsEntry[]>);
});
afterAll(async () => t?.close());

describe('view registry', () => {
  it('resolves every seeded page to a screen, a frame or its entity', () => {
    const menu = buildMenu(permmenu.menus);
    const pages = [...new Set(menu.byPath.values())];
    expect(pages.length).toBeGreaterThan(15);
    const unresolved = pages
      .filter((p) => resolveView(p, eps).kind === 'none')
      .map((p) => `${p.router ?? ''} ${p.viewPath ?? ''}`);
    expect(unresolved).toEqual([]);
  });

  it('maps the original paths to our screens: entities by router, the plugin page and home by viewPath', () => {
    const menu = buildMenu(permmenu.menus);
    const page = (router: string) => permmenu.menus.find((m) => m.router === router && m.type === 1)!;
    const node = (router: string) => ({ ...page(router), path: router, children: [] });
    const users = resolveView(node('/sys/user'), eps);
    expect(users.kind === 'entity' && users.prefix).toBe('base/sys/user');
    const menus = resolveView(node('/sys/menu'), eps);
    expect(menus.kind === 'entity' && menus.prefix).toBe('base/sys/menu');
    // Seeded at the original's routes (the CRUD demo's and the plugin page's).
    const goods = resolveView(node('/demo/crud'), eps);
    expect(goods.kind === 'entity' && goods.prefix).toBe('demo/goods');
    expect(resolveView(node('/helper/plugins/serve'), eps).kind).toBe('screen');
    expect(
      resolveView({ ...node('/helper/plugins/serve'), router: '/helper/plugins' }, eps).kind,
      'SPEC’s route, on a menu seeded before',
    ).toBe('screen');
    expect(menu.home && resolveView(menu.home, eps).kind).toBe('screen');
    // A menu written for the original (its router, its view path) opens the same entity screen.
    const foreign = resolveView(
      { ...node('/sys/user'), router: '/base/user', viewPath: 'modules/base/views/user/index.vue' },
      eps,
    );
    expect(foreign.kind === 'entity' && foreign.prefix).toBe('base/sys/user');
  });
});
