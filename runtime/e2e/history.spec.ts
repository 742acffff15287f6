import fs from 'node:fs';
import { test, expect, type AdminApi } from './fixtures';
import type { Page } from '@playwright/test';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';
import { audit } from './axe-audit';

type Row = Record<string, unknown> & { id: number };

/** A goods record whose description (the keyword field) holds the tag. */
async function addGoods(api: AdminApi, title: string, tag: string): Promise<number> {
  const r = await api.call<{ id: number }>('POST', '/admin/demo/goods/add', {
    title,
    description: tag,
    price: 1000,
    type: 0,
    stock: 3,
  });
  expect(r.code).toBe(1000);
  return r.data.id;
}

const info = async (api: AdminApi, id: number) => (await api.call<Row>('GET', '/admin/demo/goods/info', { id })).data;

/** Opens the goods list filtered to one record and its edit dialog. */
async function openEdit(page: Page, tag: string, id: number): Promise<EditDialog> {
  const list = new ListPage(page);
  await list.ready('demo/goods');
  await list.search(tag);
  await list.edit(list.row(id));
  const form = new EditDialog(page);
  await form.ready();
  return form;
}

test.describe('field history and the lost-update check (issue 31)', () => {
  test('two tabs edit one record: the later save sees both values and saves the merge; the History tab shows it and puts a value back', async ({
    page,
    api,
    watch,
  }) => {
    // Two tabs, a merge, a revert, a search, an export and an axe audit: a long walk on a loaded machine.
    test.setTimeout(120_000);
    watch.allow(/409 POST .*\/admin\/demo\/goods\/update/, /status of 409 .*\/admin\/demo\/goods\/update/);
    const tag = `hist${Date.now()}`;
    const id = await addGoods(api, 'Oak chair', tag);
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/demo/crud');
    const first = await openEdit(page, tag, id);

    // A second tab opens the same record and saves a new price and stock.
    const other = await page.context().newPage();
    await other.goto('/demo/crud');
    const second = await openEdit(other, tag, id);
    await second.fill('price', '15.00');
    await second.fill('stock', '8');
    await second.saveAndClose();
    await other.close();

    // The first tab, still at revision 1, changes the price too, and the title.
    await first.fill('price', '12.00');
    await first.fill('title', 'Oak chair v2');
    await first.save();
    const panel = first.root.getByTestId('conflict-panel');
    await expect(panel).toBeVisible();
    const price = panel.locator('[data-testid="conflict-field"][data-field="price"]');
    await expect(price).toContainText('¥15.00');
    await expect(price).toContainText('¥12.00');
    // The stock only they changed is taken into the form.
    await expect(panel.locator('[data-testid="conflict-adopted"][data-field="stock"]')).toBeVisible();
    await expect(first.input('stock')).toHaveValue('8');
    // Take theirs for the price, keep the new title: saved against the new revision.
    await price.getByTestId('conflict-take-theirs').click();
    await expect(first.input('price')).toHaveValue('15.00');
    await first.saveAndClose();
    expect(await info(api, id)).toMatchObject({ price: 1500, stock: 8, title: 'Oak chair v2', revision: 3 });

    // The timeline: newest first, fields by label, money in yuan, the dictionary by its name.
    const form = await openEdit(page, tag, id);
    await form.root.getByTestId('edit-tab-history').click();
    const entries = form.root.getByTestId('history-entry');
    await expect(entries).toHaveCount(3);
    await expect(entries.first()).toHaveAttribute('data-version', '3');
    await expect(entries.first().locator('[data-change-field="title"]')).toContainText('Oak chair v2');
    const theirs = entries.nth(1);
    await expect(theirs.locator('[data-change-field="price"]')).toContainText('¥10.00');
    await expect(theirs.locator('[data-change-field="price"]')).toContainText('¥15.00');
    await expect(entries.last().locator('[data-change-field="type"]')).toContainText('桌椅');

    // Put the price of revision 1 back: a new revision, recorded as a revert; the rest stays.
    await entries.last().locator('[data-change-field="price"]').getByTestId('history-revert-field').click();
    await expect(entries).toHaveCount(4);
    await expect(entries.first()).toHaveAttribute('data-version', '4');
    expect(await info(api, id)).toMatchObject({ price: 1000, stock: 8, title: 'Oak chair v2', revision: 4 });
    await form.root.getByTestId('edit-tab-form').click();
    await expect(form.input('price')).toHaveValue('10.00');
    await page.keyboard.press('Escape');
    await expect(form.root).toBeHidden();

    // The entity's history searched by who and by field: every price change the admin made, this record's first.
    await page.getByTestId('entity-history-button').click();
    const all = page.getByTestId('entity-history');
    await all.getByTestId('history-user').selectOption({ label: '超级管理员' });
    await all.getByTestId('history-field').selectOption('price');
    await expect(all.getByTestId('history-entry').first()).toContainText(`#${id}`);
    await expect(all.getByTestId('history-entry').first().locator('[data-change-field="price"]')).toContainText(
      '¥10.00',
    );
    // No serious or critical axe violation in the searched dialog (its filters are labelled controls).
    expect(await audit(page, 'entity history', { within: '[data-testid="entity-history"]' })).toEqual([]);
    // Exported as searched: one line per price change, in yuan, the revert first.
    const download = page.waitForEvent('download');
    await all.getByRole('button', { name: '导出', exact: true }).click();
    await all.getByRole('menuitem', { name: '导出 CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const lines = fs
      .readFileSync((await file.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('时间,用户,操作,记录,版本,字段,原值,新值,请求地址');
    expect(lines.slice(1).every((l) => l.includes(',价格,'))).toBe(true);
    expect(lines[1]).toContain(`,超级管理员,还原,${id},4,价格,15,10,`);
  });

  test("the change-history screen lists every entity's writes and sets the days they are kept", async ({
    page,
    api,
  }) => {
    const tag = `keep${Date.now()}`;
    await addGoods(api, 'Kept stool', tag);
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/sys/history');
    const list = new ListPage(page);
    await list.ready('base/sys/history');
    expect(await list.totalCount()).toBeGreaterThan(0);
    expect(await audit(page, '/sys/history')).toEqual([]);

    const days = page.locator('#history-keep-days');
    const kept = (await api.call<string>('GET', '/admin/base/sys/history/getKeep')).data;
    await expect(days).toHaveValue(kept);
    await days.fill('0');
    await expect(days).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('history-keep').getByRole('button', { name: '保存' })).toBeDisabled();
    await days.fill('90');
    await page.getByTestId('history-keep').getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('变更历史保留 90 天')).toBeVisible();
    expect((await api.call<string>('GET', '/admin/base/sys/history/getKeep')).data).toBe('90');
    await page.reload();
    await list.ready('base/sys/history');
    await expect(page.locator('#history-keep-days')).toHaveValue('90');
    expect((await api.call('POST', '/admin/base/sys/history/setKeep', { value: Number(kept) })).code).toBe(1000);
  });
});
