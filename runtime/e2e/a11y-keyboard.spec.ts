import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

/**
 * The console by keyboard alone (issue 29): a CRUD round on the users page — sidebar → list → search → add with a
 * department and two roles → save → edit → delete — pressing keys only, asserting where focus is after each step
 * (WAI-ARIA APG: focus goes back to what opened a dialog, a picker, a confirmation).
 */

/** Presses Tab (or Shift+Tab) until `target` has focus; returns how many presses it took. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return i;
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`focus never reached the target in ${max} presses; it is on ${at}`);
}

test('keyboard only: a user is added with a department and two roles, edited and deleted; focus is where it belongs after each step', async ({
  page,
  api,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const dept = await api.call<{ id: number }>('POST', '/admin/base/sys/department/add', {
    name: `键盘部 ${stamp}`,
    parentId: 1,
  });
  expect(dept.code).toBe(1000);
  for (const name of [`键盘甲 ${stamp}`, `键盘乙 ${stamp}`]) {
    expect(
      (
        await api.call('POST', '/admin/base/sys/role/add', {
          name,
          label: `kb-${name.slice(2, 3)}-${stamp}`,
          relevance: false,
          menuIdList: [],
          departmentIdList: [],
        })
      ).code,
    ).toBe(1000);
  }
  const seed = `kbseed_${stamp}`;
  expect(
    (
      await api.call('POST', '/admin/base/sys/user/add', {
        username: seed,
        password: 'Keyboard-123',
        name: seed,
        status: 1,
        departmentId: 1,
        roleIdList: [],
      })
    ).code,
  ).toBe(1000);
  const menus = (
    await api.call<{ id: number; parentId: number | null; router: string | null }[]>(
      'POST',
      '/admin/base/sys/menu/list',
      {},
    )
  ).data;
  const trail: number[] = [];
  for (let m = menus.find((x) => x.router === '/sys/user'); m?.parentId; m = menus.find((x) => x.id === m!.parentId))
    trail.unshift(m.parentId);

  const shell = new ShellPage(page);
  await shell.signIn();

  // The first Tab stop is the skip link; the sidebar follows it.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-link')).toBeFocused();
  for (const dir of trail) {
    const button = shell.sidebar.locator(`button[data-menu-dir="${dir}"]`);
    await tabTo(page, button);
    if ((await button.getAttribute('aria-expanded')) === 'false') await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  }
  const link = shell.sidebar.locator('a[data-menu-path="/sys/user"]');
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sys\/user$/);
  const list = new ListPage(page);
  await list.ready('base/sys/user');
  // The chosen page takes focus: the next Tab is in the page, not further down the menu (it took 26 to the search).
  await expect(page.locator('main#main')).toBeFocused();
  const toSearch = await tabTo(page, list.keyword, { max: 25 });
  expect(toSearch).toBeLessThanOrEqual(8);
  await expect(list.keyword).toHaveAccessibleName(/.+/);
  await page.keyboard.type(seed);
  await page.keyboard.press('Enter');
  await expect(list.rows).toHaveCount(1);
  await expect(list.keyword).toBeFocused();
  // Clear the search again (select all, delete, Enter) so the new user shows later.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');

  // Add: the button is before the search box; Enter opens the dialog with focus inside it.
  const add = page.getByRole('button', { name: '新增', exact: true });
  await tabTo(page, add, { back: true });
  await page.keyboard.press('Enter');
  const form = new EditDialog(page);
  await form.ready();
  await expect.poll(() => form.root.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  // The department picker: a combobox; ↓ opens it with focus in its filter, typing filters, Enter picks, and focus
  // comes back to the picker.
  const deptPicker = form.field('departmentId').getByRole('combobox');
  await tabTo(page, deptPicker, { max: 10 });
  await page.keyboard.press('ArrowDown');
  const deptList = form.field('departmentId').getByRole('listbox');
  await expect(deptList).toBeVisible();
  const deptFilter = form.field('departmentId').getByRole('textbox');
  await expect(deptFilter).toBeFocused();
  await page.keyboard.type(`键盘部 ${stamp}`);
  await expect(deptFilter).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Enter');
  await expect(deptList).toBeHidden();
  await expect(deptPicker).toBeFocused();
  await expect(deptPicker).toContainText(`键盘部 ${stamp}`);

  // Two roles: the multiple picker stays open after a pick; ↓ moves the active option, Escape closes it.
  const rolePicker = form.field('roleIdList').getByRole('combobox');
  await tabTo(page, rolePicker, { max: 5 });
  await page.keyboard.press('Enter');
  const roleFilter = form.field('roleIdList').getByRole('textbox');
  await expect(roleFilter).toBeFocused();
  await page.keyboard.type(`键盘`);
  const roleOptions = form.field('roleIdList').getByRole('option');
  await expect(roleOptions).toHaveCount(2);
  // Enter picks the active (first) option; ↓ makes the second one active, Enter picks it too.
  await page.keyboard.press('Enter');
  const picked = form.field('roleIdList').locator('[role="option"][aria-selected="true"]');
  await expect(picked).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  const second = page.locator(`[id="${await roleFilter.getAttribute('aria-activedescendant')}"]`);
  await expect(second).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(picked).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(form.field('roleIdList').getByRole('listbox')).toBeHidden();
  await expect(form.root).toBeVisible();
  await expect(rolePicker).toBeFocused();
  await expect(rolePicker).toContainText(`键盘甲 ${stamp}`);
  await expect(rolePicker).toContainText(`键盘乙 ${stamp}`);

  const username = `kb_${stamp}`;
  await tabTo(page, form.input('name'), { max: 10 });
  await page.keyboard.type(`键盘用户 ${stamp}`);
  await tabTo(page, form.input('username'), { max: 3 });
  await page.keyboard.type(username);
  await tabTo(page, form.input('password'), { max: 3 });
  await page.keyboard.type('Keyboard-123');

  // Save from the keyboard: the dialog closes and focus goes back to 新增, which opened it.
  await tabTo(page, form.root.getByRole('button', { name: '保存' }), { max: 30 });
  await page.keyboard.press('Enter');
  await expect(form.root).toBeHidden();
  await expect(add).toBeFocused();
  const users = await api.call<{
    list: { id: number; username: string; departmentId: number; roleIdList?: number[] }[];
  }>('POST', '/admin/base/sys/user/page', { keyWord: username, page: 1, size: 10 });
  const made = users.data.list.find((u) => u.username === username);
  expect(made?.departmentId).toBe(dept.data.id);
  const info = await api.call<{ roleIdList: number[] }>('GET', '/admin/base/sys/user/info', { id: made!.id });
  expect(info.data.roleIdList).toHaveLength(2);

  // Edit: the row's button names its row; Enter opens the dialog, Escape closes it, focus is back on that button.
  await tabTo(page, list.keyword, { max: 10 });
  await page.keyboard.type(username);
  await page.keyboard.press('Enter');
  await expect(list.rows).toHaveCount(1);
  const edit = list.table.locator(`[data-focus-key="edit:${made!.id}"]`);
  await expect(edit).toHaveAccessibleName(`编辑 键盘用户 ${stamp}`);
  await tabTo(page, edit, { max: 40 });
  await page.keyboard.press('Enter');
  await form.ready();
  await tabTo(page, form.input('name'), { max: 10 });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`键盘改 ${stamp}`);
  await tabTo(page, form.root.getByRole('button', { name: '保存' }), { max: 30 });
  await page.keyboard.press('Enter');
  await expect(form.root).toBeHidden();
  await expect(list.rows.first()).toContainText(`键盘改 ${stamp}`);
  // The list was fetched again after the save; focus is on the same row's edit button (its new element).
  await expect(list.table.locator(`[data-focus-key="edit:${made!.id}"]`)).toBeFocused();

  // Delete: an alert dialog that opens on 返回, so one Enter does not delete. Escape leaves focus on 删除.
  const del = list.table.locator(`[data-focus-key="delete:${made!.id}"]`);
  await expect(del).toHaveAccessibleName(`删除 键盘改 ${stamp}`);
  await tabTo(page, del, { max: 5 });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: '返回' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(del).toBeFocused();
  await expect(list.rows).toHaveCount(1);

  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: '删除' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(list.rows).toHaveCount(0);
  // The row is gone: focus goes to the table, not to the page's body.
  await expect(list.table.locator('table')).toBeFocused();
});
