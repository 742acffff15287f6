import { test, expect } from './fixtures';
import { ShellPage, createUserWithPages } from './pages/shell-page';

test.describe('access and errors', () => {
  test('a token revoked on the server logs the user out on the next call', async ({ page, api, watch }) => {
    const name = await createUserWithPages(api, `e2e401_${Date.now()}`, ['/product/info'], () => true);
    const shell = new ShellPage(page);
    await shell.signIn(name, 'secret123');
    // The home page (the dashboard, with its own call) has loaded before the account is disabled.
    await expect(page.getByTestId('home')).toBeVisible();
    // An administrator disables the account: the server drops its tokens at once.
    const users = await api.call<{ list: { id: number; username: string }[] }>('POST', '/admin/base/sys/user/page', {
      keyWord: name,
    });
    const id = users.data.list.find((u) => u.username === name)!.id;
    const disabled = await api.call('POST', '/admin/base/sys/user/update', { id, status: 0 });
    expect(disabled.status).toBe(200);

    // The personal centre asks for the person and, for its avatar field, the upload limits: both are refused.
    watch.allow(/401 GET .*\/admin\/base\/comm\/(person|uploadMode)/, /status of 401/);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-profile').click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await shell.session()).toBeNull();
  });

  test('a page the user may not read shows the 403 page', async ({ page, api }) => {
    // The role holds the product page and only its "add" button: no permission to list products.
    const name = await createUserWithPages(
      api,
      `e2e403_${Date.now()}`,
      ['/product/info'],
      (perms) => perms === 'product:info:add',
    );
    const shell = new ShellPage(page);
    await shell.signIn(name, 'secret123');
    await shell.clickMenu('/product/info');
    await expect(page).toHaveURL(/\/403$/);
    await expect(shell.errorPage(403)).toContainText('您无权访问此页面');
    await shell.switchLanguage('en');
    await expect(shell.errorPage(403)).toContainText('You are not authorized to access this page');
    await shell.switchLanguage('zh-cn');
  });

  test('an unknown path shows the 404 page; the error pages carry their texts', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    await page.goto('/no/such/page');
    await expect(shell.errorPage(404)).toContainText('找不到您要查找的页面');
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    await expect(shell.tabs.locator('[data-tab]')).toHaveCount(0);
    const texts: Record<number, string> = {
      401: '认证失败，请重新登录！',
      403: '您无权访问此页面',
      404: '找不到您要查找的页面',
      500: '糟糕，出了点问题',
      502: '马上回来',
    };
    for (const [code, text] of Object.entries(texts)) {
      await page.goto(`/${code}`);
      await expect(shell.errorPage(Number(code))).toContainText(text);
    }
    await page.goto('/401');
    await page.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a 502 from the gateway in front of the server opens the 502 page', async ({ page, watch }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    // Our server never answers 502; a reverse proxy does when the server is down. The route stands in for that proxy.
    await page.route('**/admin/base/comm/person', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' }),
    );
    watch.allow(/502 GET .*\/admin\/base\/comm\/person/, /status of 502/);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-profile').click();
    await expect(page).toHaveURL(/\/502$/);
    await expect(shell.errorPage(502)).toContainText('马上回来');
    // The session survives a gateway failure.
    expect(await shell.session()).not.toBeNull();
  });
});
