import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

type Product = { id: number; name: string; code: string; price: number };

/** ¥ and yuan with two decimals and thousands separators, as the console writes money. */
const yuan = (fen: number) =>
  `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.describe('relations and snapshots are shown by name, never as ids or raw JSON', () => {
  test('a bundle shows its products by name and its snapshot as a table in yuan; once deleted, the recycle bin names the entity and shows the rows with its labels', async ({
    page,
    api,
  }) => {
    const products = (
      await api.call<{ list: Product[] }>('POST', '/admin/product/info/page', {
        page: 1,
        size: 2,
        order: 'id',
        sort: 'asc',
      })
    ).data.list;
    expect(products.length).toBe(2);
    const title = `Bundle by name ${Date.now()}`;
    const added = await api.call<{ id: number }>('POST', '/admin/order/recommend/add', {
      title,
      amount: 123456,
      goodIds: products.map((p) => p.id),
      status: 1,
    });
    expect(added.status, added.message).toBe(200);

    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/order/recommend');
    const list = new ListPage(page);
    await list.ready('order/recommend');
    await list.view(list.rowWithText(title));
    const info = page.getByTestId('info-dialog');
    await expect(info).toBeVisible();
    const goods = info.locator('[data-field="goodIds"]');
    for (const p of products) await expect(goods).toContainText(p.name);
    await expect(goods).not.toContainText('#');
    const snapshot = info.locator('[data-field="goodsInfo"] [data-json="table"]');
    await expect(snapshot.locator('thead')).toContainText('价格');
    for (const p of products) {
      const line = snapshot.locator('tbody tr', { hasText: p.code });
      await expect(line).toContainText(p.name);
      await expect(line).toContainText(yuan(p.price));
    }
    await expect(info).not.toContainText('"price"');
    await page.keyboard.press('Escape');
    await expect(info).toBeHidden();

    expect((await api.call('POST', '/admin/order/recommend/delete', { ids: [added.data.id] })).status).toBe(200);
    await shell.openMenu('/recycle/data');
    await list.ready('recycle/data');
    const kept = list.rows.filter({ hasText: '/admin/order/recommend/delete' }).first();
    await expect(list.cell(kept, 'entityPrefix')).toHaveText('推荐套餐');
    await list.view(kept);
    const bin = page.getByTestId('info-dialog');
    const rows = bin.locator('[data-field="data"] [data-json="rows"]');
    await expect(rows.locator('thead')).toContainText('标题');
    await expect(rows.locator('thead')).toContainText('套餐价格');
    const deleted = rows.locator('tbody tr', { hasText: title });
    await expect(deleted).toContainText(yuan(123456));
    for (const p of products) await expect(deleted).toContainText(p.name);
    await expect(bin.locator('[data-field="data"]')).not.toContainText('"goodIds"');
  });

  test('a product’s SKUs and spec groups are tables: specs as "group: value", prices in yuan; an empty list is a dash', async ({
    page,
    api,
  }) => {
    type Sku = { specs: Record<string, string>; price: number; stock: number };
    type Info = Product & {
      skuInfo: Sku[] | null;
      specInfo: { name: string; values: string[] }[] | null;
      videos?: unknown;
    };
    const all = (await api.call<{ list: Info[] }>('POST', '/admin/product/info/page', { page: 1, size: 50 })).data.list;
    const product = all.find((p) => (p.skuInfo?.length ?? 0) > 1);
    expect(product, 'a seeded product with SKUs').toBeTruthy();
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/product/info');
    const list = new ListPage(page);
    await list.ready('product/info');
    await list.view(list.row(product!.id));
    const info = page.getByTestId('info-dialog');
    const skus = info.locator('[data-field="skuInfo"] [data-json="table"]');
    for (const sku of product!.skuInfo!) {
      const specs = Object.entries(sku.specs)
        .map(([k, v]) => `${k}: ${v}`)
        .join(' · ');
      await expect(skus.locator('tbody tr', { hasText: specs })).toContainText(yuan(sku.price));
    }
    const groups = info.locator('[data-field="specInfo"] [data-json="table"]');
    for (const g of product!.specInfo!)
      await expect(groups.locator('tbody tr', { hasText: g.name })).toContainText(g.values.join(', '));
    await expect(info.locator('[data-field="skuInfo"]')).not.toContainText('"price"');
  });

  test('a relation to a record its picker cannot list (the super admin on an audit flow) is named in the form by the record, not "#1"', async ({
    page,
    api,
  }) => {
    const flows = (
      await api.call<{ list: { id: number; applicantId: number; applicantName: string }[] }>(
        'POST',
        '/admin/audit/flow/page',
        { page: 1, size: 20 },
      )
    ).data.list;
    const flow = flows.find((f) => f.applicantId === 1)!;
    expect(flow.applicantName).toBeTruthy();
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/audit/flow');
    const list = new ListPage(page);
    await list.ready('audit/flow');
    await list.edit(list.row(flow.id));
    const form = new EditDialog(page);
    await form.ready();
    const picker = form.field('applicantId').locator('button[aria-haspopup="listbox"]');
    await expect(picker).toContainText(flow.applicantName);
    await expect(picker).not.toContainText('#1');
  });

  test('a JSON column of a SKU\'s specs (a spec row\'s options) reads "name: value" in the table, not JSON', async ({
    page,
    api,
  }) => {
    const specs = (
      await api.call<{ list: { id: number; options: Record<string, string> | null }[] }>(
        'POST',
        '/admin/product/spec/page',
        { page: 1, size: 20 },
      )
    ).data.list;
    const spec = specs.find((x) => x.options && Object.keys(x.options).length > 0)!;
    const [name, value] = Object.entries(spec.options!)[0];
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/product/spec');
    const list = new ListPage(page);
    await list.ready('product/spec');
    const cell = list.cell(list.row(spec.id), 'options');
    await expect(cell).toContainText(`${name}: ${value}`);
    await expect(cell).not.toContainText('{"');
  });
});
