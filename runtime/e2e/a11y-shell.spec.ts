import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';
import { go } from './axe-audit';

/**
 * Names and states a screen reader announces, and the header's and tab strip's keyboard patterns (issue 29), as
 * asserted by the accessibility tree (Playwright's accessible name and description), not by markup details.
 */

test('names and states: required fields, errors tied to their field, rows named in checkboxes, actions and tree toggles; the role menus are not an ARIA tree', async ({
  page,
  api,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const made = await api.call('POST', '/admin/base/sys/user/add', {
    username: `named_${stamp}`,
    password: 'Named-123',
    name: `名称 ${stamp}`,
    status: 1,
    departmentId: 1,
    roleIdList: [],
  });
  expect(made.code).toBe(1000);
  await new ShellPage(page).signIn();
  const list = new ListPage(page);

  // --- Users: the table is named; each row's checkbox and actions name the row.
  await go(page, '/sys/user');
  await list.ready('base/sys/user');
  await expect(list.table.getByRole('table')).toHaveAccessibleName(/.+/);
  const row = list.rowWithText(`named_${stamp}`);
  const edit = row.getByRole('button', { name: /^编辑 / });
  const name = `名称 ${stamp}`;
  await expect(edit).toHaveAccessibleName(`编辑 ${name}`);
  await expect(row.getByRole('checkbox')).toHaveAccessibleName(`选择 ${name}`);

  // --- The departments beside the list: one Tab stop (the chosen one), ↑↓ Home End move, Enter chooses.
  const departments = page.getByRole('toolbar', { name: '部门' });
  const stops = departments.locator('button[tabindex="0"]');
  await expect(stops).toHaveCount(1);
  await expect(stops).toHaveAttribute('aria-pressed', 'true');
  const buttons = departments.getByRole('button');
  expect(await buttons.count()).toBeGreaterThan(2);
  await stops.focus();
  await page.keyboard.press('ArrowDown');
  await expect(buttons.nth(1)).toBeFocused();
  await expect(buttons.nth(1)).toHaveAttribute('tabindex', '0');
  await expect(stops).toHaveCount(1);
  await page.keyboard.press('End');
  await expect(buttons.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(buttons.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(buttons.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(buttons.first()).toHaveAttribute('aria-pressed', 'false');
  await buttons.first().press('Enter');
  await expect(buttons.first()).toHaveAttribute('aria-pressed', 'true');
  await list.ready('base/sys/user');

  // --- The add dialog: required fields say so; a refused save ties each error to its field and focuses the first.
  await list.screen.getByRole('button', { name: /^\+? ?新增$/ }).click();
  const form = new EditDialog(page);
  await form.ready();
  await expect(form.input('username')).toHaveAttribute('aria-required', 'true');
  await expect(form.input('name')).toHaveAttribute('aria-required', 'true');
  await expect(form.input('nickName')).not.toHaveAttribute('aria-required', 'true');
  await form.save();
  await expect(form.errorOf('username')).toBeVisible();
  const error = ((await form.errorOf('username').textContent()) ?? '').trim();
  expect(error).not.toBe('');
  await expect(form.input('username')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.input('username')).toHaveAccessibleDescription(error);
  await expect(page.locator(':focus')).toHaveAttribute('aria-invalid', 'true');
  // Fixed, the field is valid again and no longer described by an error.
  await form.fill('username', `named_${Date.now().toString(36)}`);
  await form.save();
  await expect(form.errorOf('username')).toBeHidden();
  await expect(form.input('username')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.input('username')).toHaveAccessibleDescription('');
  await page.keyboard.press('Escape');
  await expect(form.root).toBeHidden();

  // --- Menus: a tree table; each disclosure button names its row ("展开 系统管理"), not a bare 展开.
  await go(page, '/sys/menu');
  await list.ready('base/sys/menu');
  const branch = list.rows.filter({ has: page.locator('button[aria-expanded]') }).first();
  const branchName = (await branch.getByRole('button', { name: /^编辑 / }).evaluate((el) => el.textContent ?? ''))
    .replace(/^编辑\s*/, '')
    .trim();
  const toggle = branch.locator('button[aria-expanded]');
  const open = (await toggle.getAttribute('aria-expanded')) === 'true';
  await expect(toggle).toHaveAccessibleName(`${open ? '收起' : '展开'} ${branchName}`);
  await toggle.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', String(!open));
  await expect(toggle).toHaveAccessibleName(`${open ? '展开' : '收起'} ${branchName}`);

  // --- A role's menus: nested checkbox lists in a named group, not an ARIA tree (whose keys they would not offer).
  await go(page, '/sys/role');
  await list.ready('base/sys/role');
  await list.screen.getByRole('button', { name: /^\+? ?新增$/ }).click();
  await form.ready();
  const menus = form.root.locator('[data-testid^="check-tree-"]').first();
  await expect(menus).toBeVisible();
  await expect(form.root.getByRole('tree')).toHaveCount(0);
  await expect(form.root.getByRole('treeitem')).toHaveCount(0);
  await expect(menus).toHaveAccessibleName(/.+/);
  // The first branch (all start closed); its place does not change as it opens.
  const disclosure = menus.locator('button[aria-expanded]').first();
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  const branchLabel = (await disclosure.getAttribute('aria-label'))!.replace(/^展开 /, '');
  await expect(disclosure).toHaveAccessibleName(`展开 ${branchLabel}`);
  await expect(menus.getByRole('checkbox', { name: branchLabel, exact: true })).toHaveCount(1);
  await disclosure.press('Enter');
  await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
  await expect(disclosure).toHaveAccessibleName(`收起 ${branchLabel}`);
  await expect(page.locator(`[id="${await disclosure.getAttribute('aria-controls')}"]`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form.root).toBeHidden();
});

test('keyboard: header menu, tab strip and the message log, focus back where it was after each', async ({ page }) => {
  test.setTimeout(90_000);
  const shell = new ShellPage(page);
  await shell.loginAs();

  // --- The welcome message goes after a moment; the message log shows it again and gives focus back on Escape.
  await expect(shell.toasts.filter({ hasText: '欢迎回来' })).toHaveCount(0, { timeout: 10_000 });
  const logButton = page.getByTestId('message-log');
  await expect(logButton).toHaveAccessibleName('最近的消息');
  await logButton.focus();
  await page.keyboard.press('Enter');
  await expect(logButton).toHaveAttribute('aria-expanded', 'true');
  const log = page.getByRole('list', { name: '最近的消息' });
  await expect(log).toBeFocused();
  await expect(log.getByRole('listitem').first()).toContainText('成功');
  await expect(log.getByRole('listitem').first()).toContainText('欢迎回来');
  await page.keyboard.press('Escape');
  await expect(log).toBeHidden();
  await expect(logButton).toBeFocused();

  // --- A menu button (APG): ↓ opens on the first item, ↑ wraps to the last, End/Home, Escape gives focus back.
  const language = page.getByTestId('language-switch');
  await language.focus();
  await page.keyboard.press('ArrowDown');
  const items = page.getByRole('menu').getByRole('menuitem');
  await expect(items).toHaveCount(3);
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(language).toBeFocused();

  // --- The tab strip: a named list of links with one Tab stop; ←→ Home End move, Delete closes a tab and focus
  // goes to its neighbour, Shift+F10 opens the tab's menu and Escape comes back to the tab.
  for (const path of ['/sys/user', '/sys/role', '/sys/menu']) await go(page, path);
  await expect(shell.tabs).toHaveAccessibleName('已打开的页面');
  const links = shell.tabs.locator('ul a');
  await expect(links).toHaveCount(3);
  await expect(shell.tabs.locator('ul a[tabindex="0"]')).toHaveCount(1);
  const tabLink = (path: string) => shell.tab(path).locator('a');
  await expect(tabLink('/sys/menu')).toHaveAttribute('tabindex', '0');
  await tabLink('/sys/menu').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tabLink('/sys/role')).toBeFocused();
  await expect(tabLink('/sys/role')).toHaveAttribute('tabindex', '0');
  await expect(shell.tabs.locator('ul a[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Home');
  await expect(tabLink('/sys/user')).toBeFocused();
  await page.keyboard.press('End');
  await expect(tabLink('/sys/menu')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tabLink('/sys/user')).toBeFocused();
  await page.keyboard.press('Delete');
  await expect(shell.tab('/sys/user')).toHaveCount(0);
  await expect(tabLink('/sys/role')).toBeFocused();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(tabLink('/sys/role')).toBeFocused();
});

test('on a phone, the message log, the header menus and the menu drawer open inside the window (WCAG 1.4.10 reflow); the drawer is a modal dialog', async ({
  page,
}) => {
  await new ShellPage(page).signIn('admin', '123456', '/product/info');
  // Narrowed once signed in (the phone's shell has its menu folded away, which signIn waits for).
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByTestId('sidebar')).toBeHidden();
  const inside = async (panel: Locator) => {
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  };
  await page.getByTestId('message-log').click();
  await inside(page.locator('section').filter({ has: page.getByRole('heading', { name: '最近的消息' }) }));
  await page.keyboard.press('Escape');
  await page.getByTestId('language-switch').click();
  await inside(page.getByRole('menu'));
  await page.keyboard.press('Escape');
  await page.getByTestId('user-menu').click();
  await inside(page.getByRole('menu'));
  await page.keyboard.press('Escape');

  // The menu is a modal drawer: focus goes in and stays in, Escape gives it back to the menu button, and a page
  // chosen there takes focus itself.
  const toggle = page.getByTestId('toggle-fold');
  await toggle.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: '菜单' });
  await expect(drawer).toBeVisible();
  await inside(drawer);
  const entries = drawer.getByRole('button');
  await expect(entries.first()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(drawer.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: '订单管理' }).click();
  await drawer.getByRole('link', { name: '订单列表' }).click();
  await expect(page).toHaveURL(/\/order\/order$/);
  await expect(drawer).toBeHidden();
  await expect(page.locator('main#main')).toBeFocused();
});
