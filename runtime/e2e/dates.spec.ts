import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

test.describe('dates in the interface language', () => {
  test('a date field reads and writes yyyy-mm-dd in Chinese and mm/dd/yyyy in English, whatever the browser locale', async ({
    page,
    api,
  }) => {
    const name = `Birthday ${Date.now().toString(36)}`;
    const added = await api.call<{ id: number }>('POST', '/admin/user/info/add', {
      nickName: name,
      phone: `139${String(Date.now()).slice(-8)}`,
      status: 1,
    });
    expect(added.code).toBe(1000);
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/user/list');
    const list = new ListPage(page);
    await list.ready();
    await list.search(name);
    await expect(list.rows).toHaveCount(1);
    await list.edit(list.rows.first());
    const dialog = new EditDialog(page);
    await dialog.ready();
    const birthday = dialog.input('birthday');
    await expect(birthday).toHaveAttribute('placeholder', '年-月-日');

    // A day that does not exist is refused where it is typed; nothing is changed.
    await birthday.fill('1990-02-30');
    await birthday.press('Tab');
    await expect(birthday).toHaveAttribute('aria-invalid', 'true');

    // Typed loosely, written back in the language's format.
    await birthday.fill('1990/3/7');
    await birthday.press('Tab');
    await expect(birthday).toHaveValue('1990-03-07');
    await expect(birthday).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.saveAndClose();
    const saved = await api.call<{ birthday: string }>('GET', `/admin/user/info/info?id=${added.data.id}`);
    expect(saved.data.birthday.slice(0, 10)).toBe('1990-03-07');

    await shell.switchLanguage('en');
    await list.ready();
    await list.edit(list.rows.first());
    await dialog.ready();
    await expect(dialog.input('birthday')).toHaveValue('03/07/1990');
    await expect(dialog.input('birthday')).toHaveAttribute('placeholder', 'mm/dd/yyyy');

    // The calendar opens on the chosen month; picking a day writes it in the same format.
    await dialog.field('birthday').getByRole('button', { name: 'Choose a date' }).click();
    const calendar = page.getByTestId('date-calendar');
    await expect(calendar).toContainText('March 1990');
    await calendar.locator('[data-day="1990-03-21"]').click();
    await expect(calendar).toHaveCount(0);
    await expect(dialog.input('birthday')).toHaveValue('03/21/1990');
    await dialog.saveAndClose();
    const picked = await api.call<{ birthday: string }>('GET', `/admin/user/info/info?id=${added.data.id}`);
    expect(picked.data.birthday.slice(0, 10)).toBe('1990-03-21');
  });

  test('a date range filter in Chinese shows yyyy-mm-dd and filters by it', async ({ page, api }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/order/order');
    const list = new ListPage(page);
    await list.ready();
    await list.openAdvanced();
    const from = list.advancedInput('pendingTime');
    const to = list.advanced.getByLabel('确认时间 结束');
    await expect(from).toHaveAttribute('placeholder', '年-月-日');
    await from.fill('2000/1/1');
    await from.press('Enter');
    await expect(from).toHaveValue('2000-01-01');
    await to.fill('2000-12-31');
    await to.press('Enter');
    await list.submitSearch();
    await expect.poll(() => list.totalCount()).toBe(0);
    await expect(page).toHaveURL(/2000-01-01/);

    // A wide range holds every confirmed order, as the server counts them.
    const confirmed = await api.call<{ pagination: { total: number } }>('POST', '/admin/order/order/page', {
      pendingTime: ['2000-01-01 00:00:00', '2099-12-31 23:59:59'],
    });
    expect(confirmed.data.pagination.total).toBeGreaterThan(0);
    await to.fill('12/31/2099');
    await to.press('Tab');
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await to.fill('2099-12-31');
    await to.press('Tab');
    await list.submitSearch();
    await expect.poll(() => list.totalCount()).toBe(confirmed.data.pagination.total);
  });
});
