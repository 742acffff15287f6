import { FULL_ENTITY_ROUTES } from '../support/entity-routes.js';
import { expect } from 'vitest';
import { startApp, type DialectUnderTest, type TestApp } from '../support/harness.js';
import { createStaff, menuRows } from '../support/create-staff.js';
import type { Row } from '../../core/db/row.js';
import type { Eps } from '../../modules/base/open/eps-types.js';

/** What the AI-code tests (coding-*.test.ts) share: sample inputs, the app with its drafter, and the live check. */

export const SAMPLE = JSON.stringify({
  name: 'Acme Timber',
  phone: '13800000000',
  status: 1,
  categoryId: 1,
  logo: 'https://example.com/acme.png',
  credit: 120000,
});
export const CSV = 'name,colour,stock,price\nOak chair,brown,12,199.5\n"Pine, table",natural,3,\n';
export const FORM = [
  {
    name: 'title',
    label: { 'zh-cn': '标题', 'zh-tw': '標題', en: 'Title' },
    type: 'string',
    required: true,
    length: 80,
    search: 'keyword',
  },
  { name: 'visits', type: 'integer', search: 'range', sortable: true },
  { name: 'note', type: 'text' },
];
export const TYPEORM = `
import { BaseEntity } from '../../base/entity/base';
import { Column, Entity, Index } from 'typeorm';

/** 仓库 */
@Entity('shop_warehouse')
export class ShopWarehouseEntity extends BaseEntity {
  @Index({ unique: true })
  @Column({ comment: '名称', length: 50 })
  name: string;

  @Column({ comment: '状态 0-禁用 1-启用', default: 1, type: 'tinyint' })
  status: number;

  @Column({ comment: '容量', type: 'decimal', precision: 10, scale: 2, nullable: true })
  capacity: number;

  @Column({ comment: '备注', nullable: true, type: 'text' })
  remark: string;
}`;

export async function expectLive(t: TestApp, token: string, prefix: string, record: Row) {
  const eps = (await t.call('GET', '/admin/base/open/eps', { token })).body.data as Eps;
  const entry = eps[prefix.split('/')[0]]?.find((e) => e.prefix === `/admin/${prefix}`);
  expect(entry?.api.map((a) => a.path).sort()).toEqual(FULL_ENTITY_ROUTES);
  const added = await t.call('POST', `/admin/${prefix}/add`, { token, body: record });
  expect(added.status, added.raw).toBe(200);
  const page = await t.call('POST', `/admin/${prefix}/page`, { token, body: {} });
  expect(page.status, page.raw).toBe(200);
  expect((page.body.data as { list: Row[] }).list.length).toBeGreaterThan(0);
  const permmenu = (await t.call('GET', '/admin/base/comm/permmenu', { token })).body.data as {
    menus: { router: string | null }[];
    perms: string[];
  };
  expect(permmenu.menus.some((m) => m.router === `/${prefix}`)).toBe(true);
  const perm = prefix.replace(/\//g, ':');
  for (const a of ['page', 'list', 'info', 'add', 'update', 'delete']) expect(permmenu.perms).toContain(`${perm}:${a}`);
}

/** An app with the super admin and a drafter: an admin whose role grants the AI-code page only. */
export async function startCoding(dialect: DialectUnderTest): Promise<{ t: TestApp; admin: string; drafter: string }> {
  const t = await startApp(dialect);
  const admin = await t.login();
  const aiPage = (await menuRows(t, admin)).find((m) => (m.perms ?? '').includes('base:coding:createCode'))!;
  const staff = await createStaff(t, admin, {
    username: 'coder',
    menuIds: [aiPage.id, aiPage.parentId!].filter(Boolean) as number[],
  });
  return { t, admin, drafter: await t.login(staff.username, staff.password) };
}

/** Applies shop/supplier the way coding-sources.test.ts does: drafted from SAMPLE, status bound to a dictionary,
 * categoryId to product categories. */
export async function applySupplier(t: TestApp, admin: string): Promise<void> {
  const draft = await t.call('POST', '/admin/base/coding/draft', {
    token: admin,
    body: { from: 'json', sample: SAMPLE, module: 'shop', name: 'supplier', title: '供应商' },
  });
  expect(draft.status, draft.raw).toBe(200);
  const proposal = (draft.body.data as { proposal: { fields: Row[] } }).proposal;
  proposal.fields[2].dict = 'enableStatus';
  proposal.fields[3].ref = { entity: 'product/category', label: 'name' };
  const applied = await t.call('POST', '/admin/base/coding/createCode', {
    token: admin,
    body: { proposal: { ...proposal, module: 'shop', name: 'supplier', title: '供应商' } },
  });
  expect(applied.status, applied.raw).toBe(200);
}
