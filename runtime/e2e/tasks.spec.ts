import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

test.describe('scheduled tasks from their screen', () => {
  test('a per-second task with a limit of 3 is started from its detail view; its log grows to 3 and it stops itself; run once adds a row', async ({
    page,
    api,
  }) => {
    const name = `Purge ${Date.now().toString(36)}`;
    const added = await api.call<{ id: number }>('POST', '/admin/task/info/add', {
      name,
      service: 'base.purgeExpired',
      data: '{}',
      taskType: 1,
      every: 1000,
      limit: 3,
      status: 0,
      type: 1,
    });
    expect(added.code, JSON.stringify(added)).toBe(1000);
    const id = added.data.id;

    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/task/list');
    const list = new ListPage(page);
    await list.ready('task/info');
    // Tasks have no keyword search; the new one is on the first page.
    await list.view(list.row(id));
    const detail = page.getByTestId('task-detail');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('task-status')).toContainText('停止');
    await expect(detail.getByTestId('task-log-total')).toContainText('共 0 条');
    await expect(detail.getByTestId('task-summary')).toContainText('每 1,000 毫秒（1 秒）');

    // Start: no confirmation; the view follows the run as it happens.
    await detail.locator('button[data-action="start"]').click();
    await expect(detail.getByTestId('task-status')).toContainText('运行', { timeout: 5_000 });
    await expect(detail.getByTestId('task-log-total')).toContainText('共 3 条', { timeout: 10_000 });
    await expect(detail.getByTestId('task-status')).toContainText('停止', { timeout: 5_000 });
    await expect(detail.getByTestId('task-runs')).toHaveText('3 / 3');
    await expect(detail.locator('[data-log-row]')).toHaveCount(3);
    await expect(detail.locator('[data-log-row]').first()).toContainText('成功');
    // The server agrees: three runs, each logged once.
    const log = await api.call<{ pagination: { total: number } }>('GET', '/admin/task/info/log', {
      id,
      page: 1,
      size: 20,
    });
    expect(log.data.pagination.total).toBe(3);

    // Run once: confirmed, then one more row; the schedule is not touched (still stopped).
    await detail.locator('button[data-action="once"]').click();
    const confirm = page.getByTestId('action-dialog');
    await expect(confirm).toBeVisible();
    await confirm.getByTestId('action-confirm').click();
    await expect(detail.getByTestId('task-log-total')).toContainText('共 4 条');
    await expect(detail.getByTestId('task-status')).toContainText('停止');
  });

  test('the cron field shows the next five run times as you type, and says why a bad one is not a cron', async ({
    page,
    api,
  }) => {
    const name = `Cron ${Date.now().toString(36)}`;
    const added = await api.call<{ id: number }>('POST', '/admin/task/info/add', {
      name,
      service: 'base.purgeExpired',
      data: '{}',
      taskType: 0,
      cron: '0 0 2 * * ?',
      status: 0,
      type: 1,
    });
    expect(added.code, JSON.stringify(added)).toBe(1000);
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/task/list');
    const list = new ListPage(page);
    await list.ready('task/info');
    await list.edit(list.row(added.data.id));
    const form = new EditDialog(page);
    await form.ready();
    const cron = form.field('cron');
    await cron.locator('input').fill('0/5 * * * * ?');
    const next = cron.getByTestId('cron-next');
    await expect(next.locator('li')).toHaveCount(5);
    const times = (await next.locator('li').allInnerTexts()).map((s) => s.trim());
    // yyyy-mm-dd hh:mm:ss in the Chinese interface, five seconds apart, seconds on a multiple of 5.
    for (const s of times) expect(s).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const at = times.map((s) => new Date(s.replace(' ', 'T')).getTime());
    for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBe(5000);
    for (const s of times) expect(Number(s.slice(-2)) % 5).toBe(0);

    await cron.locator('input').fill('0 61 * * * ?');
    await expect(cron.getByTestId('cron-error')).toBeVisible();
    await expect(cron.getByTestId('cron-next')).toHaveCount(0);
    // A preset fills a working expression.
    await cron.getByRole('button', { name: '每天 2:00' }).click();
    await expect(cron.locator('input')).toHaveValue('0 0 2 * * ?');
    await expect(cron.getByTestId('cron-next').locator('li')).toHaveCount(5);
  });
});
