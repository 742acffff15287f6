import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';

const label = (zh: string, en: string) => ({ 'zh-cn': zh, 'zh-tw': zh, en });

test.describe('range search by the field kind', () => {
  test('an integer and a money field search from–to numbers (money in yuan), not dates', async ({ page, api }) => {
    // Many steps against a real server: three times the usual time on a busy machine.
    test.slow();
    const name = `maker${Date.now().toString(36).slice(-5)}`;
    const made = await api.call('POST', '/admin/base/coding/createCode', {
      proposal: {
        module: 'shop',
        name,
        title: label('厂商', 'Makers'),
        fields: [
          { name: 'title', label: label('名称', 'Name'), type: 'string', search: 'keyword' },
          { name: 'founded', label: label('成立年份', 'Founded'), type: 'integer', search: 'range' },
          { name: 'credit', label: label('授信额度', 'Credit'), type: 'money', search: 'range' },
        ],
        menu: { parent: 'product', icon: 'icon-goods', orderNum: 8 },
      },
    });
    expect(made.code, JSON.stringify(made)).toBe(1000);
    for (const row of [
      { title: 'Old Oak', founded: 1990, credit: 5000 },
      { title: 'Birch & Sons', founded: 2005, credit: 8850 },
    ])
      expect((await api.call('POST', `/admin/shop/${name}/add`, row)).code).toBe(1000);

    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu(`/shop/${name}`);
    const list = new ListPage(page);
    await list.ready(`shop/${name}`);
    await expect.poll(() => list.totalCount()).toBe(2);
    await list.openAdvanced();

    // Whole numbers for the year (it showed date pickers and the server refused "founded.0: must be a whole number").
    const foundedFrom = list.advancedInput('founded');
    await expect(foundedFrom).toHaveAttribute('inputmode', 'numeric');
    await foundedFrom.fill('2000');
    await list.submitSearch();
    await expect.poll(() => list.totalCount()).toBe(1);
    await expect(list.rowWithText('Birch & Sons')).toBeVisible();
    // A year that is no number is marked and not searched (it was dropped, and every row shown).
    await foundedFrom.fill('20x0');
    await expect(foundedFrom).toHaveAttribute('aria-invalid', 'true');
    await list.submitSearch();
    await expect(foundedFrom).toBeFocused();
    // The search in the address is still the last one that ran (from 2000).
    expect(decodeURIComponent(page.url())).toContain('2000');
    expect(await list.totalCount()).toBe(1);
    await list.reset();
    await expect.poll(() => list.totalCount()).toBe(2);

    // Yuan for money, sent as cents: ¥88.50 is within 80–88.5 and not from 88.51.
    const creditFrom = list.advancedInput('credit');
    const creditTo = list.advanced.getByLabel('授信额度 结束');
    await expect(creditFrom).toHaveAttribute('inputmode', 'decimal');
    await creditFrom.fill('80');
    await creditTo.fill('88.5');
    await list.submitSearch();
    await expect.poll(() => list.totalCount()).toBe(1);
    await expect(list.rowWithText('Birch & Sons')).toContainText('¥88.50');
    await creditFrom.fill('88.51');
    await creditTo.fill('');
    await list.submitSearch();
    await expect.poll(() => list.totalCount()).toBe(0);
  });
});
