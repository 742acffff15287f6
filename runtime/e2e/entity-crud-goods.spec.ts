import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';
import { expectInRecycleBin, find, info, type PageReply } from './entity-records';

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
});
