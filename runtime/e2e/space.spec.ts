import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';

type Row = Record<string, unknown> & { id: number };

test.describe('file space', () => {
  test('a folder is made, a file uploads into it with progress, is previewed, renamed, moved and deleted', async ({
    page,
    api,
  }) => {
    const suffix = Date.now().toString(36);
    const other = await api.call<{ id: number }>('POST', '/admin/space/type/add', { name: `Archive ${suffix}` });
    expect(other.code).toBe(1000);

    const shell = new ShellPage(page);
    await shell.signIn('admin', '123456', '/space/list');
    const screen = page.getByTestId('space-screen');
    await expect(screen).toBeVisible();

    // A new folder, opened.
    await screen.getByRole('button', { name: '+ 新建' }).click();
    const folderDialog = page.getByTestId('folder-dialog');
    await folderDialog.getByRole('textbox').fill(`Fabric ${suffix}`);
    await folderDialog.getByRole('button', { name: '保存' }).click();
    await expect(folderDialog).toBeHidden();
    const folder = screen.getByRole('button', { name: `Fabric ${suffix}`, exact: true });
    await folder.click();
    await expect(folder).toHaveAttribute('aria-pressed', 'true');
    await expect(screen.getByTestId('space-total')).toHaveText('共 0 个文件');

    // Upload on a slow line: its progress shows until it lands in the folder.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 300 * 1024,
    });
    await screen
      .locator('input[type=file]')
      .setInputFiles({ name: 'care-notes.txt', mimeType: 'text/plain', buffer: Buffer.alloc(900_000, 'a') });
    await expect(screen.getByRole('progressbar', { name: 'care-notes.txt' })).toBeVisible();
    await expect(screen.locator('li[data-file="care-notes.txt"]')).toBeVisible({ timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(screen.getByTestId('space-total')).toHaveText('共 1 个文件');
    await expect(screen.locator('li[data-file="care-notes.txt"]')).toContainText('879 KB');

    // Preview: rename it.
    await screen.locator('li[data-file="care-notes.txt"]').getByRole('button').first().click();
    const preview = page.getByTestId('space-preview');
    await expect(preview).toContainText('此类型不能预览');
    await preview.getByLabel('文件名').fill('fabric-care.txt');
    await preview.getByRole('button', { name: '保存' }).click();
    await expect(preview).toBeHidden();
    await expect(screen.locator('li[data-file="fabric-care.txt"]')).toBeVisible();

    // Move it to the other folder from the list view of all files.
    await screen.getByRole('button', { name: '全部文件', exact: true }).click();
    await screen.getByRole('button', { name: '列表' }).click();
    const row = screen.getByTestId('space-table').locator('tr[data-file="fabric-care.txt"]');
    await expect(row).toContainText(`Fabric ${suffix}`);
    await row.getByRole('checkbox').check();
    await screen.getByLabel('移动到').selectOption(String(other.data.id));
    await expect(row).toContainText(`Archive ${suffix}`);

    // Delete it, after a confirmation that says no record uses it.
    await row.getByRole('checkbox').check();
    await screen.getByRole('button', { name: '删除 (1)' }).click();
    await expect(page.getByTestId('space-refs')).toHaveText('没有数据用到这些文件。');
    await page.getByTestId('space-confirm').getByRole('button', { name: '删除' }).click();
    await expect(row).toHaveCount(0);
    const left = await api.call<{ list: Row[] }>('POST', '/admin/space/info/page', { keyWord: 'fabric-care' });
    expect(left.data.list).toEqual([]);

    // A picture a product uses: the confirmation lists the product before anything is deleted.
    const pictures = await api.call<{ list: Row[] }>('POST', '/admin/space/info/page', { type: 'image', size: 1 });
    const picture = pictures.data.list[0];
    const categories = await api.call<Row[]>('POST', '/admin/product/category/list', {});
    const product = await api.call<{ id: number }>('POST', '/admin/product/info/add', {
      name: `Uses picture ${suffix}`,
      price: 100,
      categoryId: categories.data[0].id,
      pic: picture.url,
    });
    await page.reload();
    await screen.getByRole('button', { name: '列表' }).click();
    const used = screen
      .getByTestId('space-table')
      .locator(`tr[data-file="${String(picture.name)}"]`)
      .first();
    await used.getByRole('checkbox').check();
    await screen.getByRole('button', { name: '删除 (1)' }).click();
    await expect(page.getByTestId('space-refs')).toContainText(`商品列表 1 条 (#${product.data.id})`);
    await page.getByTestId('space-confirm').getByRole('button', { name: '返回' }).click();
  });
});
