import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

test.describe('image fields: a pasted link', () => {
  test('Enter or 添加 in "粘贴链接" adds the picture and keeps the dialog (the page is not reloaded to "?")', async ({
    page,
    watch,
  }) => {
    // The links name pictures on no server: the browser's failed loads of their thumbnails are expected.
    watch.allow(/example\.com\/lamp/);
    // Many steps against a real server: three times the usual time on a busy machine.
    test.slow();
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/product/info');
    const list = new ListPage(page);
    await list.ready('product/info');
    const before = page.url();
    await list.clickAdd();
    const form = new EditDialog(page);
    await form.ready();
    await form.fill('name', 'Linked lamp');

    const main = form.field('pic');
    await main.getByRole('button', { name: '粘贴链接' }).click();
    await main.getByRole('textbox', { name: /粘贴链接/ }).fill('https://example.com/lamp.png');
    await main.getByRole('textbox', { name: /粘贴链接/ }).press('Enter');
    await expect(main.locator('li[data-url="https://example.com/lamp.png"]')).toHaveCount(1);

    const gallery = form.field('pics');
    await gallery.getByRole('button', { name: '粘贴链接' }).click();
    await gallery.getByRole('textbox', { name: /粘贴链接/ }).fill('https://example.com/lamp-2.png');
    await gallery.getByRole('button', { name: '添加', exact: true }).click();
    await expect(gallery.locator('li[data-url="https://example.com/lamp-2.png"]')).toHaveCount(1);

    // The dialog is still open with what was typed, and the page did not navigate.
    await expect(form.input('name')).toHaveValue('Linked lamp');
    expect(page.url()).toBe(before);
  });
});
