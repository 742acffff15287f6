import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

/** The admin half of issue 27, walked as staff would in zh-cn: confirmations, the seeded roles, departments, phones. */

type Page<T> = { list: T[]; pagination: { total: number } };
type Order = { id: number; orderNo: string; status: number };

test('a confirmation names its action and opens on 返回: cancelling an order, then going back, keeps it', async ({
  page,
  api,
}) => {
  const pending = (await api.call<Page<Order>>('POST', '/admin/order/order/page', { page: 1, size: 1, status: 0 })).data
    .list[0];
  const shell = new ShellPage(page);
  await shell.signIn();
  await shell.openMenu('/order/order');
  const list = new ListPage(page);
  await list.ready('order/order');
  await list.search(pending.orderNo);
  const row = list.table.locator('tbody tr', { hasText: pending.orderNo });
  await row.locator('button[data-action="cancel"]').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  // Two different words: the destructive one says what it does; the other goes back, and has focus.
  await expect(dialog.getByRole('button', { name: '取消订单', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '返回', exact: true })).toBeFocused();
  await expect(dialog.getByRole('button', { name: '取消', exact: true })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const after = (await api.call<Order>('GET', `/admin/order/order/info?id=${pending.id}`)).data;
  expect(after.status).toBe(0);
});

test('a new user is given a seeded role; the password is asked for, phone and e-mail are checked', async ({
  page,
  api,
}) => {
  const stamp = Date.now().toString(36);
  const shell = new ShellPage(page);
  await shell.signIn();
  await shell.openMenu('/sys/user');
  const list = new ListPage(page);
  await list.ready('base/sys/user');
  await list.clickAdd();
  const form = new EditDialog(page);
  await form.ready();
  // Adding: no "leave blank to keep" hint on the password, which is required.
  await expect(form.input('password')).not.toHaveAttribute('placeholder', '留空则不修改密码');
  await form.fill('username', `kefu_${stamp}`);
  await form.fill('name', `客服 ${stamp}`);
  await form.fill('phone', '12ab');
  await form.fill('email', 'nobody@');
  await form.save();
  await expect(form.errorOf('password')).toBeVisible();
  await expect(form.errorOf('phone')).toContainText('请输入有效的电话号码');
  await expect(form.errorOf('email')).toContainText('请输入有效的邮箱地址');
  await form.fill('password', 'Kefu-pass-1');
  await form.fill('phone', '+86 138-0000-0000');
  await form.fill('email', `kefu_${stamp}@example.com`);
  // The role picker offers the roles a shop starts with.
  await form.pick('roleIdList', '客服');
  await form.saveAndClose();
  const made = (
    await api.call<Page<{ id: number; username: string }>>('POST', '/admin/base/sys/user/page', {
      keyWord: `kefu_${stamp}`,
    })
  ).data.list[0];
  const info = (await api.call<{ roleIdList: number[] }>('GET', `/admin/base/sys/user/info?id=${made.id}`)).data;
  const roles = (await api.call<{ id: number; name: string }[]>('POST', '/admin/base/sys/role/list', {})).data;
  expect(info.roleIdList.map((id) => roles.find((r) => r.id === id)?.name)).toEqual(['客服']);
});

test('departments are added, renamed and deleted from the tree, by mouse and by keyboard', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const shell = new ShellPage(page);
  await shell.signIn();
  await shell.openMenu('/sys/user');
  const list = new ListPage(page);
  await list.ready('base/sys/user');
  const panel = page.getByTestId('master-panel');
  const menu = page.getByTestId('master-menu');

  // Add below 运营中心 with a right-click.
  await panel.getByRole('button', { name: '运营中心', exact: true }).click({ button: 'right' });
  await menu.getByRole('menuitem', { name: '新增下级' }).click();
  const form = new EditDialog(page);
  await form.ready();
  await form.fill('name', `售后组 ${stamp}`);
  await form.saveAndClose();
  const made = panel.getByRole('button', { name: `售后组 ${stamp}`, exact: true });
  await expect(made).toBeVisible();

  // Rename from the keyboard: Shift+F10 on the department, ↓ to 重命名, Enter.
  await made.focus();
  await page.keyboard.press('Shift+F10');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: '重命名' })).toBeFocused();
  await page.keyboard.press('Enter');
  await form.ready();
  await form.fill('name', `售后部 ${stamp}`);
  await form.saveAndClose();
  const renamed = panel.getByRole('button', { name: `售后部 ${stamp}`, exact: true });
  await expect(renamed).toBeVisible();

  // Delete: a confirmation naming the department, 删除 / 返回.
  await renamed.click({ button: 'right' });
  await menu.getByRole('menuitem', { name: '删除' }).click();
  const confirm = page.getByTestId('master-confirm-delete');
  await expect(confirm).toContainText(`删除“售后部 ${stamp}”？`);
  await expect(confirm.getByRole('button', { name: '返回' })).toBeFocused();
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(confirm).toBeHidden();
  await expect(renamed).toHaveCount(0);
});

test('on a phone a list row keeps its number readable and its actions in one ⋯ menu', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.signIn();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/order/order');
  const list = new ListPage(page);
  await list.ready('order/order');
  const row = list.table.locator('tbody tr').first();
  // The list comes first: the advanced search starts folded on a phone, so rows are on the first screen.
  await expect(list.advanced).toBeHidden();
  await expect(row).toBeInViewport();
  const number = row.locator('td').nth(1);
  const more = row.getByTestId('row-menu');
  await expect(more).toBeVisible();
  // The pinned action column is one button wide: the order number beside it is shown whole.
  const [numberBox, moreBox] = [await number.boundingBox(), await more.boundingBox()];
  expect(numberBox!.x + numberBox!.width).toBeLessThanOrEqual(moreBox!.x);
  await expect(row.getByRole('button', { name: /^详情/ })).toHaveCount(0);

  // A menu button: Enter opens it on its first action, Escape gives focus back.
  await more.focus();
  await page.keyboard.press('Enter');
  const items = page.getByTestId('row-menu-items');
  await expect(items.getByRole('menuitem', { name: '详情' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(items).toBeHidden();
  await expect(more).toBeFocused();
  await more.click();
  await items.getByRole('menuitem', { name: '详情' }).click();
  await expect(page.getByTestId('order-detail')).toBeVisible();
});
