import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { parentsOf, treeRows } from '../engine/tree-rows';
import { EditDialog } from './pages/edit-dialog';

type Row = Record<string, unknown> & { id: number };
type PageReply = { list: Row[]; pagination: { total: number } };

test.describe('generic entity list', () => {
  test('server-side sorting and pagination follow the URL', async ({ page, api }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/dict/list');
    const list = new ListPage(page);
    await list.ready('dict/info');

    const server = async (body: Record<string, unknown>) =>
      (await api.call<PageReply>('POST', '/admin/dict/info/page', body)).data;
    const first = await server({ page: 1, size: 20 });
    expect(first.pagination.total).toBeGreaterThan(20);
    expect(await list.totalCount()).toBe(first.pagination.total);

    // Page 2 shows the server's page 2 and lands in the URL.
    await page.getByRole('button', { name: '2', exact: true }).click();
    await list.ready();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect.poll(() => list.rowIds()).toEqual((await server({ page: 2, size: 20 })).list.map((r) => r.id));

    // Sorting by a sortable column asks the server (order/sort) and starts again at page 1.
    await list.header('orderNum').getByRole('button').click();
    await list.ready();
    await expect(page).toHaveURL(/order=orderNum&sort=asc/);
    await expect(page).not.toHaveURL(/[?&]page=2/);
    await expect
      .poll(() => list.rowIds())
      .toEqual((await server({ page: 1, size: 20, order: 'orderNum', sort: 'asc' })).list.map((r) => r.id));
    await list.header('orderNum').getByRole('button').click();
    await list.ready();
    await expect(page).toHaveURL(/order=orderNum&sort=desc/);
    await expect(list.header('orderNum')).toHaveAttribute('aria-sort', 'descending');
    await expect
      .poll(() => list.rowIds())
      .toEqual((await server({ page: 1, size: 20, order: 'orderNum', sort: 'desc' })).list.map((r) => r.id));

    // Page size; a reload keeps everything.
    await page.getByLabel(/每页条数|Rows per page/).selectOption('50');
    await list.ready();
    await expect(list.rows).toHaveCount(Math.min(50, first.pagination.total));
    await page.reload();
    await list.ready('dict/info');
    await expect(page).toHaveURL(/size=50/);
    await expect
      .poll(() => list.rowIds())
      .toEqual((await server({ page: 1, size: 50, order: 'orderNum', sort: 'desc' })).list.map((r) => r.id));
  });

  test('a tree table (menus) folds and unfolds, searches with ancestors kept, and renders only the rows in view', async ({
    page,
    api,
  }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/sys/menu');
    const list = new ListPage(page);
    await list.ready('base/sys/menu');
    const all = (
      await api.call<{ id: number; parentId: number | null; name: string }[]>('POST', '/admin/base/sys/menu/list', {})
    ).data;
    expect(all.length).toBeGreaterThan(100);
    await expect(page.getByTestId('tree-total')).toHaveText(`共 ${all.length} 条`);
    // Every parent starts open: the whole tree, but only the rows in view are drawn.
    const order = treeRows(all as never, parentsOf(all as never)).map((n) => n.row.id);
    const drawn = await list.rows.count();
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(60);
    expect((await list.rowIds())[0]).toBe(order[0]);
    // The columns keep their places while other rows scroll into view (their widths are kept, not laid out again).
    const edges = () =>
      list.table.locator('thead th').evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().left)));
    const before = await edges();
    await list.table.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect(list.row(order[order.length - 1])).toBeVisible();
    expect(await list.rows.count()).toBeLessThan(60);
    expect(await edges()).toEqual(before);

    // Folded: the top level only; one directory opened shows its children, indented.
    await page.getByRole('button', { name: '全部收起' }).click();
    const ids = new Set(all.map((m) => m.id));
    const roots = all.filter((m) => m.parentId === null || !ids.has(m.parentId));
    await expect(list.rows).toHaveCount(roots.length);
    const dir = roots.find((r) => all.some((m) => m.parentId === r.id))!;
    await list.row(dir.id).getByRole('button', { name: '展开' }).click();
    const kids = all.filter((m) => m.parentId === dir.id);
    await expect(list.rows).toHaveCount(roots.length + kids.length);
    await expect(list.row(kids[0].id).locator('[data-depth="1"]')).toBeVisible();

    // A keyword keeps each match with its ancestors, unfolded.
    const unique = (m: { name: string }) =>
      all.filter((x) => x.name.includes(m.name) || m.name.includes(x.name)).length === 1;
    const leaf = all.find(
      (m) =>
        unique(m) &&
        m.parentId !== null &&
        ids.has(m.parentId) &&
        all.some((p) => p.id === m.parentId && p.parentId !== null && ids.has(p.parentId)),
    )!;
    await list.search(leaf.name);
    await expect(list.row(leaf.id)).toBeVisible();
    await expect(list.row(leaf.parentId!)).toBeVisible();
    await expect(page.getByTestId('tree-total')).toContainText('（含上级）');
    // Only the match and its ancestors.
    const chain: number[] = [];
    for (let at: number | null = leaf.id; at !== null && ids.has(at); ) {
      chain.push(at);
      at = all.find((m) => m.id === at)!.parentId;
    }
    await expect(list.rows).toHaveCount(chain.length);
  });

  test('column show/hide and order are saved for the user on the server', async ({ page, api }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/product/material');
    const list = new ListPage(page);
    await list.ready('product/material');
    const initial = await list.columnIds();
    expect(initial).toContain('description');

    const panel = await list.openColumnSettings();
    await panel.getByRole('checkbox', { name: '编码' }).uncheck();
    // Up twice: past the hidden description column, then past the title.
    await panel.getByRole('button', { name: '上移 类型' }).click();
    await panel.getByRole('button', { name: '上移 类型' }).click();
    await page.keyboard.press('Escape');
    const changed = await list.columnIds();
    expect(changed).not.toContain('description');
    expect(changed.indexOf('type')).toBeLessThan(changed.indexOf('title'));

    // The table changes at once; the saves reach the server one after the other, the last one standing.
    const stored = async () =>
      (
        await api.call<{ order: string[]; hidden: string[] }>('GET', '/admin/base/comm/pref', {
          key: 'columns:product/material',
        })
      ).data;
    await expect.poll(async () => (await stored()).hidden).toEqual(['description']);
    await expect
      .poll(async () => {
        const { order } = await stored();
        return order.indexOf('type') < order.indexOf('title');
      })
      .toBe(true);

    // Another visit (fresh load) gets the layout from the server.
    await page.reload();
    await list.ready('product/material');
    expect(await list.columnIds()).toEqual(changed);

    const again = await list.openColumnSettings();
    await again.getByRole('button', { name: /恢复默认/ }).click();
    await expect.poll(() => list.columnIds()).toEqual(initial);
  });

  test('details view, Esc closes dialogs, dictionary tags and images in cells', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/product/info');
    const list = new ListPage(page);
    await list.ready('product/info');
    const row = list.rows.first();
    await expect(list.cell(row, 'pic').locator('img')).toBeVisible();
    await expect(list.cell(row, 'price')).toHaveText(/^¥[\d,]+\.\d{2}$/);
    await expect(list.cell(row, 'status').locator('span span')).toHaveClass(/bg-(success|danger|info|warning|primary)/);

    await list.view(row);
    const details = page.getByTestId('info-dialog');
    // Rich text is previewed as its page (what it shows is checked in entity-crud's params test).
    await expect(details.locator('[data-field="detail"]').getByTestId('richtext-preview')).toHaveAttribute(
      'srcdoc',
      /\S/,
    );
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    await list.edit(row);
    const form = new EditDialog(page);
    await form.ready();
    await page.keyboard.press('Escape');
    await expect(form.root).toBeHidden();
  });
});
