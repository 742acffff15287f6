import { describe, expect, it } from 'vitest';
import { buildMenu, menuTrail, type MenuRow } from './menu-tree';

const row = (r: Partial<MenuRow> & Pick<MenuRow, 'id' | 'type'>): MenuRow => ({
  parentId: null,
  name: `m${r.id}`,
  router: null,
  perms: null,
  icon: null,
  orderNum: 0,
  viewPath: null,
  keepAlive: true,
  isShow: true,
  nameKey: null,
  revision: 1,
  createTime: '2024-01-01 00:00:00',
  updateTime: '2024-01-01 00:00:00',
  ...r,
});

describe('buildMenu', () => {
  const rows = [
    row({ id: 1, type: 0, name: 'System', orderNum: 2 }),
    row({ id: 2, type: 0, name: 'Access', parentId: 1, orderNum: 1 }),
    row({ id: 3, type: 1, name: 'Users', parentId: 2, router: '/sys/user', orderNum: 2 }),
    row({ id: 4, type: 1, name: 'Roles', parentId: 2, router: 'sys/role', orderNum: 1 }),
    row({ id: 5, type: 2, name: 'Add', parentId: 3, perms: 'base:sys:user:add' }),
    row({ id: 6, type: 1, name: 'Home', router: '/', orderNum: 0, isShow: false }),
    row({ id: 7, type: 0, name: 'Products', orderNum: 1 }),
    row({ id: 8, type: 1, name: 'No router', parentId: 7 }),
  ];

  it('drops buttons, nests by parentId, orders by orderNum and keeps hidden rows routable', () => {
    const menu = buildMenu(rows);
    expect(menu.tree.map((n) => n.name)).toEqual(['Home', 'Products', 'System']);
    const system = menu.tree[2];
    expect(system.children[0].children.map((n) => n.name)).toEqual(['Roles', 'Users']);
    expect(menu.byPath.get('/sys/role')?.name).toBe('Roles');
    expect(menu.byPath.get('/8')?.name).toBe('No router');
    expect([...menu.byPath.values()].some((n) => n.type === 2)).toBe(false);
    expect(menu.home?.name).toBe('Home');
    expect(menu.byPath.get('/')?.isShow).toBe(false);
    expect(menuTrail(menu.tree, 3).map((n) => n.name)).toEqual(['System', 'Access', 'Users']);
  });

  it('without a page at "/" the first page of the tree becomes home and is remapped to "/"', () => {
    const menu = buildMenu(rows.filter((r) => r.id !== 6));
    expect(menu.home?.name).toBe('No router');
    expect(menu.home?.path).toBe('/');
    expect(menu.byPath.get('/')?.id).toBe(8);
  });

  it('a home page remapped to "/" still opens at its own route', () => {
    const menu = buildMenu([
      row({ id: 2, type: 0, name: 'Access', orderNum: 1 }),
      row({ id: 3, type: 1, name: 'Users', parentId: 2, router: '/sys/user', orderNum: 1 }),
      row({ id: 4, type: 1, name: 'Roles', parentId: 2, router: '/sys/role', orderNum: 2 }),
    ]);
    expect(menu.home?.name).toBe('Users');
    expect(menu.byPath.get('/')?.id).toBe(3);
    expect(menu.byPath.get('/sys/user')?.id).toBe(3);
    expect(menu.byPath.get('/sys/role')?.id).toBe(4);
  });

  it('a page whose directory the user was not granted still shows, at the top level', () => {
    const menu = buildMenu([row({ id: 3, type: 1, name: 'Users', parentId: 2, router: '/sys/user' })]);
    expect(menu.tree.map((n) => n.name)).toEqual(['Users']);
  });
});
