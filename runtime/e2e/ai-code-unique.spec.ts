import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';

type Row = Record<string, unknown> & { id: number };

test.describe('AI-code page: a field becoming unique', () => {
  test('the plan lists the records that repeat a value and cannot be applied until they differ; nothing is lost', async ({
    page,
    api,
    watch,
  }) => {
    // Many steps against a real server: three times the usual time on a busy machine.
    test.slow();
    // The same-name apply is refused (409) so that the page asks: that is part of the journey.
    watch.allow(/409.*\/admin\/base\/coding\/createCode/);
    const name = `depot${Date.now().toString(36).slice(-5)}`;
    const made = await api.call('POST', '/admin/base/coding/createCode', {
      proposal: {
        module: 'evo',
        name,
        title: { 'zh-cn': '仓库', 'zh-tw': '倉庫', en: 'Depots' },
        fields: [{ name: 'code', label: '编码', type: 'string', length: 20, required: true }],
        menu: { parent: 'product', icon: 'icon-goods', orderNum: 9 },
      },
    });
    expect(made.code, JSON.stringify(made)).toBe(1000);
    for (const code of ['A1', 'A1', 'B2'])
      expect((await api.call('POST', `/admin/evo/${name}/add`, { code })).code).toBe(1000);

    // The admin pastes the original's entity class, whose code has a unique index, under the same name.
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/helper/ai-code');
    await page.locator('#ai-module').fill('evo');
    await page.locator('#ai-name').fill(name);
    await page.getByLabel('菜单名称 zh-cn').fill('仓库');
    await page.getByRole('tab', { name: 'cool-admin 实体' }).click();
    await page
      .getByRole('textbox', { name: 'cool-admin 实体' })
      .fill(
        `@Entity('evo_depot')\nexport class EvoDepotEntity extends BaseEntity {\n  @Index({ unique: true })\n  @Column({ comment: '编码', length: 20 })\n  code: string;\n}`,
      );
    await page.getByRole('button', { name: '生成字段' }).click();
    await expect(page.getByLabel('类型 (code)')).toHaveValue('string');
    await page.locator('#ai-parent').selectOption('product');
    await page.locator('#ai-order').fill('3');
    await page.locator('#ai-icon').click();
    await page.getByRole('option', { name: 'icon-goods' }).click();
    await page.getByRole('button', { name: '应用', exact: true }).click();
    await page
      .getByTestId('same-name-dialog')
      .getByRole('button', { name: `演进 evo/${name}` })
      .click();

    const plan = page.getByTestId('change-plan-dialog');
    await expect(plan).toContainText('表中有 3 条记录');
    await expect(plan.getByTestId('plan-unique-code')).toContainText('code 改为唯一：3 个值中 1 个与其他记录重复');
    await expect(plan.getByTestId('plan-failing-code')).toContainText('#2 “A1” (same as #1)');
    await expect(plan).toContainText('有重复的值：请先修改标出的记录，再应用变更计划。');
    await expect(plan.getByRole('button', { name: '应用变更计划' })).toBeDisabled();
    await plan.getByRole('button', { name: '取消' }).click();
    await expect(plan).toBeHidden();
    // The page keeps the drafted fields; the records are as they were.
    await expect(page.getByLabel('类型 (code)')).toHaveValue('string');
    const rows = await api.call<{ list: Row[] }>('POST', `/admin/evo/${name}/page`, { order: 'id', sort: 'asc' });
    expect(rows.data.list.map((r) => r.code)).toEqual(['A1', 'A1', 'B2']);
  });
});
