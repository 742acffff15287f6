import { test, expect, type AdminApi } from './fixtures';
import { createUserWithPages, ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import type { Locator, Page } from '@playwright/test';

type Row = Record<string, unknown> & { id: number };
type PageReply = { list: Row[]; pagination: { total: number } };

const product = async (api: AdminApi, id: number) =>
  (await api.call<Row>('GET', '/admin/product/info/info', { id })).data;

const userId = async (api: AdminApi, username: string) =>
  (
    await api.call<PageReply>('POST', '/admin/base/sys/user/page', { page: 1, size: 5, keyWord: username })
  ).data.list.find((u) => u.username === username)!.id;

/** Presses a schema-declared button (row or toolbar) and confirms its dialog, with a remark when given. */
async function press(page: Page, scope: Locator, action: string, remark?: string) {
  await scope.locator(`button[data-action="${action}"]`).click();
  const dialog = page.getByTestId('action-dialog');
  await expect(dialog).toBeVisible();
  if (remark !== undefined) await dialog.getByTestId('action-remark').fill(remark);
  await dialog.getByTestId('action-confirm').click();
  await expect(dialog).toBeHidden();
}

/** Picks an option of a relation picker by the text it shows. */
async function pick(page: Page, picker: Locator, filter: string, option: RegExp | string) {
  await picker.click();
  await page.getByRole('textbox', { name: /输入以筛选/ }).fill(filter);
  await page.getByRole('option', { name: option }).click();
}

test.describe('reviews started, routed and read from the shop screens (zh-cn, as staff)', () => {
  // Each walks several screens as two people; on a loaded 2-core machine that takes longer than one screen's test.
  test.describe.configure({ timeout: 120_000 });
  test('products go to review from their rows, one and several; the flow reviewer rejects one with a reason; it reads 已驳回 and goes again', async ({
    page,
    api,
  }) => {
    const tag = `rv${Date.now() % 100000}`;
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const r = await api.call<{ id: number }>('POST', '/admin/product/info/add', {
        name: `${tag} 样品 ${n}`,
        price: 120000 + n,
        categoryId: 1,
      });
      ids.push(r.data.id);
    }
    const clerk = await createUserWithPages(api, `${tag}c`, ['/product/info', '/audit/good'], (p) =>
      /^(product:info:|audit:good:(page|list|info|create))/.test(p),
    );
    const reviewer = await createUserWithPages(api, `${tag}r`, ['/audit/good'], (p) => p.startsWith('audit:good:'));
    // The flow: products the clerk submits are reviewed by the reviewer.
    const flow = await api.call('POST', '/admin/audit/flow/add', {
      title: `${tag} 新品审核`,
      applicantId: await userId(api, clerk),
      reviewerId: await userId(api, reviewer),
      modelType: 2,
    });
    expect(flow.status).toBe(200);

    const shell = new ShellPage(page);
    const list = new ListPage(page);
    await shell.signIn(clerk, 'secret123');
    await shell.openMenu('/product/info');
    await list.ready('product/info');
    await list.search(tag);
    await expect(list.rows).toHaveCount(3);
    await expect(list.cell(list.row(ids[0]), 'auditStatus')).toHaveText('待提交');

    // One from its row, two from the selection.
    await press(page, list.row(ids[0]), 'submitAudit');
    await expect(list.cell(list.row(ids[0]), 'auditStatus')).toHaveText('待审核');
    await expect(list.row(ids[0]).locator('button[data-action="submitAudit"]')).toHaveCount(0);
    for (const id of ids.slice(1)) await list.row(id).getByRole('checkbox').check();
    await expect(page.locator('button[data-action="submitAudit"]').first()).toContainText('(2)');
    await press(page, list.screen.locator('search'), 'submitAudit');
    for (const id of ids) expect((await product(api, id)).auditStatus).toBe(1);
    await expect(list.cell(list.row(ids[2]), 'auditStatus')).toHaveText('待审核');

    // The reviewer finds them in their queue and rejects the first with a reason.
    await shell.logout();
    await shell.signIn(reviewer, 'secret123');
    await shell.openMenu('/audit/good');
    await list.ready('audit/good');
    await page.locator('button[data-preset="mine"]').click();
    await expect(page.locator('button[data-preset="mine"]')).toHaveAttribute('aria-pressed', 'true');
    const ticket = list.rowWithText(`${tag} 样品 1`);
    await expect(ticket).toHaveCount(1);
    await press(page, ticket, 'reject', '缺少尺寸图，请补充后重新提交');
    expect((await product(api, ids[0])).auditStatus).toBe(3);

    // The clerk sees it rejected, with the reason, and sends it again.
    await shell.logout();
    await shell.signIn(clerk, 'secret123');
    await shell.openMenu('/product/info');
    await list.ready('product/info');
    await list.search(tag);
    const rejected = list.cell(list.row(ids[0]), 'auditStatus');
    await expect(rejected).toHaveText('已驳回');
    await expect(rejected.locator('.text-danger')).toBeVisible();
    await list.view(list.row(ids[0]));
    const info = page.getByTestId('info-dialog');
    await expect(info.locator('[data-field="auditStatus"]')).toHaveText('已驳回');
    await expect(info.locator('[data-field="auditRemark"]')).toHaveText('缺少尺寸图，请补充后重新提交');
    await page.keyboard.press('Escape');
    await press(page, list.row(ids[0]), 'submitAudit');
    await expect(list.cell(list.row(ids[0]), 'auditStatus')).toHaveText('待审核');
    expect((await product(api, ids[0])).auditStatus).toBe(1);
  });

  test('an order is added by choosing a member, one of their addresses and two lines, with its amounts shown first', async ({
    page,
    api,
  }) => {
    const tag = `od${Date.now() % 100000}`;
    const clerk = await createUserWithPages(
      api,
      tag,
      ['/order/order', '/user/list', '/user/address', '/product/info'],
      (p) => /^order:order:|:(page|list|info)$/.test(p),
    );
    const shell = new ShellPage(page);
    const list = new ListPage(page);
    await shell.signIn(clerk, 'secret123');
    await shell.openMenu('/order/order');
    await list.ready('order/order');
    await list.clickAdd();
    const form = page.getByTestId('order-add');
    await expect(form).toBeVisible();
    // No id is typed: every choice is a picker.
    await expect(form.locator('input[inputmode="numeric"]:not([type="number"])')).toHaveCount(0);
    await expect(form.getByRole('combobox', { name: /地址簿地址/ })).toBeDisabled();

    await pick(page, form.getByRole('combobox', { name: /下单用户/ }), '陈先生', /陈先生 · 13911112222/);
    // Only this member's two addresses are offered.
    await form.getByRole('combobox', { name: /地址簿地址/ }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(2);
    await page.getByRole('option', { name: /锦绣路1088弄/ }).click();

    const lines = form.getByTestId('order-line');
    await pick(page, lines.nth(0).getByRole('combobox', { name: '第 1 行商品' }), '白橡木', /白橡木简约双人床/);
    await lines
      .nth(0)
      .getByRole('combobox', { name: '第 1 行规格' })
      .selectOption({ label: '1800×2000mm · ¥8,990.00' });
    await lines.nth(0).getByRole('spinbutton').fill('2');
    await form.getByRole('button', { name: '添加商品' }).click();
    await pick(page, lines.nth(1).getByRole('combobox', { name: '第 2 行商品' }), '升降办公桌', /黑胡桃木升降办公桌/);

    // The server's quote: 2 × 8,990 + 4,680 = 22,660; the platinum member pays 92%.
    const quote = form.getByTestId('order-quote');
    await expect(quote.getByTestId('quote-amount')).toHaveText('¥22,660.00');
    await expect(quote.getByTestId('quote-pay')).toHaveText('¥20,847.20');
    await expect(quote).toContainText('会员 92 折');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form).toBeHidden();

    const newest = (
      await api.call<PageReply>('POST', '/admin/order/order/page', { page: 1, size: 1, order: 'id', sort: 'desc' })
    ).data.list[0];
    expect(newest).toMatchObject({
      userId: 2,
      addressId: 3,
      amount: 2266000,
      payAmount: 2084720,
      username: '陈太太 13911113333',
    });
    const detail = (await api.call<{ items: Row[] }>('GET', '/admin/order/order/detail', { id: newest.id })).data;
    expect(detail.items.map((i) => [i.goodId, i.quantity, i.price])).toEqual([
      [4, 2, 899000],
      [7, 1, 468000],
    ]);
    await expect(list.rowWithText(String(newest.orderNo))).toHaveCount(1);
  });
});
