import fs from 'node:fs';
import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';

type Row = Record<string, unknown> & { id: number };

test.describe('import and export from a list', () => {
  test('an import dry run shows its errors by row and column and imports nothing; a clean file imports; the search exports as CSV', async ({
    page,
    api,
  }) => {
    const categories = await api.call<Row[]>('POST', '/admin/product/category/list', {});
    const category = String(categories.data[0].name);
    const suffix = Date.now().toString(36);

    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/product/info');
    const list = new ListPage(page);
    await list.ready('product/info');

    await page.getByRole('button', { name: '导入', exact: true }).click();
    const dialog = page.getByTestId('import-dialog');
    await expect(dialog).toBeVisible();
    const bad = [
      '商品名称,分类,价格,上架状态',
      `Crate ${suffix} A,${category},12.5,已上架`,
      `Crate ${suffix} B,${category},cheap,已上架`,
      `Crate ${suffix} C,Nowhere,3,已上架`,
    ].join('\n');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'crates.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    const report = dialog.getByTestId('import-report');
    await expect(report).toContainText('共 3 行：新增 1，修改 0，错误 2');
    const errors = dialog.getByTestId('import-errors').locator('tbody tr');
    await expect(errors).toHaveCount(2);
    await expect(errors.nth(0)).toContainText('3价格“cheap”不是以元为单位的金额');
    await expect(errors.nth(1)).toContainText('4分类');
    await expect(dialog.getByRole('button', { name: /^导入（/ })).toBeDisabled();
    const none = await api.call<{ list: Row[] }>('POST', '/admin/product/info/page', { keyWord: `Crate ${suffix}` });
    expect(none.data.list).toEqual([]);

    // The fixed file: checked, then imported; the list shows the rows.
    const good = bad
      .split('\n')
      .filter((_, i) => i !== 3)
      .join('\n')
      .replace('cheap', '99');
    await dialog.getByRole('button', { name: '换一个文件' }).click();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'crates.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await expect(report).toContainText('共 2 行：新增 2，修改 0，错误 0');
    await dialog.getByRole('button', { name: '导入（新增 2，修改 0）' }).click();
    await expect(dialog).toBeHidden();
    await list.search(`Crate ${suffix}`);
    await expect(list.rows).toHaveCount(2);
    await expect(list.rowWithText(`Crate ${suffix} B`)).toContainText('¥99.00');

    // Export what the search shows.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出', exact: true }).click();
    await page.getByRole('menuitem', { name: '导出 CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const text = fs.readFileSync((await file.path())!, 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('商品名称');
    expect(lines.slice(1).join('\n')).toContain(`Crate ${suffix} B`);
  });
});
