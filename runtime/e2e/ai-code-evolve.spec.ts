import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';

type Row = Record<string, unknown> & { id: number };

test.describe('AI-code page: the change plan of an evolve', () => {
  test('retyping and dropping fields with records shows the plan; an error keeps the edits; the choices apply it', async ({
    page,
    api,
    watch,
  }) => {
    // Many steps against a real server: three times the usual time on a busy machine.
    test.slow();
    // The apply that meets a record added after the plan was read is refused (409): that is the point here.
    watch.allow(/409.*\/admin\/base\/coding\/createCode/);
    const suffix = Date.now().toString(36).slice(-5);
    const name = `gadget${suffix}`;
    const made = await api.call('POST', '/admin/base/coding/createCode', {
      proposal: {
        module: 'evo',
        name,
        title: { 'zh-cn': '小物件', 'zh-tw': '小物件', en: 'Gadgets' },
        fields: [
          { name: 'title', type: 'string', length: 50, required: true },
          { name: 'code', type: 'integer' },
          { name: 'price', type: 'integer' },
          { name: 'note', type: 'string' },
        ],
        menu: { parent: 'product', icon: 'icon-goods', orderNum: 7 },
      },
    });
    expect(made.code, JSON.stringify(made)).toBe(1000);
    for (const row of [
      { title: 'Oak chair', code: 250, price: 250, note: 'keep me' },
      { title: 'Pine table', code: 7, price: 3 },
    ])
      expect((await api.call('POST', `/admin/evo/${name}/add`, row)).code).toBe(1000);

    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/helper/ai-code');
    await page.getByLabel('修改已创建的实体').selectOption(`evo/${name}`);
    await expect(page.getByLabel('类型 (code)')).toHaveValue('integer');

    // The admin's edits: code becomes text of at most 5 characters, price money, note goes.
    await page.getByLabel('类型 (code)').selectOption('string');
    await page.getByLabel('长度 (code)').fill('5');
    await page.getByLabel('类型 (price)').selectOption('money');
    await page
      .getByTestId('field-table')
      .locator('tr[data-field="note"]')
      .getByRole('button', { name: '删除' })
      .click();
    await page.getByRole('button', { name: '保存修改' }).click();

    const plan = page.getByTestId('change-plan-dialog');
    await expect(plan).toContainText('表中有 2 条记录');
    await expect(plan.getByTestId('plan-change-code')).toContainText(
      'code：integer → string(5)。2 个值中 2 个可转换，0 个不能',
    );
    await expect(plan.getByTestId('plan-change-code')).toContainText('#1 250 → “250”');
    await expect(plan.getByTestId('plan-change-note')).toContainText('其 1 个值会被保留');
    const price = plan.getByTestId('plan-change-price');
    await expect(price).toContainText('¥250.00 / ¥2.50');
    const apply = plan.getByRole('button', { name: '应用变更计划' });
    await expect(apply).toBeDisabled();
    await price.getByLabel('按元理解：250 变为 ¥250.00').check();
    await expect(apply).toBeEnabled();

    // Meanwhile a record arrives whose code does not fit 5 characters: the apply is refused, nothing is changed,
    // the plan says why, and every edit of the page is still there.
    expect((await api.call('POST', `/admin/evo/${name}/add`, { title: 'Late', code: 1234567 })).code).toBe(1000);
    await apply.click();
    await expect(plan.getByRole('alert')).toContainText('fields.code');
    await expect(plan.getByRole('alert')).toContainText('#3');
    await plan.getByRole('button', { name: '取消' }).click();
    await expect(plan).toBeHidden();
    await expect(page.getByLabel('类型 (code)')).toHaveValue('string');
    await expect(page.getByLabel('长度 (code)')).toHaveValue('5');
    await expect(page.getByLabel('类型 (price)')).toHaveValue('money');
    await expect(page.getByTestId('field-table').locator('tr[data-field="note"]')).toHaveCount(0);
    const unchanged = await api.call<{ list: Row[] }>('POST', `/admin/evo/${name}/page`, { order: 'id', sort: 'asc' });
    expect(unchanged.data.list.map((r) => [r.code, r.price, r.note])).toEqual([
      [250, 250, 'keep me'],
      [7, 3, null],
      [1234567, null, null],
    ]);

    // Saved again, the plan lists the record that does not fit and asks; converting shortens it, the old value kept.
    await page.getByRole('button', { name: '保存修改' }).click();
    await expect(plan.getByTestId('plan-failing-code')).toContainText('#3 1234567 (longer than 5)');
    await plan.getByTestId('plan-change-code').getByLabel('转换：不符合的值截短或置空，原值保留').check();
    await plan.getByTestId('plan-change-price').getByLabel('按元理解：250 变为 ¥250.00').check();
    await plan.getByRole('button', { name: '应用变更计划' }).click();
    await expect(page).toHaveURL(new RegExp(`/evo/${name}$`));
    // The new screen waits for eps and the menu to be read again.
    await expect(page.getByTestId('entity-screen')).toBeVisible({ timeout: 20_000 });
    const list = new ListPage(page);
    await list.ready(`evo/${name}`);
    await expect(list.rowWithText('Oak chair')).toContainText('¥250.00');
    const after = await api.call<{ list: Row[] }>('POST', `/admin/evo/${name}/page`, { order: 'id', sort: 'asc' });
    expect(after.data.list.map((r) => [r.code, r.price, 'note' in r])).toEqual([
      ['250', 25000, false],
      ['7', 300, false],
      ['12345', null, false],
    ]);
    const kept = await api.call<{ kept: Row[] }>('GET', `/admin/base/coding/kept?prefix=evo/${name}`);
    expect(kept.data.kept.map((k) => [k.field, k.reason, k.rows])).toEqual([
      ['code', 'converted', 1],
      ['note', 'dropped', 1],
    ]);
  });

  test('a new entity with the name of one made here asks: evolve it, or another name', async ({ page, api, watch }) => {
    test.slow();
    watch.allow(/409.*\/admin\/base\/coding\/createCode/);
    const name = `twin${Date.now().toString(36).slice(-5)}`;
    const made = await api.call('POST', '/admin/base/coding/createCode', {
      proposal: {
        module: 'evo',
        name,
        fields: [{ name: 'title', type: 'string' }],
        menu: { parent: 'product', icon: 'icon-goods', orderNum: 1 },
      },
    });
    expect(made.code, JSON.stringify(made)).toBe(1000);
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/helper/ai-code');
    await page.locator('#ai-module').fill('evo');
    await page.locator('#ai-name').fill(name);
    await page.getByLabel('菜单名称 zh-cn').fill('双胞胎');
    await page.getByRole('textbox', { name: '示例 JSON' }).fill('{"title": "A", "weight": 3}');
    await page.getByRole('button', { name: '生成字段' }).click();
    await expect(page.getByLabel('类型 (weight)')).toHaveValue('integer');
    await expect(page.getByTestId('ai-describe')).toContainText('应用时会询问是否演进它');
    await page.locator('#ai-parent').selectOption('product');
    await page.locator('#ai-order').fill('2');
    await page.locator('#ai-icon').click();
    await page.getByRole('option', { name: 'icon-goods' }).click();
    await page.getByRole('button', { name: '应用', exact: true }).click();
    const ask = page.getByTestId('same-name-dialog');
    await expect(ask).toContainText(`evo/${name} 已存在`);
    await ask.getByRole('button', { name: `演进 evo/${name}` }).click();
    const plan = page.getByTestId('change-plan-dialog');
    await expect(plan.getByTestId('plan-change-weight')).toContainText('新增 weight');
    await plan.getByRole('button', { name: '应用变更计划' }).click();
    await expect(page).toHaveURL(new RegExp(`/evo/${name}$`));
  });
});
