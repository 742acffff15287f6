import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

type MenuRow = { id: number; name: string; router: string | null; nameKey: string | null };

test('menu names: seeded rows follow the interface language by their key; a name an admin typed is shown as typed', async ({
  page,
  api,
}) => {
  const { data } = await api.call<{ menus: MenuRow[] }>('GET', '/admin/base/comm/permmenu');
  const params = data.menus.find((m) => m.router === '/sys/param')!;
  expect(params.nameKey).toBeTruthy();
  expect((await api.call('POST', '/admin/base/sys/menu/update', { id: params.id, name: '店铺参数' })).code).toBe(1000);
  try {
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.switchLanguage('en');
    await shell.openMenu('/sys/param');
    // Its directory is still translated; the page itself keeps the admin's name.
    await expect(page.getByTestId('breadcrumb')).toContainText('System');
    await expect(page.getByTestId('breadcrumb')).toContainText('店铺参数');
    await expect(shell.tab('/sys/param')).toContainText('店铺参数');
    await shell.openMenu('/sys/role');
    await expect(shell.tab('/sys/role')).toContainText('Roles');
  } finally {
    await api.call('POST', '/admin/base/sys/menu/update', {
      id: params.id,
      name: params.name,
      nameKey: params.nameKey,
    });
  }
});

test("menu names: the English menu table and its keyword search show the names the sidebar shows, an entity's own actions included", async ({
  page,
  api,
}) => {
  const { data } = await api.call<{ menus: MenuRow[] }>('GET', '/admin/base/comm/permmenu');
  const menuPage = data.menus.find((m) => m.router === '/sys/menu')!;
  const shell = new ShellPage(page);
  await shell.signIn();
  await shell.switchLanguage('en');
  await shell.openMenu('/sys/menu');
  const list = new ListPage(page);
  await list.ready('base/sys/menu');
  // The seeded rows by their key, as the sidebar names them; the stored Chinese name stays on hover.
  const row = list.row(menuPage.id);
  await expect(list.cell(row, 'name')).toHaveText('Menus');
  await expect(list.cell(row, 'name').locator('[title]')).toHaveAttribute('title', menuPage.name);
  await expect(list.table).not.toContainText('系统管理');
  await expect(list.table.locator('td[data-column="name"]').filter({ hasText: /^System$/ })).toHaveCount(1);
  // An entity's own actions (the menu's parse) are named by the labels the schema gives them.
  await expect(list.table.locator('td[data-column="name"]').filter({ hasText: /^Parse$/ })).toHaveCount(1);
  await expect(list.table).not.toContainText('解析');
  // A keyword finds a row by the name shown.
  await list.search('Roles');
  await expect(list.table.locator('td[data-column="name"]').filter({ hasText: /^Roles$/ })).toHaveCount(1);
  await expect(list.table).not.toContainText('Menus');
});

test("menu names: in English the menu form's parent picker and a role's menu tree show the translated names", async ({
  page,
  api,
}) => {
  const { data } = await api.call<{ menus: MenuRow[] }>('GET', '/admin/base/comm/permmenu');
  const menuPage = data.menus.find((m) => m.router === '/sys/menu')!;
  const shell = new ShellPage(page);
  await shell.signIn();
  await shell.switchLanguage('en');
  await shell.openMenu('/sys/menu');
  const list = new ListPage(page);
  await list.ready('base/sys/menu');

  // The parent picker of the menu form offers the same names as the sidebar.
  await list.edit(list.row(menuPage.id));
  const form = new EditDialog(page);
  await form.ready();
  await expect(form.field('parentId').locator('button[aria-haspopup="listbox"]')).toHaveText(/Access control/);
  await page.keyboard.press('Escape');
  await expect(form.root).toBeHidden();

  // A role's menu tree too.
  await shell.openMenu('/sys/role');
  const roles = new ListPage(page);
  await roles.ready('base/sys/role');
  await roles.clickAdd();
  await form.ready();
  const tree = form.root.getByTestId('check-tree-menuIdList');
  await expect(tree).toContainText('System');
  await expect(tree).not.toContainText('系统管理');
});
