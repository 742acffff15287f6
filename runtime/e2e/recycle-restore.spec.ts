import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';

type Row = Record<string, unknown> & { id: number };

test.describe('recycle bin: restore brings back what delete removed', () => {
  test('a restored user has its roles again and signs in; a link to a role deleted meanwhile is named on screen', async ({
    page,
    api,
    browser,
  }) => {
    const tag = `rs${Date.now() % 1_000_000}`;
    const menus = (await api.call<Row[]>('POST', '/admin/base/sys/menu/list', {})).data;
    const home = menus.filter((m) => String(m.perms ?? '').startsWith('base:sys:param:')).map((m) => m.id);
    const kept = (
      await api.call<Row>('POST', '/admin/base/sys/role/add', {
        name: `${tag} kept`,
        label: `${tag}_k`,
        relevance: false,
        menuIdList: home,
        departmentIdList: [],
      })
    ).data.id;
    const gone = (
      await api.call<Row>('POST', '/admin/base/sys/role/add', {
        name: `${tag} gone`,
        label: `${tag}_g`,
        relevance: false,
        menuIdList: [],
        departmentIdList: [],
      })
    ).data.id;
    const password = 'Restore-pass-1';
    const user = (
      await api.call<number>('POST', '/admin/base/sys/user/add', {
        username: tag,
        name: `User ${tag}`,
        password,
        status: 1,
        roleIdList: [kept, gone],
      })
    ).data;
    expect((await api.call('POST', '/admin/base/sys/user/delete', { ids: [user] })).code).toBe(1000);
    expect((await api.call('POST', '/admin/base/sys/role/delete', { ids: [gone] })).code).toBe(1000);
    const records = (
      await api.call<{ list: Row[] }>('POST', '/admin/recycle/data/page', {
        page: 1,
        size: 50,
        keyWord: '/admin/base/sys/user/delete',
      })
    ).data.list;
    const record = records.find((r) => JSON.stringify(r.data).includes(`"${tag}"`))!;
    expect(record).toBeTruthy();

    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/recycle/data');
    const bin = new ListPage(page);
    await bin.ready('recycle/data');
    await bin.search('/admin/base/sys/user/delete');
    await bin.row(record.id).getByRole('button', { name: '恢复' }).click();
    await expect(page.getByText('已恢复 · 1 条记录')).toBeVisible();
    await expect(page.getByText('已恢复；1 条关联因对应的记录已不存在而未恢复')).toBeVisible();
    await expect(bin.row(record.id)).toHaveCount(0);
    expect((await api.call<Row>('GET', '/admin/base/sys/user/info', { id: user })).data.roleIdList).toEqual([kept]);

    // The restored user signs in with its password, to the page its remaining role grants.
    const other = await browser.newContext({ baseURL: page.url().replace(/^(https?:\/\/[^/]+).*$/, '$1') });
    try {
      const staffPage = await other.newPage();
      const staff = new ShellPage(staffPage);
      await staff.loginAs(tag, password);
      // Its only page is its home.
      await new ListPage(staffPage).ready('base/sys/param');
      await expect(staff.menuItem('参数列表')).toBeVisible();
    } finally {
      await other.close();
    }
  });
});
