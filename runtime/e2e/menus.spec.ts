import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

test('the menu form follows the row type; a route without "/" and a permission row without permissions are refused on their fields', async ({
  page,
  api,
  watch,
}) => {
  watch.allow(/400 POST .*\/admin\/base\/sys\/menu\/add/, /status of 400/);
  const shell = new ShellPage(page);
  await shell.signIn();
  await shell.openMenu('/sys/menu');
  const list = new ListPage(page);
  await list.ready('base/sys/menu');
  await list.clickAdd();
  const form = new EditDialog(page);
  await form.ready();
  const shown = async (name: string) => form.field(name).isVisible();
  const typeRadio = (label: string) => form.field('type').getByRole('radio', { name: label });

  // A directory: no route, view, permissions or keep-alive.
  await typeRadio('目录').click();
  expect([await shown('router'), await shown('viewPath'), await shown('perms'), await shown('keepAlive')]).toEqual([
    false,
    false,
    false,
    false,
  ]);
  expect(await shown('icon')).toBe(true);
  // A page: route and view, no permissions.
  await typeRadio('菜单').click();
  await expect(form.field('router')).toBeVisible();
  expect([await shown('viewPath'), await shown('perms')]).toEqual([true, false]);
  // A permission row: permissions only.
  await typeRadio('权限').click();
  await expect(form.field('perms')).toBeVisible();
  expect([await shown('router'), await shown('viewPath'), await shown('icon'), await shown('isShow')]).toEqual([
    false,
    false,
    false,
    false,
  ]);

  const name = `E2E button ${Date.now().toString(36)}`;
  await form.fill('name', name);
  await form.save();
  await expect(form.errorOf('perms')).toBeVisible();
  await expect(form.root).toBeVisible();

  await typeRadio('菜单').click();
  await form.fill('router', 'no-slash');
  await form.save();
  await expect(form.errorOf('router')).toBeVisible();
  const menus = (await api.call<{ name: string }[]>('POST', '/admin/base/sys/menu/list', {})).data;
  expect(menus.some((m) => m.name === name)).toBe(false);

  await form.fill('router', `/e2e/${Date.now().toString(36)}`);
  await form.saveAndClose();
  const after = (await api.call<{ name: string; type: number }[]>('POST', '/admin/base/sys/menu/list', {})).data;
  expect(after.find((m) => m.name === name)?.type).toBe(1);
});

test('menus ticked in the list export as a JSON tree; importing that file adds the same tree again', async ({
  page,
  api,
}) => {
  const stamp = Date.now().toString(36);
  const add = async (body: Record<string, unknown>) =>
    Number((await api.call<{ id: number }>('POST', '/admin/base/sys/menu/add', body)).data.id);
  const dir = await add({
    name: `导出目录 ${stamp}`,
    type: 0,
    parentId: null,
    orderNum: 98,
    icon: 'icon-folder',
    isShow: true,
  });
  const pageId = await add({
    name: `导出页面 ${stamp}`,
    type: 1,
    parentId: dir,
    router: `/x${stamp}/page`,
    viewPath: 'generic',
    orderNum: 1,
    isShow: true,
    keepAlive: true,
  });
  await add({ name: `导出按钮 ${stamp}`, type: 2, parentId: pageId, perms: 'product:info:page', orderNum: 1 });
  const shell = new ShellPage(page);
  await shell.signIn();
  await shell.openMenu('/sys/menu');
  const list = new ListPage(page);
  await list.ready('base/sys/menu');
  await list.search(`导出目录 ${stamp}`);
  await expect(list.row(dir)).toBeVisible();
  await list.select(list.row(dir));

  const download = page.waitForEvent('download');
  await list.screen.getByRole('button', { name: /导出菜单/ }).click();
  const file = await (await download).path();
  const fs = await import('node:fs');
  const trees = JSON.parse(fs.readFileSync(file!, 'utf8')) as {
    name: string;
    id?: number;
    childMenus: { name: string; childMenus: { name: string; perms: string }[] }[];
  }[];
  expect(trees.map((m) => m.name)).toEqual([`导出目录 ${stamp}`]);
  expect(trees[0].id).toBeUndefined();
  expect(trees[0].childMenus.map((m) => m.name)).toEqual([`导出页面 ${stamp}`]);
  expect(trees[0].childMenus[0].childMenus.map((m) => [m.name, m.perms])).toEqual([
    [`导出按钮 ${stamp}`, 'product:info:page'],
  ]);

  // The import asks where to land: under the exported directory itself (directories and pages only are offered).
  await page.getByTestId('menu-import-file').setInputFiles(file!);
  const landing = page.getByTestId('menu-import-dialog');
  await expect(landing.getByRole('button', { name: '返回' })).toBeFocused();
  const parents = landing.getByTestId('menu-import-parent');
  await expect(parents.locator('option', { hasText: `导出按钮 ${stamp}` })).toHaveCount(0);
  await parents.selectOption({ value: String(dir) });
  await landing.getByRole('button', { name: '导入 3 个菜单' }).click();
  await expect(page.getByText('已导入 3 个菜单')).toBeVisible();
  const all = (
    await api.call<{ id: number; name: string; parentId: number | null }[]>('POST', '/admin/base/sys/menu/list', {})
  ).data;
  const copies = all.filter((m) => m.name === `导出目录 ${stamp}`);
  expect(copies).toHaveLength(2);
  const copy = copies.find((m) => m.id !== dir)!;
  expect(copy.parentId).toBe(dir);
  const copiedPage = all.find((m) => m.parentId === copy.id)!;
  expect(copiedPage.name).toBe(`导出页面 ${stamp}`);
  expect(all.filter((m) => m.parentId === copiedPage.id).map((m) => m.name)).toEqual([`导出按钮 ${stamp}`]);
});

test('a permission row takes its permissions from the calls the server routes; a menu takes its icon from the icon set', async ({
  page,
  api,
}) => {
  const stamp = Date.now().toString(36);
  const shell = new ShellPage(page);
  await shell.signIn();
  await shell.openMenu('/sys/menu');
  const list = new ListPage(page);
  await list.ready('base/sys/menu');

  // A page with an icon chosen from the picker.
  await list.clickAdd();
  const form = new EditDialog(page);
  await form.ready();
  await form.field('type').getByRole('radio', { name: '菜单' }).click();
  await form.fill('name', `图标页 ${stamp}`);
  await form.fill('router', `/e2e/icon${stamp}`);
  await form.field('icon').locator('button[aria-haspopup="listbox"]').click();
  await form.field('icon').getByRole('option', { name: 'icon-goods' }).click();
  await form.saveAndClose();
  const menus = async () =>
    (
      await api.call<{ name: string; icon: string | null; perms: string | null; type: number }[]>(
        'POST',
        '/admin/base/sys/menu/list',
        {},
      )
    ).data;
  expect((await menus()).find((m) => m.name === `图标页 ${stamp}`)?.icon).toBe('icon-goods');

  // A permission row: two calls ticked in the picker, found by filtering.
  await list.clickAdd();
  await form.ready();
  await form.field('type').getByRole('radio', { name: '权限' }).click();
  await form.fill('name', `权限行 ${stamp}`);
  await form.field('perms').getByRole('button').first().click();
  const panel = form.field('perms').getByTestId('perms-panel');
  await panel.getByRole('textbox').fill('product:info');
  await panel.getByRole('checkbox', { name: /product:info:page/ }).check();
  await panel.getByRole('checkbox', { name: /product:info:update/ }).check();
  await expect(form.field('perms').locator('[data-perm]')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await form.saveAndClose();
  expect((await menus()).find((m) => m.name === `权限行 ${stamp}`)).toMatchObject({
    type: 2,
    perms: 'product:info:page,product:info:update',
  });
});
