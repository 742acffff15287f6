import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';

type MenuRow = { id: number; name: string; router: string | null; nameKey: string | null };

test('menu names: seeded rows follow the interface language by their key; a name an admin typed is shown as typed', async ({ page, api }) => {
  const { data } = await api.call<{ menus: MenuRow[] }>('GET', '/admin/base/comm/permmenu');
  const params = data.menus.find((m) => m.router === '/sys/param')!;
  expect(params.nameKey).toBeTruthy();
  expect((await api.call('POST', '/admin/base/sys/menu/update', { id: params.id, name: '店铺参数' })).code).toBe(1000);
  try {
    const shell = new ShellPage(page);
    await shell.loginAs();
    await shell.switchLanguage('en');
    await shell.openMenu('/sys/param');
    // Its directory is still translated; the page itself keeps the admin's name.
    await expect(page.getByTestId('breadcrumb')).toContainText('System');
    await expect(page.getByTestId('breadcrumb')).toContainText('店铺参数');
    await expect(shell.tab('/sys/param')).toContainText('店铺参数');
    await shell.openMenu('/sys/role');
    await expect(shell.tab('/sys/role')).toContainText('Roles');
  } finally {
    await api.call('POST', '/admin/base/sys/menu/update', { id: params.id, name: params.name, nameKey: params.nameKey });
  }
});
