import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

test('the menu form follows the row type; a route without "/" and a permission row without permissions are refused on their fields', async ({ page, api, watch }) => {
  watch.allow(/400 POST .*\/admin\/base\/sys\/menu\/add/, /status of 400/);
  const shell = new ShellPage(page);
  await shell.loginAs();
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
  expect([await shown('router'), await shown('viewPath'), await shown('perms'), await shown('keepAlive')]).toEqual([false, false, false, false]);
  expect(await shown('icon')).toBe(true);
  // A page: route and view, no permissions.
  await typeRadio('菜单').click();
  await expect(form.field('router')).toBeVisible();
  expect([await shown('viewPath'), await shown('perms')]).toEqual([true, false]);
  // A permission row: permissions only.
  await typeRadio('权限').click();
  await expect(form.field('perms')).toBeVisible();
  expect([await shown('router'), await shown('viewPath'), await shown('icon'), await shown('isShow')]).toEqual([false, false, false, false]);

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
