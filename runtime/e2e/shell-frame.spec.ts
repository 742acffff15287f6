import { test, expect, ARTIFACTS } from './fixtures';
import { ShellPage } from './pages/shell-page';

test.describe('shell', () => {
  test('the sidebar follows permmenu: directories, pages, hidden rows left out, order by orderNum', async ({
    page,
    api,
  }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    const { data } = await api.call<{
      menus: { name: string; type: number; parentId: number | null; isShow: boolean; orderNum: number }[];
    }>('GET', '/admin/base/comm/permmenu');
    const topDirs = data.menus
      .filter((m) => m.type === 0 && m.parentId === null && m.isShow)
      .sort((a, b) => a.orderNum - b.orderNum);
    const shown = await shell.sidebar.locator(':scope > div > div > button[data-menu-dir]').allInnerTexts();
    expect(shown.map((s) => s.trim())).toEqual(topDirs.map((d) => d.name));
    // The home row (router '/') is hidden from the menu but opens at '/'.
    await expect(shell.sidebar.locator('a[data-menu-path="/"]')).toHaveCount(0);
    // The file space page is seeded with isShow false.
    await expect(shell.sidebar.locator('a[data-menu-path="/space/list"]')).toHaveCount(0);
    await shell.openMenu('/sys/user');
    await expect(page.getByTestId('breadcrumb')).toHaveText(/系统管理.*权限管理.*用户列表/);
  });

  test('opened pages become tabs that survive a reload; close one, others, all', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/sys/role');
    await shell.openMenu('/sys/param');
    await shell.openMenu('/dict/list');
    await expect(shell.tabs.locator('[data-tab]')).toHaveCount(3);
    await expect(shell.tab('/sys/param')).toContainText('参数列表');

    await page.reload();
    await shell.ready();
    await expect(shell.tabs.locator('[data-tab]')).toHaveCount(3);
    await expect(shell.tab('/dict/list').getByRole('link')).toHaveAttribute('aria-current', 'page');

    await shell.closeTab('/dict/list');
    await expect(page).toHaveURL(/\/sys\/param$/);
    await expect(shell.tabs.locator('[data-tab]')).toHaveCount(2);
    await shell.tabsMenu('others');
    await expect(shell.tabs.locator('[data-tab]')).toHaveCount(1);
    await expect(shell.tab('/sys/param')).toBeVisible();
    await shell.tabsMenu('all');
    await expect(shell.tabs.locator('[data-tab]')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test('language switch changes visible strings in all three languages and is kept', async ({ page, watch }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    const langHeaders: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/admin/')) langHeaders.push(r.headers().language ?? 'missing');
    });
    await expect(shell.menuItem('系统管理')).toBeVisible();
    await shell.openMenu('/sys/role');

    await shell.switchLanguage('en');
    await expect(shell.menuItem('System')).toBeVisible();
    await expect(shell.tab('/sys/role')).toContainText('Roles');
    await expect(page.getByTestId('breadcrumb')).toContainText('System');
    await page.mouse.move(700, 600);
    await expect(shell.toasts).toHaveCount(0, { timeout: 10_000 });
    await page.screenshot({ path: `${ARTIFACTS}shell-english.png` });

    await shell.switchLanguage('zh-tw');
    await expect(shell.menuItem('系統管理')).toBeVisible();
    await expect(shell.tab('/sys/role')).toContainText('角色列表');

    await shell.switchLanguage('en');
    await page.reload();
    await shell.ready();
    await expect(shell.menuItem('System')).toBeVisible();
    // Dictionaries were fetched again in the new language.
    expect(langHeaders).toContain('en');
    expect(langHeaders).toContain('zh-tw');
    expect(langHeaders).not.toContain('missing');
    await shell.switchLanguage('zh-cn');
    await expect(shell.menuItem('系统管理')).toBeVisible();
    void watch;
  });

  test('dark mode toggles, persists, and the theme colour changes the brand variable', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await shell.toggleDark();
    await expect(html).toHaveClass(/dark/);
    const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(darkBg).not.toBe(lightBg);
    await page.reload();
    await shell.ready();
    await expect(html).toHaveClass(/dark/);
    await shell.openMenu('/sys/role');
    await page.mouse.move(700, 600);
    await expect(shell.toasts).toHaveCount(0, { timeout: 10_000 });
    await page.screenshot({ path: `${ARTIFACTS}shell-dark.png` });

    await page.getByTestId('open-theme').click();
    await page.getByTestId('theme-color-emerald').click();
    const primary = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
    expect((await primary()).toLowerCase()).toBe('#51c21a');
    await page.keyboard.press('Escape');
    await page.reload();
    await shell.ready();
    expect((await primary()).toLowerCase()).toBe('#51c21a');
    const tint9 = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary-9').trim(),
    );
    expect(tint9).not.toBe('#51c21a');

    await shell.toggleDark();
    await expect(html).not.toHaveClass(/dark/);
    await page.getByTestId('open-theme').click();
    await page.getByTestId('theme-color-default').click();
  });

  test('sidebar folds; on a small screen it starts folded', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    await expect(shell.sidebar).toHaveAttribute('data-folded', 'false');
    await page.getByTestId('toggle-fold').click();
    await expect(shell.sidebar).toHaveAttribute('data-folded', 'true');
    await expect(shell.menuItem('系统管理')).toHaveCount(0);
    await page.getByTestId('toggle-fold').click();
    await expect(shell.sidebar).toHaveAttribute('data-folded', 'false');

    await page.setViewportSize({ width: 600, height: 800 });
    await page.reload();
    await expect(page.getByTestId('toggle-fold')).toBeVisible();
    await expect(shell.sidebar).toHaveCount(0);
    await page.getByTestId('toggle-fold').click();
    await expect(shell.sidebar).toBeVisible();
  });

  test('personal centre saves the nickname; the demo route shows its parameters', async ({ page, api }) => {
    const shell = new ShellPage(page);
    await shell.signIn();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-profile').click();
    await expect(page).toHaveURL(/\/my\/info$/);
    const nick = page.locator('input[name="nickName"]');
    await expect(nick).toHaveValue('管理员');
    await nick.fill('');
    await page.getByTestId('profile-form').getByRole('button', { name: '保存资料' }).click();
    await expect(page.locator('#f-nickName-error')).toHaveText('昵称不能为空');
    await nick.fill('总管');
    await page.getByTestId('profile-form').getByRole('button', { name: '保存资料' }).click();
    await expect(page.getByTestId('user-name')).toHaveText('总管');
    const person = await api.call<{ nickName: string }>('GET', '/admin/base/comm/person');
    expect(person.data.nickName).toBe('总管');
    await api.call('POST', '/admin/base/comm/personUpdate', { nickName: '管理员' });

    await page.goto('/demo/test/route/42/chair');
    await expect(page.getByTestId('route-id')).toHaveText('42');
    await expect(page.getByTestId('route-name')).toHaveText('chair');
    await page.goto('/demo/test/route/7');
    await expect(page.getByTestId('route-name')).toHaveText('（未提供）');
  });

  test('a menu page with an http viewPath opens in a frame; a menu page without a view goes to 404', async ({
    page,
    api,
    baseURL,
  }) => {
    const stamp = Date.now();
    const frameUrl = `${baseURL}/admin/base/comm/program`;
    for (const [router, viewPath, name] of [
      [`/ext/frame${stamp}`, frameUrl, `外部页面${stamp}`],
      [`/ext/empty${stamp}`, null, `空页面${stamp}`],
    ] as const) {
      const added = await api.call('POST', '/admin/base/sys/menu/add', {
        name,
        type: 1,
        router,
        viewPath,
        parentId: null,
        orderNum: 99,
        isShow: true,
        keepAlive: true,
        icon: 'icon-unknown',
      });
      expect(added.status).toBe(200);
    }
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu(`/ext/frame${stamp}`);
    await expect(page.locator(`iframe[src="${frameUrl}"]`)).toBeVisible();
    await expect(page.frameLocator('iframe').locator('body')).toContainText('Node');
    // A name typed by an administrator is shown as typed, in every language.
    await shell.switchLanguage('en');
    await expect(shell.tab(`/ext/frame${stamp}`)).toContainText(`外部页面${stamp}`);
    await shell.switchLanguage('zh-cn');

    await shell.clickMenu(`/ext/empty${stamp}`);
    await expect(page).toHaveURL(/\/404$/);
    await expect(shell.errorPage(404)).toBeVisible();
    // No ghost tab is left for the page that has no view.
    await expect(shell.tab(`/ext/empty${stamp}`)).toHaveCount(0);
  });
});

test.describe('page entrance', () => {
  // As most staff see it: with motion.
  test.use({ reducedMotion: 'no-preference' });

  test('the first page of a visit is drawn at once, not faded in; a page opened from it slides in', async ({
    page,
  }) => {
    const shell = new ShellPage(page);
    await shell.signIn('admin', '123456', '/sys/role');
    await expect(page.getByTestId('entity-table').locator('tbody tr[data-row-id]').first()).toBeVisible();
    const pageBox = page.getByTestId('page').locator(':scope > div');
    // Nothing to move from: the page is shown as it is drawn (an entrance starting at opacity 0 would hide the rows
    // that were just drawn, and keep the machine compositing frames while the list loads).
    await expect(pageBox).toHaveCSS('animation-name', 'none');
    await shell.openMenu('/sys/param');
    await expect(pageBox).toHaveCSS('animation-name', 'jy-slide-in');
    // Back to the first page from its tab: a page entered from another, so it slides in too.
    await shell.tab('/sys/role').getByRole('link').click();
    await expect(page).toHaveURL(/\/sys\/role$/);
    await expect(pageBox).toHaveCSS('animation-name', 'jy-slide-in');
  });
});

test('a file dropped where nothing takes it is refused, not opened by the browser in place of the console', async ({
  page,
}) => {
  const shell = new ShellPage(page);
  await shell.signIn('admin', '123456', '/product/info');
  await expect(page.getByTestId('entity-table').locator('tbody tr[data-row-id]').first()).toBeVisible();
  // What the browser is told when a picture is dragged over the list and let go there: the drag is refused (the
  // pointer shows no drop) and the drop is cancelled, so the browser does not open the picture in the tab.
  const dropOn = (selector: string) =>
    page.evaluate((at) => {
      const files = new DataTransfer();
      files.items.add(new File(['<svg/>'], 'photo.svg', { type: 'image/svg+xml' }));
      const target = document.querySelector(at)!;
      const over = new DragEvent('dragover', { dataTransfer: files, bubbles: true, cancelable: true });
      target.dispatchEvent(over);
      const effect = files.dropEffect;
      const drop = new DragEvent('drop', { dataTransfer: files, bubbles: true, cancelable: true });
      target.dispatchEvent(drop);
      return { refused: over.defaultPrevented && effect === 'none', dropCancelled: drop.defaultPrevented };
    }, selector);
  expect(await dropOn('[data-testid="entity-table"]')).toEqual({ refused: true, dropCancelled: true });
  await expect(page).toHaveURL(/\/product\/info$/);
  // An upload field still takes it: the add dialog's main picture.
  await page.getByRole('button', { name: '新增' }).click();
  const picker = page.locator('[data-upload-picker="image"]').first();
  await expect(picker).toBeVisible();
  const taken = await picker.evaluate((el) => {
    const files = new DataTransfer();
    files.items.add(new File(['<svg/>'], 'photo.svg', { type: 'image/svg+xml' }));
    const over = new DragEvent('dragover', { dataTransfer: files, bubbles: true, cancelable: true });
    el.dispatchEvent(over);
    return over.defaultPrevented;
  });
  expect(taken).toBe(true);
});
