import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

type Row = Record<string, unknown> & { id: number };

/** A real 1×1 PNG (the server checks the content, not just the name). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

test.describe('file fields', () => {
  test('a product gets a main picture and a 3-picture gallery by upload and from the file space, reordered by drag', async ({
    page,
    api,
    watch,
  }) => {
    // A file named as a picture whose content is not one is refused by the server (415), as it should be.
    watch.allow(/415 POST .*\/admin\/base\/comm\/upload/, /status of 415/);
    const categories = await api.call<Row[]>('POST', '/admin/product/category/list', {});
    const name = `Upload desk ${Date.now().toString(36)}`;
    const added = await api.call<{ id: number }>('POST', '/admin/product/info/add', {
      name,
      price: 100000,
      categoryId: categories.data[0].id,
    });
    expect(added.code, JSON.stringify(added)).toBe(1000);
    // One picture already in the file space, to be chosen from there.
    const stocked = await page.request.post('/admin/base/comm/upload', {
      headers: { Authorization: api.token },
      multipart: { file: png('space-oak.png') },
    });
    const stockedUrl = ((await stocked.json()) as { data: string }).data;
    expect(stockedUrl).toMatch(/\/public\/uploads\/.+\.png$/);

    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/product/info');
    const list = new ListPage(page);
    await list.ready('product/info');
    await list.search(name);
    await list.edit(list.row(added.data.id));
    const form = new EditDialog(page);
    await form.ready();

    // Main picture by upload: a thumbnail of the stored file replaces the empty tile.
    const main = form.field('pic');
    await main.locator('input[type=file]').setInputFiles(png('main.png'));
    await expect(main.locator('li[data-url] img')).toHaveCount(1);
    const mainUrl = await main.locator('li[data-url]').getAttribute('data-url');
    expect(mainUrl).toMatch(/\/public\/uploads\/.+\.png$/);

    // A spoofed picture is refused and named; nothing is added.
    const gallery = form.field('pics');
    await gallery
      .locator('input[type=file]')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    await expect(gallery.getByRole('alert')).toContainText('fake.png');
    await expect(gallery.locator('li[data-url]')).toHaveCount(0);

    // Gallery: two by upload at once, one from the file space.
    await gallery.locator('input[type=file]').setInputFiles([png('first.png'), png('second.png')]);
    await expect(gallery.locator('li[data-url]')).toHaveCount(2);
    await gallery.getByRole('button', { name: '从文件空间选择' }).click();
    const picker = page.getByTestId('space-picker');
    await expect(picker).toBeVisible();
    await picker.getByPlaceholder('按文件名搜索').fill('space-oak');
    await picker.getByRole('button', { name: '搜索' }).click();
    await picker
      .getByRole('button', { name: /space-oak\.png/ })
      .first()
      .click();
    await picker.getByRole('button', { name: '使用所选' }).click();
    await expect(picker).toBeHidden();
    await expect(gallery.locator('li[data-url]')).toHaveCount(3);
    const before = await gallery
      .locator('li[data-url]')
      .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-url')));
    expect(before[2]).toBe(stockedUrl);

    // Drag the third picture onto the first: it becomes first.
    await gallery.locator('li[data-url]').nth(2).dragTo(gallery.locator('li[data-url]').nth(0));
    const after = await gallery
      .locator('li[data-url]')
      .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-url')));
    expect(after).toEqual([before[2], before[0], before[1]]);

    await form.saveAndClose();
    const stored = await api.call<Row>('GET', '/admin/product/info/info', { id: added.data.id });
    expect(stored.data.pic).toBe(mainUrl);
    expect(stored.data.pics).toEqual(after);
    // Every uploaded picture is in the file space, and is served from our origin.
    const served = await page.request.get(String(mainUrl));
    expect(served.status()).toBe(200);
    const space = await api.call<{ list: Row[] }>('POST', '/admin/space/info/page', { keyWord: 'first', size: 5 });
    expect(space.data.list.map((r) => r.name)).toContain('first.png');
  });

  test('the avatar in the personal centre is uploaded, saved, and shown in the header', async ({ page, api }) => {
    // A user of its own, so other tests' admin keeps its look.
    const username = `avatar${Date.now().toString(36)}`;
    const menus = (await api.call<Row[]>('POST', '/admin/base/sys/menu/list', {})).data;
    const home = menus.find((m) => m.router === '/')!;
    const params = menus.find((m) => m.router === '/sys/param')!;
    const role = await api.call<{ id: number }>('POST', '/admin/base/sys/role/add', {
      name: username,
      label: username,
      relevance: false,
      menuIdList: [home.id, Number(params.parentId), params.id],
      departmentIdList: [],
    });
    expect(role.code, JSON.stringify(role)).toBe(1000);
    const made = await api.call('POST', '/admin/base/sys/user/add', {
      username,
      password: 'Avatar-123',
      name: 'Avatar Tester',
      nickName: 'Ava',
      status: 1,
      departmentId: 1,
      roleIdList: [role.data.id],
    });
    expect(made.code, JSON.stringify(made)).toBe(1000);
    const shell = new ShellPage(page);
    await shell.signIn(username, 'Avatar-123', '/my/info');
    const field = page.locator('[data-field="headImg"]');
    await field.locator('input[type=file]').setInputFiles(png('me.png'));
    await expect(field.locator('li[data-url] img')).toHaveCount(1);
    const url = await field.locator('li[data-url]').getAttribute('data-url');
    await page.getByTestId('profile-form').getByRole('button', { name: /保存/ }).click();
    await expect(page.locator(`header img[src="${url}"]`)).toHaveCount(1);
    const person = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('joinery.session') ?? '{}') as { token: string };
      return (await (await fetch('/admin/base/comm/person', { headers: { Authorization: session.token } })).json()) as {
        data: { headImg: string };
      };
    });
    expect(person.data.headImg).toBe(url);
  });
});
