import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

type Row = Record<string, unknown> & { id: number };

test('dictionaries: types beside the items; an item is added to the chosen type and listed under it', async ({
  page,
  api,
}) => {
  const types = (await api.call<Row[]>('POST', '/admin/dict/type/list', {})).data;
  const type = types.find((x) => x.key === 'materialType')!;
  expect(type).toBeTruthy();
  const shell = new ShellPage(page);
  await shell.signIn();
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
  const items = (
    await api.call<{ list: Row[]; pagination: { total: number } }>('POST', '/admin/dict/info/page', {
      typeId: type.id,
      page: 1,
      size: 100,
    })
  ).data;
  await expect.poll(() => list.totalCount()).toBe(items.pagination.total);

  const name = `E2E 竹材 ${Date.now().toString(36)}`;
  await expect(add).toBeEnabled();
  await add.click();
  const form = new EditDialog(page);
  await form.ready();
  await form.fill('name', name);
  await form.fill('value', '99');
  // Its names in other languages are fields, one per language, not JSON typed by hand.
  await expect(form.field('i18n').locator('textarea')).toHaveCount(0);
  await form.field('i18n').getByLabel('English').fill('Bamboo');
  // The tag colour is chosen by its swatch: each choice drawn in the colour it names.
  const swatch = form.field('color').getByRole('radio', { name: 'success' });
  await expect(
    form
      .field('color')
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'success' }) })
      .locator('span')
      .first(),
  ).toHaveClass(/text-success/);
  await swatch.click();
  await expect(swatch).toBeChecked();
  await form.saveAndClose();
  await expect(list.rowWithText(name)).toHaveCount(1);
  // The list shows the colour as a tag of that colour.
  await expect(list.rowWithText(name).locator('[data-column="color"] span.text-success')).toHaveText('success');
  await expect.poll(() => list.totalCount()).toBe(items.pagination.total + 1);
  const saved = (await api.call<{ list: Row[] }>('POST', '/admin/dict/info/page', { keyWord: name, page: 1, size: 5 }))
    .data.list;
  expect(saved).toHaveLength(1);
  expect(saved[0].typeId).toBe(type.id);
  expect(saved[0].i18n).toEqual({ en: 'Bamboo' });
  expect(saved[0].color).toBe('success');

  // "All" lists every type's items again.
  await panel.getByRole('button', { name: '全部' }).click();
  await list.ready();
  await expect.poll(() => list.totalCount()).toBeGreaterThan(items.pagination.total + 1);

  // In English an item is listed by its English name (its stored name on hover). Listed under its type: "All" is
  // ordered by sort order then creation time, so a new item may be on its last page.
  await shell.switchLanguage('en');
  await list.ready();
  await panel.locator(`[data-master="${type.id}"]`).click();
  await list.ready();
  const english = list.row(saved[0].id);
  await expect(list.cell(english, 'name')).toHaveText('Bamboo');
  await expect(list.cell(english, 'name').locator('[title]')).toHaveAttribute('title', name);
});

test('dictionaries in English: the types in the panel and the type column are named in English', async ({
  page,
  api,
}) => {
  const type = (await api.call<Row[]>('POST', '/admin/dict/type/list', {})).data.find((x) => x.key === 'materialType')!;
  const leather = (
    await api.call<{ list: Row[] }>('POST', '/admin/dict/info/page', { typeId: type.id, page: 1, size: 50 })
  ).data.list.find((x) => x.name === '皮革')!;
  const shell = new ShellPage(page);
  await shell.signIn();
  await shell.openMenu('/dict/list');
  const list = new ListPage(page);
  await list.ready('dict/info');
  await shell.switchLanguage('en');
  await list.ready();
  // Seeded types carry their names per language (dict_type.i18n); the stored name stays the zh-cn one.
  await expect(page.getByTestId('master-panel').locator(`[data-master="${type.id}"]`)).toHaveText('Material type');
  await list.search('皮革');
  await expect(list.cell(list.row(Number(leather.id)), 'typeId')).toHaveText('Material type');
  await expect(list.cell(list.row(Number(leather.id)), 'name')).toHaveText('Leather');
});

test('users: the department tree beside the users; a department lists the users of it and every department below it', async ({
  page,
  api,
}) => {
  const departments = (await api.call<Row[]>('POST', '/admin/base/sys/department/list', {})).data;
  // A department with a department below it, and a user in each (made here, so the figures are known).
  const parent = departments.find((d) => departments.some((c) => c.parentId === d.id))!;
  expect(parent, 'the seed has a department with children').toBeTruthy();
  const below = (id: unknown): number[] =>
    departments.filter((d) => d.parentId === id).flatMap((d) => [d.id, ...below(d.id)]);
  const subtree = [parent.id, ...below(parent.id)];
  const child = departments.find((d) => d.parentId === parent.id)!;
  const stamp = Date.now().toString(36);
  for (const [dept, who] of [
    [parent.id, `top${stamp}`],
    [child.id, `sub${stamp}`],
  ] as const) {
    const r = await api.call('POST', '/admin/base/sys/user/add', {
      username: who,
      password: 'Subtree-123',
      name: who,
      status: 1,
      departmentId: dept,
      roleIdList: [],
    });
    expect(r.code, JSON.stringify(r)).toBe(1000);
  }
  const expected = (
    await api.call<{ pagination: { total: number } }>('POST', '/admin/base/sys/user/page', {
      departmentId: subtree,
      page: 1,
      size: 1,
    })
  ).data.pagination.total;

  const shell = new ShellPage(page);
  await shell.signIn();
  await shell.openMenu('/sys/user');
  const list = new ListPage(page);
  await list.ready('base/sys/user');
  const panel = page.getByTestId('master-panel');
  await panel.locator(`[data-master="${parent.id}"]`).click();
  await list.ready();
  await expect.poll(() => list.totalCount()).toBe(expected);
  await expect(list.rowWithText(`sub${stamp}`)).toHaveCount(1);
  await expect(list.rowWithText(`top${stamp}`)).toHaveCount(1);

  // The child department alone: its own user, not the parent's.
  await panel.locator(`[data-master="${child.id}"]`).click();
  await list.ready();
  await expect(list.rowWithText(`sub${stamp}`)).toHaveCount(1);
  await expect(list.rowWithText(`top${stamp}`)).toHaveCount(0);

  // A new user starts in the chosen department.
  await list.screen.getByRole('button', { name: /新增/ }).first().click();
  const form = new EditDialog(page);
  await form.ready();
  await expect(form.field('departmentId')).toContainText(String(child.name));
  await page.keyboard.press('Escape');
});

test('users: a department dragged in the tree takes its new place, under a new parent too, and keeps it after a reload', async ({
  page,
  api,
}) => {
  const stamp = Date.now().toString(36);
  const add = async (name: string, parentId: number | null, orderNum: number) =>
    Number(
      (await api.call<{ id: number }>('POST', '/admin/base/sys/department/add', { name, parentId, orderNum })).data.id,
    );
  const root = await add(`拖拽根 ${stamp}`, null, 900);
  const a = await add(`甲 ${stamp}`, root, 1);
  const b = await add(`乙 ${stamp}`, root, 2);
  const c = await add(`丙 ${stamp}`, root, 3);
  const shell = new ShellPage(page);
  await shell.signIn();
  await shell.openMenu('/sys/user');
  const panel = page.getByTestId('master-panel');
  const node = (id: number) => panel.locator(`[data-master="${id}"]`);
  await expect(node(c)).toBeVisible();
  const order = async () =>
    panel
      .locator('[data-master]')
      .evaluateAll(
        (els, ids) => els.map((e) => Number(e.getAttribute('data-master'))).filter((id) => ids.includes(id)),
        [a, b, c],
      );
  expect(await order()).toEqual([a, b, c]);

  // 丙 dropped on the top edge of 甲: first of its siblings.
  await node(c).dragTo(node(a), { targetPosition: { x: 30, y: 2 } });
  await expect.poll(order).toEqual([c, a, b]);
  // 乙 dropped on the middle of 甲: under 甲.
  const box = await node(a).boundingBox();
  await node(b).dragTo(node(a), { targetPosition: { x: 30, y: box!.height / 2 } });
  await expect
    .poll(
      async () =>
        (await api.call<Row[]>('POST', '/admin/base/sys/department/list', {})).data.find((d) => d.id === b)?.parentId,
    )
    .toBe(a);

  await page.reload();
  await expect(node(b)).toBeVisible();
  expect(await order()).toEqual([c, a, b]);
  const rows = (await api.call<Row[]>('POST', '/admin/base/sys/department/list', {})).data;
  expect([c, a].map((id) => rows.find((d) => d.id === id)!.orderNum)).toEqual([1, 2]);
  // Deeper than 甲 on screen: 乙 is its child now.
  const indent = async (id: number) => node(id).evaluate((e) => parseFloat((e as HTMLElement).style.paddingLeft));
  expect(await indent(b)).toBeGreaterThan(await indent(a));
});

test('users: the ticked users are moved to a department chosen in the dialog', async ({ page, api }) => {
  const stamp = Date.now().toString(36);
  const dept = async (name: string) =>
    Number(
      (
        await api.call<{ id: number }>('POST', '/admin/base/sys/department/add', {
          name,
          parentId: null,
          orderNum: 950,
        })
      ).data.id,
    );
  const from = await dept(`搬出 ${stamp}`);
  const to = await dept(`搬入 ${stamp}`);
  const ids: number[] = [];
  for (const who of [`mva${stamp}`, `mvb${stamp}`]) {
    const r = await api.call<number>('POST', '/admin/base/sys/user/add', {
      username: who,
      password: 'Move-pass-123',
      name: who,
      status: 1,
      departmentId: from,
      roleIdList: [],
    });
    expect(r.code, JSON.stringify(r)).toBe(1000);
    ids.push(Number(r.data));
  }
  const shell = new ShellPage(page);
  await shell.signIn();
  await shell.openMenu('/sys/user');
  const list = new ListPage(page);
  await list.ready('base/sys/user');
  const panel = page.getByTestId('master-panel');
  await panel.locator(`[data-master="${from}"]`).click();
  await list.ready();
  await expect(list.rows).toHaveCount(2);
  for (const id of ids) await list.select(list.row(id));

  await list.screen.getByRole('button', { name: /移动部门/ }).click();
  const dialog = page.getByTestId('action-dialog');
  await expect(dialog.getByTestId('action-confirm')).toBeDisabled();
  await dialog.getByTestId('action-pick').selectOption(String(to));
  await dialog.getByTestId('action-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(list.rows).toHaveCount(0);
  const moved = (
    await api.call<{ list: Row[] }>('POST', '/admin/base/sys/user/page', { departmentId: [to], page: 1, size: 10 })
  ).data.list;
  expect(moved.map((u) => u.id).sort()).toEqual([...ids].sort());
  await panel.locator(`[data-master="${to}"]`).click();
  await list.ready();
  await expect(list.rows).toHaveCount(2);
});
