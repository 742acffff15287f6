import { gzipSync } from 'node:zlib';
import { test, expect, ARTIFACTS } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';
import { LoginPage } from './pages/login-page';

test.describe('generic entity list', () => {
  test('buttons follow the permissions: a role that may only view and edit products gets neither add nor delete', async ({
    page,
    api,
  }) => {
    type Menu = { id: number; parentId: number | null; type: number; router: string | null; perms: string | null };
    const menus = (await api.call<Menu[]>('POST', '/admin/base/sys/menu/list', {})).data;
    const pageRow = menus.find((m) => m.router === '/product/info')!;
    const grant = menus.filter((m) => m.parentId === pageRow.id && /product:info:(page|update)/.test(m.perms ?? ''));
    expect(grant.map((m) => m.perms).join()).not.toMatch(/:add|:delete/);
    const name = `viewer${Date.now()}`;
    const role = await api.call<{ id: number }>('POST', '/admin/base/sys/role/add', {
      name,
      label: name,
      relevance: false,
      menuIdList: [pageRow.parentId!, pageRow.id, ...grant.map((m) => m.id)],
      departmentIdList: [],
    });
    expect(role.code).toBe(1000);
    const user = await api.call('POST', '/admin/base/sys/user/add', {
      username: name,
      password: 'Viewer-123',
      name,
      status: 1,
      departmentId: 1,
      roleIdList: [role.data.id],
    });
    expect(user.code).toBe(1000);

    const shell = new ShellPage(page);
    await shell.signIn(name, 'Viewer-123');
    // Their only page is also their home page, so the sidebar entry leads to '/'.
    await shell.menuItem('商品列表').click();
    const list = new ListPage(page);
    await list.ready('product/info');
    await expect(list.rows.first()).toBeVisible();
    await expect(list.screen.getByRole('button', { name: /^新增$/ })).toHaveCount(0);
    await expect(list.screen.getByRole('button', { name: /^删除/ })).toHaveCount(0);
    await expect(list.rows.first().getByRole('checkbox')).toHaveCount(0);
    await expect(list.rows.first().getByRole('button', { name: '编辑' })).toBeVisible();

    // Without the category list permission the picker takes a plain id instead of calling a forbidden list.
    await list.edit(list.rows.first());
    const form = new EditDialog(page);
    await form.ready();
    await expect(form.field('categoryId').locator('input[inputmode="numeric"]')).toBeVisible();
    await page.keyboard.press('Escape');

    // The page remapped to '/' still opens at its own URL (a bookmark, a link).
    await page.goto('/product/info');
    await list.ready('product/info');
    await expect(list.rows.first()).toBeVisible();
    await expect(shell.errorPage(404)).toHaveCount(0);
  });

  test('initial JavaScript of login + shell + list stays under 250 KB gzip; the form loads on demand', async ({
    page,
  }) => {
    const scripts = new Map<string, Buffer>();
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), await response.body());
    });
    // Straight to the list through the login redirect: the home dashboard (and its chart library) is another screen.
    await page.goto('/product/info');
    await new LoginPage(page).login();
    await expect(page).toHaveURL(/\/product\/info(\?|$)/);
    const list = new ListPage(page);
    await list.ready('product/info');
    const initial = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body).length, 0);
    test.info().annotations.push({
      type: 'initial JS (gzip)',
      description: `${(initial / 1024).toFixed(1)} KB in ${scripts.size} files`,
    });
    expect(initial).toBeLessThan(250 * 1024);
    expect([...scripts.keys()].some((u) => /edit-dialog/.test(u))).toBe(false);

    await list.clickAdd();
    await new EditDialog(page).ready();
    expect([...scripts.keys()].some((u) => /edit-dialog/.test(u))).toBe(true);
  });

  test('screenshots: list and edit dialog, light, dark and English', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/product/info');
    const list = new ListPage(page);
    await list.ready('product/info');
    const form = new EditDialog(page);
    const shoot = async (name: string) => {
      await list.ready();
      await page.screenshot({ path: `${ARTIFACTS}entity-list-${name}.png` });
      await list.edit(list.rows.first());
      await form.ready();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${ARTIFACTS}entity-edit-${name}.png` });
      await page.keyboard.press('Escape');
      await expect(form.root).toBeHidden();
    };
    await shoot('light');
    await shell.toggleDark();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await shoot('dark');
    await shell.toggleDark();
    await shell.switchLanguage('en');
    // Labels come from eps in the current language.
    await expect(list.header('name')).toHaveText('Name');
    await expect(list.header('price')).toContainText('Price');
    await shoot('en');
    await list.clickAdd();
    await form.ready();
    await expect(form.field('categoryId').locator('label')).toHaveText(/Category/);
    await page.screenshot({ path: `${ARTIFACTS}entity-add-en.png` });
    await page.keyboard.press('Escape');
    await shell.switchLanguage('zh-tw');
    await expect(list.header('name')).toHaveText('商品名稱');
    await expect(page.getByRole('button', { name: '重設' })).toBeVisible();
  });
});
