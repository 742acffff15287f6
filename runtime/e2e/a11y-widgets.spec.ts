import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { EditDialog } from './pages/edit-dialog';
import { go } from './axe-audit';

/**
 * Keyboard use of the parts issue 29 left for last: the rich text toolbar (APG toolbar), the dashboard's period
 * switch (APG tabs) and its figures as a table, and a list's sort buttons, which must not hide under the sticky
 * action column when they take focus. One signed-in page for all three.
 */
test('keyboard only: rich text toolbar, dashboard period tabs and figures table, sort buttons clear of sticky columns', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1100, height: 800 });
  await new ShellPage(page).signIn();

  // --- Dashboard: the period switch is one Tab stop; ←→ choose; the figures are also a table.
  const tabs = page.getByRole('tablist', { name: '销售额' }).getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const selected = page.getByRole('tablist', { name: '销售额' }).locator('[aria-selected="true"]');
  await expect(selected).toHaveCount(1);
  await expect(page.getByRole('tablist', { name: '销售额' }).locator('[tabindex="0"]')).toHaveCount(1);
  const before = await selected.getAttribute('data-testid');
  await selected.focus();
  await page.keyboard.press('ArrowRight');
  const after = page.getByRole('tablist', { name: '销售额' }).locator('[aria-selected="true"]');
  await expect(after).not.toHaveAttribute('data-testid', before!);
  await expect(after).toBeFocused();
  await expect(after).toHaveAttribute('tabindex', '0');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', (await after.getAttribute('id'))!);
  await page.keyboard.press('Home');
  await expect(tabs.first()).toBeFocused();
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('chart-amount')).toHaveAttribute('data-ready', 'true');
  const table = page.getByTestId('sales-table');
  await table.locator('summary').focus();
  await page.keyboard.press('Enter');
  const figures = table.getByRole('table');
  await expect(figures).toBeVisible();
  await expect(figures.getByRole('columnheader')).toHaveText(['时间', '销售额', '销售订单']);
  await expect(figures.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(/¥/);
  // The category chart is an image named by its title; its legend is its figures as text, each read in full.
  await expect(page.getByRole('img', { name: '类别占比' })).toBeVisible();
  const legend = page.getByRole('list', { name: '类别占比' }).getByRole('listitem');
  await expect(legend.first()).toBeVisible();
  expect(await legend.first().ariaSnapshot()).toMatch(/^- listitem: .+ 已售 \d+ 件 [\d.]+%$/);

  // --- A list narrower than its columns: each sort button that takes focus is scrolled clear of the actions column.
  await go(page, '/order/order');
  const list = page.getByTestId('entity-table');
  const sorts = list.locator('thead th:not(.sticky) button');
  // count() does not wait: the list's rows (and so its header) are in first.
  await expect(list.locator('tbody tr').first()).toBeVisible();
  const count = await sorts.count();
  expect(count).toBeGreaterThan(3);
  const actionsLeft = async () => (await list.locator('thead th.sticky.right-0').boundingBox())!.x;
  expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  for (let i = 0; i < count; i++) {
    await sorts.nth(i).focus();
    await expect(sorts.nth(i)).toBeFocused();
    const box = (await sorts.nth(i).boundingBox())!;
    expect(box.x + box.width, `sort button ${i} is under the actions column`).toBeLessThanOrEqual(await actionsLeft());
  }

  // --- Rich text: the toolbar is one Tab stop before the area; Enter on 粗体 bolds the selection, focus goes back.
  await go(page, '/product/info');
  await page
    .getByTestId('entity-screen')
    .getByRole('button', { name: /^\+? ?新增$/ })
    .click();
  const form = new EditDialog(page);
  await form.ready();
  const area = form.field('detail').getByRole('textbox', { name: '商品详情' });
  await area.focus();
  await page.keyboard.type('实木');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Shift+Tab');
  const toolbar = form.field('detail').getByRole('toolbar', { name: '格式' });
  const bold = toolbar.getByRole('button', { name: '粗体' });
  await expect(bold).toBeFocused();
  await expect(toolbar.locator('[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(area).toBeFocused();
  await expect(area.locator('b, strong')).toHaveText('实木');
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  // Back to the toolbar: the same stop; → moves along, End reaches the source switch, which shows the HTML.
  await page.keyboard.press('Shift+Tab');
  await expect(bold).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: '斜体' })).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(form.field('detail').locator('textarea')).toHaveValue(/<(b|strong)>实木<\/(b|strong)>/);
});
