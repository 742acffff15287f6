import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';

test.describe('tabs', () => {
  test('right-click on a tab: close to the right, close others, reload, close all', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    for (const path of ['/sys/role', '/sys/param', '/product/material', '/product/spec']) await shell.openMenu(path);
    await expect(shell.tabs.locator('[data-tab]')).toHaveCount(4);

    // Close to the right of the second tab while the fourth is open: the right-clicked tab becomes the page.
    await shell.tab('/sys/param').click({ button: 'right' });
    const menu = page.getByTestId('tab-context-menu');
    await expect(menu).toBeVisible();
    await menu.locator('[data-choice="right"]').click();
    await expect(shell.tabs.locator('[data-tab]')).toHaveCount(2);
    await expect(page).toHaveURL(/\/sys\/param$/);
    await expect(menu).toHaveCount(0);

    // The last tab has nothing to its right; Escape closes the menu without a change.
    await shell.tab('/sys/param').click({ button: 'right' });
    await expect(menu.locator('[data-choice="right"]')).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(shell.tabs.locator('[data-tab]')).toHaveCount(2);

    // Reload fetches the page's data again and keeps the tabs.
    const list = new ListPage(page);
    await list.ready();
    const refetched = page.waitForRequest((r) => r.url().includes('/admin/base/sys/param/page'));
    await shell.tab('/sys/param').click({ button: 'right' });
    await menu.locator('[data-choice="reload"]').click();
    await refetched;
    await list.ready();
    await expect(shell.tabs.locator('[data-tab]')).toHaveCount(2);

    // Close others from the other tab: it stays and opens.
    await shell.tab('/sys/role').click({ button: 'right' });
    await menu.locator('[data-choice="others"]').click();
    await expect(shell.tabs.locator('[data-tab]')).toHaveCount(1);
    await expect(page).toHaveURL(/\/sys\/role$/);

    await shell.tab('/sys/role').click({ button: 'right' });
    await menu.locator('[data-choice="all"]').click();
    await expect(shell.tabs.locator('[data-tab]')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test('keep-alive: a list keeps its search, page size and scroll when its tab is left and opened again', async ({
    page,
    api,
  }) => {
    const stamp = Date.now().toString(36);
    for (let i = 0; i < 45; i++) {
      const r = await api.call('POST', '/admin/product/material/add', {
        title: `Keep ${stamp} ${String(i).padStart(2, '0')}`,
        type: 1,
      });
      expect(r.code).toBe(1000);
    }
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/product/material');
    const list = new ListPage(page);
    await list.ready();
    await list.search(`Keep ${stamp}`);
    await page
      .getByRole('combobox', { name: /每页|Per page|page size/i })
      .last()
      .selectOption('50');
    await expect.poll(() => list.rowIds().then((ids) => ids.length)).toBe(45);
    await list.table.evaluate((el) => {
      el.scrollTop = 600;
    });
    await expect.poll(() => list.table.evaluate((el) => el.scrollTop)).toBeGreaterThan(500);
    const kept = await list.table.evaluate((el) => el.scrollTop);

    await shell.openMenu('/sys/param');
    await list.ready();
    await shell.tab('/product/material').click();
    await list.ready();
    await expect(list.keyword).toHaveValue(`Keep ${stamp}`);
    await expect.poll(() => list.rowIds().then((ids) => ids.length)).toBe(45);
    await expect(page).toHaveURL(/size=50/);
    await expect.poll(() => list.table.evaluate((el) => el.scrollTop)).toBe(kept);
  });
});
