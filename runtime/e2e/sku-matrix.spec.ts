import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

type Sku = { specs: Record<string, string>; price: number; stock: number };
type Product = { id: number; name: string; skuInfo: Sku[] | null };

test.describe('money is one thing: SKU prices are typed and shown in yuan, stored in cents', () => {
  test('staff add a product with two specs, fill its SKU matrix in yuan, see the named error of a bad cell, and find ¥12.99 in the list and details', async ({
    page,
    api,
  }) => {
    // One long walk through a dialog (about 40 steps): on a loaded machine it outlasts the default 45 s.
    test.setTimeout(90_000);
    const name = `SKU 矩阵测试 ${Date.now()}`;
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/product/info');
    const list = new ListPage(page);
    await list.ready('product/info');
    await list.clickAdd();
    const dialog = new EditDialog(page);
    await dialog.ready();
    await dialog.fill('name', name);
    await dialog.pick('categoryId', '实木餐桌');
    await dialog.fill('price', '99');

    // Two specs, their values added from the keyboard (several at once, separated by a comma).
    const specs = dialog.field('specInfo');
    const matrix = dialog.field('skuInfo');
    await expect(matrix).toContainText('先在上方添加规格');
    for (const [spec, values] of [
      ['颜色', '红色,蓝色'],
      ['尺寸', '大'],
    ] as const) {
      await specs.getByRole('button', { name: '添加规格' }).click();
      await specs.getByLabel('规格名').last().fill(spec);
      const valueBox = specs.getByLabel(`「${spec}」的规格值`);
      await valueBox.fill(values);
      await valueBox.press('Enter');
    }
    const small = specs.getByLabel('「尺寸」的规格值');
    await small.fill('小');
    await small.press('Enter');
    await expect(matrix.locator('tbody tr')).toHaveCount(4);
    await expect(matrix).toContainText('4 种组合，0 种在售');

    // Typing into a row offers it: 红色/大 at ¥12.99 with 3 in stock, 蓝色/小 with a price that is no amount.
    await matrix.getByLabel('红色/大 · 价格').fill('12.99');
    await matrix.getByLabel('红色/大 · 库存').fill('3');
    await matrix.getByLabel('蓝色/小 · 价格').fill('12.345');
    await expect(matrix).toContainText('4 种组合，2 种在售');
    await dialog.save();
    const bad = matrix.getByLabel('蓝色/小 · 价格');
    await expect(bad).toHaveAttribute('aria-invalid', 'true');
    const described = await bad.getAttribute('aria-describedby');
    expect(described).toBeTruthy();
    await expect(page.locator(`[id="${described}"]`)).toHaveText('SKU 蓝色/小 · 价格：请输入金额，例如 12.50');
    await expect(dialog.root).toBeVisible();

    await bad.fill('15.5');
    await expect(bad).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.saveAndClose();

    // Stored in cents, in the matrix's order.
    const found = (
      await api.call<{ list: Product[] }>('POST', '/admin/product/info/page', { keyWord: name, page: 1, size: 5 })
    ).data.list;
    expect(found.map((p) => p.skuInfo)).toEqual([
      [
        { specs: { 颜色: '红色', 尺寸: '大' }, price: 1299, stock: 3 },
        { specs: { 颜色: '蓝色', 尺寸: '小' }, price: 1550, stock: 0 },
      ],
    ]);

    // The list: the price range and the total stock; the details: each SKU's price in yuan.
    const row = list.rowWithText(name);
    await expect(row.locator('[data-price-range]')).toHaveText('¥12.99–¥15.50');
    await expect(row.locator('[data-total-stock]')).toHaveText('库存 3');
    await list.view(row);
    const info = page.getByTestId('info-dialog');
    const skus = info.locator('[data-field="skuInfo"]');
    await expect(skus.locator('tbody tr', { hasText: '红色' })).toContainText('¥12.99');
    await expect(skus.locator('tbody tr', { hasText: '蓝色' })).toContainText('¥15.50');
    await expect(info).not.toContainText('1299');
    await page.keyboard.press('Escape');

    // Editing again shows yuan in the cells, never cents.
    await list.edit(list.rowWithText(name));
    await dialog.ready();
    await expect(dialog.field('skuInfo').getByLabel('红色/大 · 价格')).toHaveValue('12.99');
  });
});
