import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';

test('request log: the keep-days setting is saved and shown after a reload; clearing asks first, then empties the log', async ({
  page,
  api,
}) => {
  const shell = new ShellPage(page);
  await shell.signIn();
  await shell.openMenu('/sys/log');
  const list = new ListPage(page);
  await list.ready('base/sys/log');
  expect(await list.totalCount()).toBeGreaterThan(0);

  const days = page.locator('#log-keep-days');
  await expect(days).toHaveValue(String((await api.call<string>('GET', '/admin/base/sys/log/getKeep')).data));
  // Out of range: refused where it is typed, nothing sent.
  await days.fill('0');
  await expect(days).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('log-keep').getByRole('button', { name: '保存' })).toBeDisabled();
  await days.fill('45');
  await page.getByTestId('log-keep').getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('日志将保留 45 天')).toBeVisible();
  expect((await api.call<string>('GET', '/admin/base/sys/log/getKeep')).data).toBe('45');
  await page.reload();
  await list.ready('base/sys/log');
  await expect(page.locator('#log-keep-days')).toHaveValue('45');

  // Clear: a confirmation first; cancelling keeps the rows.
  await page.getByTestId('log-clear').click();
  const dialog = page.getByTestId('log-clear-dialog');
  await expect(dialog).toContainText('不可恢复');
  await dialog.getByRole('button', { name: '返回' }).click();
  await expect(dialog).toBeHidden();
  expect(await list.totalCount()).toBeGreaterThan(0);
  await page.getByTestId('log-clear').click();
  await page.getByTestId('log-clear-confirm').click();
  await expect(page.getByText('日志已清空')).toBeVisible();
  // Only the requests made since remain (the page call that reads the list again is itself logged afterwards).
  await expect
    .poll(
      async () =>
        (await api.call<{ pagination: { total: number } }>('POST', '/admin/base/sys/log/page', { page: 1, size: 1 }))
          .data.pagination.total,
    )
    .toBeLessThan(5);
});
