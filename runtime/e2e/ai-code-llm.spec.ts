import { test, expect } from './fixtures';
import { llmPort } from './global-setup';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';
import { fakeLlm, type FakeAnswer, type FakeLlmRequest } from '../../server/test/support/fake-llm';

const label = (zhCn: string, en: string) => ({ 'zh-cn': zhCn, 'zh-tw': zhCn, en });

/**
 * The fake model listens where the e2e server was told its model is (global-setup.ts). It answers by the sentence: one
 * naming field names no database may have gets a hostile draft, any other a warehouse's fields in a fenced JSON block,
 * as chat models write them.
 */
const answers = ({ sentence }: FakeLlmRequest): FakeAnswer => {
  if (sentence.includes('drop table'))
    return {
      content: JSON.stringify({
        fields: [
          { name: 'title', type: 'string' },
          { name: 'x; drop table base_sys_user; --', type: 'string' },
        ],
      }),
    };
  return {
    content: `Here are the fields:\n\`\`\`json\n${JSON.stringify({
      fields: [
        {
          name: 'title',
          label: label('仓库名称', 'Warehouse'),
          type: 'string',
          required: true,
          length: 60,
          search: 'keyword',
        },
        { name: 'city', label: label('城市', 'City'), type: 'string', length: 40, search: 'eq' },
        { name: 'capacity', label: label('容量', 'Capacity'), type: 'integer' },
        { name: 'rent', label: label('月租金', 'Monthly rent'), type: 'money', search: 'range' },
      ],
    })}\n\`\`\``,
  };
};

test.describe('AI-code page with a language model', () => {
  const llm = fakeLlm(answers);
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook takes from its first parameter
  test.beforeAll(async ({}, testInfo) => {
    await new Promise<void>((resolve, reject) => {
      llm.server.once('error', reject);
      llm.server.listen(llmPort(testInfo.parallelIndex), '127.0.0.1', resolve);
    });
  });
  test.afterAll(async () => {
    llm.server.closeAllConnections();
    await new Promise((resolve) => llm.server.close(resolve));
  });

  test('an admin describes "warehouse" in a sentence, reviews the drafted fields, applies and uses the new screen; a hostile draft is refused and changes nothing', async ({
    page,
    api,
    watch,
  }) => {
    // The hostile draft is answered with a 400 naming the fields: expected here.
    watch.allow(/400.*\/admin\/base\/coding\/draft/);
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/helper/ai-code');

    await page.locator('#ai-module').fill('shop');
    await page.locator('#ai-name').fill('warehouse');
    await page.getByLabel('菜单名称 zh-cn').fill('仓库');
    await page.getByLabel('菜单名称 en').fill('Warehouses');
    const sentenceTab = page.getByRole('tab', { name: '一句话' });
    await expect(sentenceTab).toBeEnabled();
    await sentenceTab.click();
    const sentence = page.getByRole('textbox', { name: '一句话' });

    // A model answering with a field name no database may hold: refused with the reason, no field drafted.
    await sentence.fill('Warehouses; x; drop table base_sys_user');
    await page.getByRole('button', { name: '生成字段' }).click();
    await expect(
      page.locator('[data-kind="error"]').filter({ hasText: 'must be a camelCase name' }).first(),
    ).toBeVisible();
    await expect(page.getByTestId('ai-fields')).toContainText('还没有字段');
    await expect(page.getByTestId('field-table')).toHaveCount(0);

    // A good draft: the field table the model proposed, labels in three languages, money recognised.
    await sentence.fill('Warehouses with a name, the city they are in, a capacity and the monthly rent in yuan');
    await page.getByRole('button', { name: '生成字段' }).click();
    const table = page.getByTestId('field-table');
    await expect(table.locator('tbody tr[data-field]')).toHaveCount(4);
    await expect(page.getByLabel('标签 zh-cn (title)')).toHaveValue('仓库名称');
    await expect(page.getByLabel('标签 en (rent)')).toHaveValue('Monthly rent');
    await expect(page.getByLabel('类型 (rent)')).toHaveValue('money');
    await expect(page.getByLabel('类型 (capacity)')).toHaveValue('integer');
    await expect(page.getByLabel('搜索 (city)')).toHaveValue('eq');
    // The admin edits the draft before applying it: capacity becomes required.
    await page.getByLabel('必填 (capacity)').check();

    // The sentence reached the model with the configured key and model; nothing else was sent to it.
    expect(llm.seen.map((s) => [s.url, s.authorization, s.model])).toEqual([
      ['/v1/chat/completions', 'Bearer e2e-key', 'e2e-model'],
      ['/v1/chat/completions', 'Bearer e2e-key', 'e2e-model'],
    ]);
    expect(llm.seen[1].sentence).toContain('monthly rent in yuan');

    // The preview is the real list with the drafted columns.
    await expect(page.getByTestId('ai-preview')).toContainText('月租金');

    await page.locator('#ai-parent').selectOption('product');
    await page.locator('#ai-order').fill('8');
    await page.locator('#ai-icon').click();
    await page.getByRole('option', { name: 'icon-goods' }).click();
    await page.getByRole('button', { name: '应用', exact: true }).click();

    await expect(page).toHaveURL(/\/shop\/warehouse$/);
    const list = new ListPage(page);
    await list.ready('shop/warehouse');
    await expect(shell.sidebar.locator('a[data-menu-path="/shop/warehouse"]')).toContainText('仓库');
    await expect(list.header('rent')).toContainText('月租金');

    await list.clickAdd();
    const form = new EditDialog(page);
    await form.ready();
    await form.fill('title', 'East Dock');
    await form.fill('city', 'Ningbo');
    await form.save();
    // The edit made on the field table holds: capacity is asked for.
    await expect(form.errorOf('capacity')).toBeVisible();
    await form.fill('capacity', '1200');
    await form.fill('rent', '35000.5');
    await form.saveAndClose();
    const row = list.rowWithText('East Dock');
    await expect(row).toContainText('¥35,000.50');
    await expect(row).toContainText('Ningbo');

    const stored = await api.call<{ list: Record<string, unknown>[] }>('POST', '/admin/shop/warehouse/page', {});
    expect(stored.data.list.map((r) => [r.title, r.city, r.capacity, r.rent])).toEqual([
      ['East Dock', 'Ningbo', 1200, 3500050],
    ]);
  });
});
