import fs from 'node:fs';
import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

type Row = Record<string, unknown> & { id: number };

const SAMPLE = { name: 'Acme Timber', phone: '13800000000', status: 1, categoryId: 1, logo: '', credit: 1200 };

test.describe('AI-code page', () => {
  test('an admin makes "supplier" from a pasted JSON record, previews it, applies it and adds a supplier on the new screen, with no restart', async ({
    page,
    api,
    watch,
  }) => {
    test.slow();
    // Typing a field name the server refuses is answered by the draft route with a 400 naming the field: expected here.
    watch.allow(/400.*\/admin\/base\/coding\/draft/);
    const categories = await api.call<Row[]>('POST', '/admin/product/category/list', {});
    const category = String(categories.data[0].name);

    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/helper/ai-code');

    // 1. Describe: module, name, menu name, and a sample record.
    await page.locator('#ai-module').fill('shop');
    await page.locator('#ai-name').fill('supplier');
    await page.getByLabel('菜单名称 zh-cn').fill('供应商');
    await page.getByLabel('菜单名称 en').fill('Suppliers');
    await page.getByRole('textbox', { name: '示例 JSON' }).fill(JSON.stringify(SAMPLE));
    await page.getByRole('button', { name: '生成字段' }).click();

    // 2. Review: the fields the record suggests, money and image recognised.
    const table = page.getByTestId('field-table');
    await expect(table.locator('tbody tr[data-field]')).toHaveCount(6);
    await expect(page.getByLabel('类型 (credit)')).toHaveValue('money');
    await expect(page.getByLabel('类型 (logo)')).toHaveValue('image');
    const preview = page.getByTestId('ai-preview');
    await expect(preview).toContainText('Acme Timber');
    await expect(preview).toContainText('¥1,200.00');

    await page.getByLabel('标签 zh-cn (name)').fill('名称');
    await page.getByLabel('标签 en (name)').fill('Name');
    await page.getByLabel('标签 zh-cn (credit)').fill('授信额度');

    // A name the server refuses is shown on its row; fixing it clears the message.
    await page.getByLabel('第 2 个字段的字段名').fill('select');
    await expect(table.locator('[data-issues-of="select"]')).toContainText('SQL keyword');
    await page.getByLabel('第 2 个字段的字段名').fill('phone');
    await expect(table.locator('[role="alert"]')).toHaveCount(0);

    // status takes a new dictionary, made here: it travels with the proposal and nothing is saved before the apply.
    await page.getByLabel('字典 (status)').selectOption({ label: '＋ 新建字典…' });
    const dictDialog = page.getByTestId('new-dict-dialog');
    await expect(dictDialog).toBeVisible();
    await dictDialog.getByPlaceholder('supplierStatus').fill('gender');
    await dictDialog.getByRole('button', { name: '使用' }).click();
    await expect(dictDialog).toContainText('字典 gender 已存在');
    await dictDialog.getByPlaceholder('supplierStatus').fill('supplierStatus');
    await dictDialog.getByRole('button', { name: '使用' }).click();
    await expect(dictDialog).toBeHidden();
    await expect(page.getByLabel('字典 (status)')).toHaveValue('supplierStatus');
    await expect(page.getByLabel('字典 (status)').locator('option:checked')).toHaveText('supplierStatus（新建，2 项）');
    const dictsBefore = await api.call<Record<string, unknown>>('POST', '/admin/dict/info/data', {});
    expect(Object.keys(dictsBefore.data)).not.toContain('supplierStatus');

    // categoryId points at product categories, shown by name.
    await page.getByLabel('关联 (categoryId)').selectOption('product/category');
    await expect(page.getByLabel('显示列 (categoryId)')).toHaveValue('name');
    await page.getByLabel('搜索 (credit)').selectOption('range');
    await page.getByLabel('排序 (credit)').check();

    // 3. Preview: the dictionary's name in the list; a record saved in the preview joins the sample rows only.
    await expect(preview).toContainText('启用');
    await preview.getByRole('button', { name: '新增', exact: true }).click();
    const previewForm = new EditDialog(page);
    await previewForm.ready();
    await previewForm.fill('name', 'Preview Only Co');
    // The preview validates as the real form will: every required field is asked for.
    await previewForm.save();
    await expect(previewForm.errorOf('phone')).toBeVisible();
    await previewForm.fill('phone', '13700000000');
    await previewForm.choose('status', '停用');
    await previewForm.pick('categoryId', category);
    await previewForm.fill('credit', '5');
    await previewForm.saveAndClose();
    await expect(preview).toContainText('Preview Only Co');

    // 4. Place: the form's rules name what is missing before anything is sent.
    await page.locator('#ai-parent').selectOption('product');
    await page.locator('#ai-order').fill('9');
    await page.getByRole('button', { name: '应用', exact: true }).click();
    await expect(page.getByTestId('ai-place').getByRole('alert')).toHaveText('必填');
    await page.locator('#ai-icon').click();
    await page.getByRole('option', { name: 'icon-goods' }).click();
    await expect(page.getByTestId('ai-place').getByRole('alert')).toHaveCount(0);

    // 5. Apply: the new screen opens at its route, in the menu, with no reload of the server.
    await page.getByRole('button', { name: '应用', exact: true }).click();
    await expect(page).toHaveURL(/\/shop\/supplier$/);
    const list = new ListPage(page);
    await list.ready('shop/supplier');
    await expect(shell.sidebar.locator('a[data-menu-path="/shop/supplier"]')).toContainText('供应商');
    await expect(list.header('credit')).toContainText('授信额度');
    // The preview's records were never written.
    expect(await list.totalCount()).toBe(0);

    await list.clickAdd();
    const form = new EditDialog(page);
    await form.ready();
    await form.fill('name', 'Birch & Sons');
    await form.fill('phone', '13900000000');
    await form.choose('status', '启用');
    await form.pick('categoryId', category);
    await form.fill('credit', '88.5');
    await form.saveAndClose();
    const row = list.rowWithText('Birch & Sons');
    await expect(row).toContainText('¥88.50');
    await expect(row).toContainText('启用');
    await expect(row).toContainText(category);

    // The dictionary was created by the apply, named after the field.
    const types = await api.call<Row[]>('POST', '/admin/dict/type/list', {});
    expect(types.data.filter((r) => r.key === 'supplierStatus')).toHaveLength(1);
    const stored = await api.call<{ list: Row[] }>('POST', '/admin/shop/supplier/page', {});
    expect(stored.data.list.map((r) => [r.name, r.credit, r.status])).toEqual([['Birch & Sons', 8850, 1]]);
    // The entity is kept for the next start, and can be evolved from the page.
    const options = await api.call<{ stored: { prefix: string }[] }>('GET', '/admin/base/coding/options');
    expect(options.data.stored.map((s) => s.prefix)).toContain('shop/supplier');
  });
});

test.describe('AI-code page: evolving an entity made here', () => {
  test('a stored entity opens on the form it was made with; a new field is added live and its rows are kept', async ({
    page,
    api,
  }) => {
    test.slow();
    const made = await api.call('POST', '/admin/base/coding/createCode', {
      proposal: {
        module: 'shop',
        name: 'carrier',
        title: { 'zh-cn': '承运商', 'zh-tw': '承運商', en: 'Carriers' },
        fields: [
          { name: 'title', label: { 'zh-cn': '名称', 'zh-tw': '名稱', en: 'Title' }, type: 'string', required: true },
        ],
        menu: { parent: 'order', icon: 'icon-order', orderNum: 5 },
      },
    });
    expect(made.code, JSON.stringify(made)).toBe(1000);
    expect((await api.call('POST', '/admin/shop/carrier/add', { title: 'SF Express' })).code).toBe(1000);

    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/helper/ai-code');
    await page.getByLabel('修改已创建的实体').selectOption('shop/carrier');
    await expect(page.locator('#ai-module')).toHaveValue('shop');
    await expect(page.locator('#ai-module')).toBeDisabled();
    await expect(page.getByLabel('标签 zh-cn (title)')).toHaveValue('名称');
    await expect(page.locator('#ai-parent')).toHaveValue('order');
    // The stored entity downloads as the schema file it would be in the project.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 schema 文件' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('carrier.json');
    const exported = JSON.parse(fs.readFileSync((await file.path())!, 'utf8')) as Record<string, unknown>;
    expect([exported['x-prefix'], Object.keys(exported.properties as object).length > 0]).toEqual([
      'shop/carrier',
      true,
    ]);

    await page.getByRole('button', { name: '+ 添加字段' }).click();
    await page.getByLabel('第 2 个字段的字段名').fill('rating');
    await page.getByLabel('标签 zh-cn (rating)').fill('评分');
    await page.getByLabel('类型 (rating)').selectOption('integer');
    await expect(page.getByTestId('ai-preview')).toContainText('评分');
    await page.getByRole('button', { name: '保存修改' }).click();
    // The change plan comes first: one field added, the record left as it is.
    const plan = page.getByTestId('change-plan-dialog');
    await expect(plan.getByTestId('plan-change-rating')).toContainText('新增 rating');
    await plan.getByRole('button', { name: '应用变更计划' }).click();

    await expect(page).toHaveURL(/\/shop\/carrier$/);
    const list = new ListPage(page);
    await list.ready('shop/carrier');
    await expect(list.header('rating')).toContainText('评分');
    await expect(list.rowWithText('SF Express')).toHaveCount(1);

    // Removing it: the record count is shown and the prefix must be typed; menu and screen go, the record is in the bin.
    await shell.openMenu('/helper/ai-code');
    await page.getByLabel('修改已创建的实体').selectOption('shop/carrier');
    await page.getByRole('button', { name: '删除实体' }).click();
    const dialog = page.getByTestId('remove-entity-dialog');
    await expect(dialog.getByTestId('remove-count')).toContainText('1 条数据');
    const confirm = dialog.getByRole('button', { name: '删除', exact: true });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox').fill('shop/carrier');
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(shell.sidebar.locator('a[data-menu-path="/shop/carrier"]')).toHaveCount(0);
    await expect(page.getByLabel('修改已创建的实体').locator('option[value="shop/carrier"]')).toHaveCount(0);
    const bin = await api.call<{ list: { entityPrefix: string; count: number }[] }>(
      'POST',
      '/admin/recycle/data/page',
      {},
    );
    expect(bin.data.list.some((r) => r.entityPrefix === 'shop/carrier' && Number(r.count) === 1)).toBe(true);
  });
});
