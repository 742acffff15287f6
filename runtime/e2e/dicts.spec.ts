import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

type Row = Record<string, unknown> & { id: number };

test('dictionaries: types beside the items; an item is added to the chosen type and listed under it', async ({ page, api }) => {
  const types = (await api.call<Row[]>('POST', '/admin/dict/type/list', {})).data;
  const type = types.find((x) => x.key === 'materialType')!;
  expect(type).toBeTruthy();
  const shell = new ShellPage(page);
  await shell.loginAs();
  await shell.openMenu('/dict/list');
  const list = new ListPage(page);
  await list.ready('dict/info');
  const panel = page.getByTestId('master-panel');
  await expect(panel).toBeVisible();
  await expect(panel.locator(`[data-master="${type.id}"]`)).toContainText(String(type.name));

  // Without a type there is nothing to add to.
  const add = list.screen.getByRole('button', { name: /新增/ }).first();
  await expect(add).toBeDisabled();
  await expect(add).toHaveAttribute('title', /请先在左侧选择类型/);

  await panel.locator(`[data-master="${type.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`f\\.typeId=${type.id}`));
  await list.ready();
  const items = (await api.call<{ list: Row[]; pagination: { total: number } }>('POST', '/admin/dict/info/page', { typeId: type.id, page: 1, size: 100 })).data;
  await expect.poll(() => list.totalCount()).toBe(items.pagination.total);

  const name = `E2E 竹材 ${Date.now().toString(36)}`;
  await expect(add).toBeEnabled();
  await add.click();
  const form = new EditDialog(page);
  await form.ready();
  await form.fill('name', name);
  await form.fill('value', '99');
  await form.saveAndClose();
  await expect(list.rowWithText(name)).toHaveCount(1);
  await expect.poll(() => list.totalCount()).toBe(items.pagination.total + 1);
  const saved = (await api.call<{ list: Row[] }>('POST', '/admin/dict/info/page', { keyWord: name, page: 1, size: 5 })).data.list;
  expect(saved).toHaveLength(1);
  expect(saved[0].typeId).toBe(type.id);

  // "All" lists every type's items again.
  await panel.getByRole('button', { name: '全部' }).click();
  await list.ready();
  await expect.poll(() => list.totalCount()).toBeGreaterThan(items.pagination.total + 1);
});
