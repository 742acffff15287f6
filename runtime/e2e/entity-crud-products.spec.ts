import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';
import { expectInRecycleBin, find, info, type Row } from './entity-records';

test.describe('generic entity screen: add → edit → search → delete → recycle bin', () => {
  // The one walk with the entrances playing (page slide-in, dialog pop-in), as staff without a reduced-motion setting
  // see them: every other spec runs with reduced motion (playwright.config.ts).
  test.use({ reducedMotion: 'no-preference' });
  test('products: relation picker from the category list, spec editor, length cap', async ({ page, api }) => {
    const tag = `e2e${Date.now()}`;
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/product/info');
    const list = new ListPage(page);
    await list.ready('product/info');
    const categories = (await api.call<Row[]>('POST', '/admin/product/category/list', {})).data;
    const bed = categories.find((c) => c.name === '实木床')!;

    await list.clickAdd();
    const form = new EditDialog(page);
    await form.ready();
    // The name is capped at 100 characters by the input itself.
    await form.fill('name', 'x'.repeat(120));
    await expect(form.input('name')).toHaveValue('x'.repeat(100));
    await form.fill('name', `测试床 ${tag}`);
    await form.fill('code', `T-${tag}`);
    await form.pick('categoryId', '实木床');
    await form.fill('price', '1999.9');
    // Specs are edited as names and values (schemas/README.md, "Specs and SKUs"), not as JSON text.
    const specs = form.field('specInfo');
    await specs.getByRole('button', { name: '添加规格' }).click();
    await specs.getByLabel('规格名').fill('尺寸');
    await specs.getByLabel('「尺寸」的规格值').fill('1.8m');
    await specs.getByLabel('「尺寸」的规格值').press('Enter');
    await form.saveAndClose();

    const [added] = await find(api, 'product/info', tag);
    expect(added).toMatchObject({
      name: `测试床 ${tag}`,
      code: `T-${tag}`,
      categoryId: bed.id,
      price: 199990,
      specInfo: [{ name: '尺寸', values: ['1.8m'] }],
    });
    await list.search(tag);
    const row = list.row(added.id);
    await expect(list.cell(row, 'categoryId')).toHaveText('实木床');
    await expect(list.cell(row, 'price')).toHaveText('¥1,999.90');

    await list.edit(row);
    await form.ready();
    await form.pick('categoryId', '定制柜体');
    await form.fill('code', `T2-${tag}`);
    await form.saveAndClose();
    await expect(list.cell(row, 'categoryId')).toHaveText('定制柜体');
    await expect(list.cell(row, 'code')).toHaveText(`T2-${tag}`);
    expect(await info(api, 'product/info', added.id)).toMatchObject({
      categoryId: categories.find((c) => c.name === '定制柜体')!.id,
      code: `T2-${tag}`,
    });

    // The relation filter of the advanced search.
    await list.openAdvanced();
    await list.advancedInput('categoryId').click();
    await page.getByRole('option', { name: '定制柜体', exact: true }).click();
    await list.submitSearch();
    await expect.poll(() => list.rowIds()).toEqual([added.id]);

    await list.deleteRow(row);
    await expect(list.rows).toHaveCount(0);
    expect(await find(api, 'product/info', tag)).toEqual([]);
    await expectInRecycleBin(page, shell, api, 'product/info', tag);
  });
});

test.describe('widgets chosen by another field (x-ui.widgetBy)', () => {
  test('a rich-text param is written in the rich-text editor and previewed as its page; a file param gets the file widget', async ({
    page,
    api,
  }) => {
    const tag = `wb${Date.now()}`;
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/sys/param');
    const list = new ListPage(page);
    await list.ready('base/sys/param');
    await list.clickAdd();
    const form = new EditDialog(page);
    await form.ready();
    await form.fill('name', `页面 ${tag}`);
    await form.fill('keyName', `page_${tag}`);
    // Plain text first: a text area.
    await expect(form.field('data').locator('textarea')).toBeVisible();
    await form.field('dataType').getByRole('radio', { name: '富文本' }).click();
    const editor = form.field('data').getByRole('textbox');
    await expect(editor).toHaveAttribute('contenteditable', 'true');
    await expect(form.field('data').locator('textarea')).toHaveCount(0);
    await editor.click();
    await page.keyboard.type(`Hello ${tag}`);
    await form.saveAndClose();
    const [saved] = await find(api, 'base/sys/param', tag);
    expect(saved).toMatchObject({ dataType: 1 });
    expect(String((await info(api, 'base/sys/param', saved.id))?.data)).toContain(`Hello ${tag}`);

    // The details show the page it makes, in a frame that runs no script.
    await list.search(tag);
    await list.view(list.row(saved.id));
    const preview = page.getByTestId('info-dialog').getByTestId('richtext-preview');
    await expect(preview).toHaveAttribute('sandbox', '');
    await expect(preview.contentFrame().locator('body')).toContainText(`Hello ${tag}`);
    await page.keyboard.press('Escape');

    // A file param: the file widget, not a text box.
    await list.edit(list.row(saved.id));
    await form.ready();
    await form.field('dataType').getByRole('radio', { name: '文件' }).click();
    await expect(form.field('data').locator('textarea, [contenteditable]')).toHaveCount(0);
    // Named by what it shows ("上传", or "更换" while the field holds a value) and then the field (WCAG 2.5.3).
    await expect(form.field('data').getByRole('button', { name: /^(上传|更换) 数据/ })).toBeVisible();
    await page.keyboard.press('Escape');
  });
});
