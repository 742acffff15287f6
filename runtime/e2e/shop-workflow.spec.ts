import { test, expect, type AdminApi } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';

type Row = Record<string, unknown> & { id: number };
type PageReply = { list: Row[]; pagination: { total: number } };

/** The stored order (what the database holds, independent of the screen). */
async function order(api: AdminApi, id: number): Promise<Row> {
  return (await api.call<Row>('GET', '/admin/order/order/info', { id })).data;
}

/** Runs the button `action` of a row (or of the open detail view), confirming its dialog with an optional remark. */
async function press(
  page: import('@playwright/test').Page,
  scope: import('@playwright/test').Locator,
  action: string,
  remark?: string,
) {
  await scope.locator(`button[data-action="${action}"]`).click();
  const dialog = page.getByTestId('action-dialog');
  await expect(dialog).toBeVisible();
  if (remark !== undefined) await dialog.getByTestId('action-remark').fill(remark);
  await dialog.getByTestId('action-confirm').click();
  await expect(dialog).toBeHidden();
}

test.describe('the shop: orders and audits from their screens', () => {
  test('an order goes 0 → 1 → 2 from its screen, with its history; another is cancelled', async ({ page, api }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/order/order');
    const list = new ListPage(page);
    await list.ready('order/order');

    // The pending tab lists only orders waiting for confirmation, and its count says how many.
    const pending = (await api.call<PageReply>('POST', '/admin/order/order/page', { page: 1, size: 100, status: 0 }))
      .data;
    expect(pending.pagination.total).toBeGreaterThanOrEqual(2);
    await page.getByTestId('tab-0').click();
    await expect(page.getByTestId('tab-0')).toContainText(String(pending.pagination.total));
    // (a first page of at most 20: the seeded history may hold more pending orders)
    await expect(list.rows).toHaveCount(Math.min(pending.pagination.total, 20));

    const [first, second] = pending.list;
    await press(page, list.row(first.id), 'determined', 'customer confirmed by phone');
    await expect(list.row(first.id)).toHaveCount(0);
    expect(await order(api, first.id)).toMatchObject({ status: 1 });

    // The confirmed order, opened from the "pending completion" tab, is completed from its detail view.
    await page.getByTestId('tab-1').click();
    await list.view(list.row(first.id));
    const detail = page.getByTestId('order-detail');
    await expect(detail.getByTestId('order-history')).toContainText('customer confirmed by phone');
    await expect(detail.locator('button[data-action="determined"]')).toHaveCount(0);
    await press(page, detail, 'complete');
    await expect(detail.getByTestId('order-status')).toContainText('已完成');
    await expect(detail.getByTestId('order-history').locator('li')).toHaveCount(3);
    await expect(detail.locator('button[data-action="complete"], button[data-action="cancel"]')).toHaveCount(0);
    const done = await order(api, first.id);
    expect(done).toMatchObject({ status: 2 });
    expect(done.completedTime).toBeTruthy();
    await page.keyboard.press('Escape');

    // Another order is cancelled from the pending tab.
    await page.getByTestId('tab-0').click();
    await press(page, list.row(second.id), 'cancel');
    await expect(list.row(second.id)).toHaveCount(0);
    expect(await order(api, second.id)).toMatchObject({ status: 3 });
    // The cancelled tab holds the seeded history's cancellations too: the order is found by its number there.
    await page.getByTestId('tab-3').click();
    await list.search(String(second.orderNo));
    await expect(list.row(second.id)).toBeVisible();
    await expect(list.row(second.id)).toContainText('已取消');
  });

  test('a product audit is passed from the queue and the product shows reviewed; a rejection needs a reason', async ({
    page,
    api,
  }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    const tickets = (await api.call<PageReply>('POST', '/admin/audit/good/page', { page: 1, size: 100, status: 0 }))
      .data.list;
    expect(tickets.length).toBeGreaterThanOrEqual(2);
    const [passed, rejected] = tickets;

    await shell.openMenu('/audit/good');
    const queue = new ListPage(page);
    await queue.ready('audit/good');
    await page.getByTestId('tab-0').click();
    await press(page, queue.row(passed.id), 'pass');
    await expect(queue.row(passed.id)).toHaveCount(0);

    // Reject: the confirm button stays disabled until a reason is written.
    await queue.row(rejected.id).locator('button[data-action="reject"]').click();
    const dialog = page.getByTestId('action-dialog');
    await expect(dialog.getByTestId('action-confirm')).toBeDisabled();
    await dialog.getByTestId('action-remark').fill('pictures do not match the sample');
    await dialog.getByTestId('action-confirm').click();
    await expect(dialog).toBeHidden();
    const stored = (await api.call<Row>('GET', '/admin/audit/good/info', { id: rejected.id })).data;
    expect(stored).toMatchObject({ status: 2, remark: 'pictures do not match the sample' });

    // The product of the passed ticket shows "reviewed" on the product screen.
    await shell.openMenu('/product/info');
    const products = new ListPage(page);
    await products.ready('product/info');
    await expect(products.cell(products.row(Number(passed.goodId)), 'auditStatus')).toContainText('已通过');
  });

  test('a role without order:order:complete sees no complete button, and the server refuses the call', async ({
    page,
    api,
  }) => {
    const menus = (await api.call<{ id: number; perms: string | null }[]>('POST', '/admin/base/sys/menu/list', {}))
      .data;
    const orderMenus = menus
      .filter((m) => /order:order:/.test(m.perms ?? '') && !/order:order:complete/.test(m.perms ?? ''))
      .map((m) => m.id);
    const tag = `e2e_nocomplete_${Date.now()}`;
    const role = await api.call<{ id: number }>('POST', '/admin/base/sys/role/add', {
      name: tag,
      label: tag,
      relevance: false,
      menuIdList: orderMenus,
      departmentIdList: [1],
    });
    expect(role.code, role.message).toBe(1000);
    const user = await api.call('POST', '/admin/base/sys/user/add', {
      username: tag,
      name: 'No complete',
      password: 'No-complete-1',
      status: 1,
      departmentId: 1,
      roleIdList: [role.data.id],
    });
    expect(user.code, user.message).toBe(1000);

    const shell = new ShellPage(page);
    await shell.signIn(tag, 'No-complete-1');
    // The order list is this user's only page, so it is their home page.
    const list = new ListPage(page);
    await list.ready('order/order');
    await page.getByTestId('tab-1').click();
    const waiting = (await api.call<PageReply>('POST', '/admin/order/order/page', { page: 1, size: 100, status: 1 }))
      .data.list;
    expect(waiting.length).toBeGreaterThan(0);
    const row = list.row(waiting[0].id);
    await expect(row.locator('button[data-action="cancel"]')).toBeVisible();
    await expect(row.locator('button[data-action="complete"]')).toHaveCount(0);

    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('joinery.session') ?? '{}').token as string | undefined,
    );
    const direct = await api.call('POST', '/admin/order/order/complete', { ids: [waiting[0].id] }, token ?? 'missing');
    expect(direct.status).toBe(403);
    expect(await order(api, waiting[0].id)).toMatchObject({ status: 1 });
  });
});
