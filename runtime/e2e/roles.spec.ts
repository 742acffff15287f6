import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

type Menu = {
  id: number;
  parentId: number | null;
  type: number;
  name: string;
  router: string | null;
  perms: string | null;
};

test("a role made by ticking one directory lets its user see and use that directory's pages", async ({
  page,
  browser,
  api,
}) => {
  const menus = (await api.call<Menu[]>('POST', '/admin/base/sys/menu/list', {})).data;
  const dir = menus.find((m) => m.type === 0 && m.name === '商品管理')!;
  const below = (id: number): Menu[] => menus.filter((m) => m.parentId === id).flatMap((m) => [m, ...below(m.id)]);
  const inside = below(dir.id);
  expect(inside.some((m) => m.router === '/product/info')).toBe(true);
  const name = `Goods ${Date.now().toString(36)}`;

  const shell = new ShellPage(page);
  await shell.signIn();
  await shell.openMenu('/sys/role');
  const list = new ListPage(page);
  await list.ready('base/sys/role');
  await list.clickAdd();
  const form = new EditDialog(page);
  await form.ready();
  await form.fill('name', name);
  await form.fill('label', name.replace(/\W/g, '_'));
  const tree = form.root.getByTestId('check-tree-menuIdList');
  await tree.getByRole('button', { name: '全部展开' }).click();
  const box = (m: Menu) => tree.locator(`input[data-node="${m.id}"]`);
  // Ticking the directory ticks everything below it.
  await box(dir).check();
  for (const m of inside) await expect(box(m)).toBeChecked();
  // Unticking one button leaves its page and the directory half-ticked.
  const page1 = inside.find((m) => m.router === '/product/info')!;
  const button = menus.find((m) => m.parentId === page1.id && /product:info:delete/.test(m.perms ?? ''))!;
  await box(button).uncheck();
  await expect(box(page1)).toHaveJSProperty('indeterminate', true);
  await expect(box(dir)).toHaveJSProperty('indeterminate', true);
  await box(button).check();
  await expect(box(dir)).toBeChecked();
  await form.saveAndClose();

  // The role holds the directory, its pages and their buttons.
  const roles = (
    await api.call<{ list: { id: number; name: string }[] }>('POST', '/admin/base/sys/role/page', {
      keyWord: name,
      page: 1,
      size: 5,
    })
  ).data.list;
  const role = (await api.call<{ menuIdList: number[] }>('GET', '/admin/base/sys/role/info', { id: roles[0].id })).data;
  expect(new Set(role.menuIdList)).toEqual(new Set([dir.id, ...inside.map((m) => m.id)]));

  // Its user signs in to a sidebar with those pages and can use them.
  const username = `goods${Date.now().toString(36)}`;
  const made = await api.call('POST', '/admin/base/sys/user/add', {
    username,
    password: 'Goods-123456',
    name: username,
    status: 1,
    departmentId: 1,
    roleIdList: [roles[0].id],
  });
  expect(made.code, JSON.stringify(made)).toBe(1000);
  const other = await browser.newContext({
    baseURL: page
      .context()
      .pages()[0]
      .url()
      .replace(/\/[^/]*$/, ''),
  });
  try {
    const staffPage = await other.newPage();
    const staff = new ShellPage(staffPage);
    await staff.signIn(username, 'Goods-123456');
    await expect(staff.menuItem('商品管理')).toBeVisible();
    // Their first page is shown as their home; it also opens at its own address.
    const products = new ListPage(staffPage);
    await products.ready('product/info');
    expect(await products.totalCount()).toBeGreaterThan(0);
    await staffPage.goto('/product/info');
    await products.ready('product/info');
    await staff.clickMenu('/product/category');
    await products.ready('product/category');
    expect(await products.totalCount()).toBeGreaterThan(0);
    // Nothing else: the system directory is not theirs.
    await expect(staff.menuItem('系统管理')).toHaveCount(0);
  } finally {
    await other.close();
  }
});
