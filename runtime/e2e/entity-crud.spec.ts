import { test, expect, type AdminApi } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

type Row = Record<string, unknown> & { id: number };
type PageReply = { list: Row[]; pagination: { total: number } };

/** The server's rows matching a keyword: what the database holds, independent of the screen. */
async function find(api: AdminApi, prefix: string, keyWord: string): Promise<Row[]> {
  const reply = await api.call<PageReply>('POST', `/admin/${prefix}/page`, { page: 1, size: 50, keyWord });
  expect(reply.code).toBe(1000);
  return reply.data.list;
}

async function info(api: AdminApi, prefix: string, id: number): Promise<Row | undefined> {
  return (await api.call<Row | undefined>('GET', `/admin/${prefix}/info`, { id })).data;
}

/** The recycle bin holds a record deleted from that entity whose saved rows contain the text. */
/** Finds the deleted row's recycle record through the API and on the recycle bin screen; returns the record's id. */
async function expectInRecycleBin(
  page: import('@playwright/test').Page,
  shell: ShellPage,
  api: AdminApi,
  prefix: string,
  text: string,
): Promise<number> {
  const records = (
    await api.call<PageReply>('POST', '/admin/recycle/data/page', {
      page: 1,
      size: 50,
      keyWord: `/admin/${prefix}/delete`,
    })
  ).data.list;
  const record = records.find((r) => JSON.stringify(r.data).includes(text));
  expect(record, `a recycle record of ${prefix} holding ${text}`).toBeTruthy();

  // And the user finds it on the recycle bin screen, with the deleted data in its details.
  await shell.openMenu('/recycle/data');
  const bin = new ListPage(page);
  await bin.ready('recycle/data');
  await bin.search(`/admin/${prefix}/delete`);
  const row = bin.row(record!.id);
  await expect(row).toBeVisible();
  await expect(bin.cell(row, 'url')).toContainText(`/admin/${prefix}/delete`);
  await bin.view(row);
  const details = page.getByTestId('info-dialog');
  await expect(details).toContainText(text);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  return record!.id;
}

test.describe('generic entity screen: add → edit → search → delete → recycle bin', () => {
  test('demo goods: money in yuan, dictionary select, switch; URL state kept after editing', async ({ page, api }) => {
    const tag = `e2e${Date.now()}`;
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/demo/crud');
    const list = new ListPage(page);
    await list.ready('demo/goods');

    await list.clickAdd();
    const form = new EditDialog(page);
    await form.ready();
    await form.fill('title', `胡桃木书桌 ${tag}`);
    await form.fill('price', '12.34');
    await form.choose('type', '桌椅');
    await form.fill('stock', '7');
    await form.fill('description', `desc ${tag}`);
    await form.setSwitch('status', true);
    await form.saveAndClose();

    // The database holds cents and the dictionary value; the table shows yuan and the dictionary's name.
    const [added] = await find(api, 'demo/goods', tag);
    expect(added).toMatchObject({
      title: `胡桃木书桌 ${tag}`,
      price: 1234,
      type: 0,
      stock: 7,
      status: 1,
      description: `desc ${tag}`,
    });
    await list.search(tag);
    await expect.poll(() => list.rowIds()).toEqual([added.id]);
    await expect(page).toHaveURL(new RegExp(`[?&]kw=${tag}`));
    const row = list.row(added.id);
    await expect(list.cell(row, 'price')).toHaveText('¥12.34');
    await expect(list.cell(row, 'type')).toHaveText('桌椅');
    await expect(list.cell(row, 'status')).toHaveText('启用');

    // Edit: the dialog opens with the stored values; the search stays in the URL and on screen afterwards.
    await list.edit(row);
    await form.ready();
    await expect(form.input('price')).toHaveValue('12.34');
    await form.fill('price', '99.5');
    await form.choose('type', '灯饰');
    await form.saveAndClose();
    await expect(list.cell(row, 'price')).toHaveText('¥99.50');
    await expect(list.cell(row, 'type')).toHaveText('灯饰');
    expect(await info(api, 'demo/goods', added.id)).toMatchObject({ price: 9950, type: 3 });
    await expect(page).toHaveURL(new RegExp(`[?&]kw=${tag}`));
    await expect(list.keyword).toHaveValue(tag);
    await expect.poll(() => list.rowIds()).toEqual([added.id]);

    // Advanced search: the title (like) and type (dictionary select) filters.
    await list.reset();
    await list.openAdvanced();
    await list.advancedInput('title').fill(tag);
    await list.advancedInput('type').selectOption({ label: '灯饰' });
    await list.submitSearch();
    await expect.poll(() => list.rowIds()).toEqual([added.id]);
    await list.advancedInput('type').selectOption({ label: '桌椅' });
    await list.submitSearch();
    await expect(list.rows).toHaveCount(0);
    await list.reset();

    // Delete through row selection and the toolbar's multi-delete.
    await list.search(tag);
    await list.select(list.row(added.id));
    await list.deleteSelected();
    await expect(list.rows).toHaveCount(0);
    expect(await find(api, 'demo/goods', tag)).toEqual([]);
    await expectInRecycleBin(page, shell, api, 'demo/goods', tag);
  });

  test('params: radio from dictionary, server validation error shown on its field', async ({ page, api, watch }) => {
    const tag = `e2e${Date.now()}`;
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/sys/param');
    const list = new ListPage(page);
    await list.ready('base/sys/param');
    const before = (await api.call<PageReply>('POST', '/admin/base/sys/param/page', { page: 1, size: 1 })).data
      .pagination.total;

    // keyName is unique: "text" is taken by the seed. Only the server knows; its answer lands on the field.
    watch.allow(/409 POST .*\/admin\/base\/sys\/param\/add/, /status of 409/);
    await list.clickAdd();
    const form = new EditDialog(page);
    await form.ready();
    await form.fill('name', `参数 ${tag}`);
    await form.fill('keyName', 'text');
    await form.field('dataType').getByRole('radio', { name: '字符串' }).click();
    await form.save();
    await expect(form.errorOf('keyName')).toHaveText('该值已被其他记录使用');
    await expect(form.root).toBeVisible();
    expect(
      (await api.call<PageReply>('POST', '/admin/base/sys/param/page', { page: 1, size: 1 })).data.pagination.total,
    ).toBe(before);

    // Changing the field clears the complaint; the save goes through.
    await form.fill('keyName', `k_${tag}`);
    await expect(form.errorOf('keyName')).toHaveCount(0);
    await form.fill('data', 'hello');
    await form.saveAndClose();
    const [added] = await find(api, 'base/sys/param', tag);
    expect(added).toMatchObject({ name: `参数 ${tag}`, keyName: `k_${tag}`, dataType: 0, data: 'hello' });

    // Client-side rules (required) are shown before any call.
    await list.search(tag);
    await list.edit(list.row(added.id));
    await form.ready();
    await form.fill('name', '');
    await form.save();
    await expect(form.errorOf('name')).toHaveText('必填');
    await form.fill('name', `参数改 ${tag}`);
    await form.field('dataType').getByRole('radio', { name: '富文本' }).click();
    await form.saveAndClose();
    await expect(list.cell(list.row(added.id), 'name')).toHaveText(`参数改 ${tag}`);
    expect(await info(api, 'base/sys/param', added.id)).toMatchObject({ name: `参数改 ${tag}`, dataType: 1 });

    // Opened again at once, the dialog shows what was just saved, not the copy read when it was opened before.
    await list.edit(list.row(added.id));
    await form.ready();
    await expect(form.input('name')).toHaveValue(`参数改 ${tag}`);
    await page.keyboard.press('Escape');
    await expect(form.root).toBeHidden();

    await list.deleteRow(list.row(added.id));
    await expect(list.rows).toHaveCount(0);
    expect(await find(api, 'base/sys/param', tag)).toEqual([]);
    const recordId = await expectInRecycleBin(page, shell, api, 'base/sys/param', tag);

    // Restored from the recycle bin screen: the record leaves the bin and the param is back with the same id.
    const bin = new ListPage(page);
    await bin.row(recordId).getByRole('button', { name: '恢复' }).click();
    await expect(page.getByText('已恢复 · 1 条记录')).toBeVisible();
    await expect(bin.row(recordId)).toHaveCount(0);
    expect(await info(api, 'base/sys/param', added.id)).toMatchObject({
      id: added.id,
      name: `参数改 ${tag}`,
      keyName: `k_${tag}`,
    });
  });

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
