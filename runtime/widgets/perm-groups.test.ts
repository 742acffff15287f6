import { describe, expect, it } from 'vitest';
import { permGroups } from './perm-groups';

const api = (path: string, summary: string, access: string) => ({
  method: 'post' as const,
  path,
  summary,
  prefix: '/admin/product/info',
  ignoreToken: access === 'public',
  access,
  dts: {},
  tag: '',
});

describe('permGroups: the permissions a menu row can grant, from what the routes check', () => {
  it('lists each permission once, with every call it grants; open and signed-in-only calls grant none', () => {
    const entry = {
      module: 'product',
      prefix: '/admin/product/info',
      name: 'ProductInfoEntity',
      api: [
        api('/page', '分页查询', 'product:info:page'),
        api('/export', '导出', 'product:info:page'),
        api('/update', '修改', 'product:info:update'),
        api('/mine', '我的', 'login'),
        api('/open', '公开', 'public'),
      ],
      columns: [],
    } as unknown as Parameters<typeof permGroups>[0][number];
    expect(permGroups([entry], 'zh-cn')).toEqual([
      {
        prefix: 'product/info',
        title: 'ProductInfoEntity',
        perms: [
          { perm: 'product:info:page', summary: '分页查询 · 导出' },
          { perm: 'product:info:update', summary: '修改' },
        ],
      },
    ]);
  });
});
