import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { shelfPackage, zip } from '../../server/test/support/plugin-zip';

/** Drops a file on an element as a browser does when a file is dragged from the desktop. */
async function dropFile(page: Page, testId: string, name: string, content: Buffer): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ b64, fileName }) => {
      const dt = new DataTransfer();
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], fileName, { type: 'application/zip' }));
      return dt;
    },
    { b64: content.toString('base64'), fileName: name },
  );
  await page.getByTestId(testId).dispatchEvent('drop', { dataTransfer });
}

test.describe('plugin centre', () => {
  test('a package dropped on the page installs; its menu and screen appear; disabled they go; uninstalled its card goes', async ({
    page,
    api,
  }) => {
    const key = `e2e${Date.now().toString(36)}`;
    const archive = zip(shelfPackage({ keyName: key }));
    const shell = new ShellPage(page);
    await shell.signIn('admin', '123456', '/helper/plugins');
    await expect(page.getByTestId('plugins-screen')).toBeVisible();

    await dropFile(page, 'plugin-drop', `${key}.joinery`, archive);
    const card = page.locator(`[data-testid="plugin-card"][data-key="${key}"]`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(`Shelf ${key}`);
    await expect(card).toContainText('v1.0.0');
    await expect(card.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await expect(card).toContainText('运行中');

    // Its page is in the sidebar at once, and opens the generic list of its entity.
    await shell.openMenu(`/${key}/item`);
    const list = new ListPage(page);
    await list.ready(`${key}/item`);
    await expect(list.header('title')).toContainText('名称');

    // Dropped again: the server asks before overwriting, and the answer is honoured.
    await page.goto('/helper/plugins');
    await dropFile(page, 'plugin-drop', `${key}.joinery`, archive);
    const question = page.getByTestId('plugin-question');
    await expect(question).toContainText('插件已存在，继续安装将覆盖');
    await question.getByRole('button', { name: '继续安装' }).click();
    await expect(page.getByText(`${key}.joinery 已安装`)).toBeVisible();

    // Settings come from the plugin's config schema and are checked as typed.
    await card.getByRole('button', { name: '配置' }).click();
    const config = page.getByTestId('plugin-config');
    await config.locator('input#root_depth').fill('55');
    await config.getByRole('button', { name: '保存' }).click();
    await expect(config).toHaveCount(0);
    const stored = await api.call<{ list: { keyName: string; config: Record<string, unknown> }[] }>(
      'POST',
      '/admin/plugin/info/page',
      { page: 1, size: 100 },
    );
    expect(stored.data.list.find((p) => p.keyName === key)?.config).toMatchObject({ depth: 55 });

    // Disabled: its page leaves the sidebar and its route answers 404.
    await card.getByRole('switch').click();
    await expect(card.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    await expect(shell.sidebar.locator(`a[data-menu-path="/${key}/item"]`)).toHaveCount(0);
    expect((await api.call('POST', `/admin/${key}/item/page`, {})).status).toBe(404);

    // Uninstalled: the card goes; its table stays unless asked.
    await card.getByRole('button', { name: '卸载' }).click();
    await page.getByTestId('plugin-uninstall').getByRole('button', { name: '卸载' }).click();
    await expect(card).toHaveCount(0);
  });

  test('a package dropped on the menu page offers its installation, as the original', async ({ page }) => {
    const key = `m${Date.now().toString(36)}`;
    const shell = new ShellPage(page);
    await shell.signIn();
    await shell.openMenu('/sys/menu');
    await new ListPage(page).ready('base/sys/menu');
    // The drop is taken by the menu page's import/export part, a chunk of its own that can come after the rows.
    await expect(page.getByTestId('menu-import-file')).toBeAttached();
    await dropFile(page, 'entity-screen', `${key}.joinery`, zip(shelfPackage({ keyName: key })));
    const offer = page.getByTestId('menu-plugin-install');
    await expect(offer).toContainText(`将 ${key}.joinery 作为插件安装？`);
    await offer.getByRole('button', { name: '安装' }).click();
    await expect(page.getByText(`${key}.joinery 已安装`)).toBeVisible();
    await shell.openMenu(`/${key}/item`);
    await new ListPage(page).ready(`${key}/item`);
  });

  test('a file that is not a package is refused with its reason, and nothing is installed', async ({
    page,
    api,
    watch,
  }) => {
    const shell = new ShellPage(page);
    await shell.signIn('admin', '123456', '/helper/plugins');
    const before = (
      await api.call<{ pagination: { total: number } }>('POST', '/admin/plugin/info/page', { page: 1, size: 1 })
    ).data.pagination.total;
    watch.allow(/400 POST .*\/admin\/plugin\/info\/install/, /status of 400 .*\/admin\/plugin\/info\/install/);
    await dropFile(page, 'plugin-drop', 'broken.joinery', Buffer.from('this is not a zip archive'));
    await expect(page.getByText(/插件包无效: not a zip archive/)).toBeVisible();
    await dropFile(page, 'plugin-drop', 'notes.txt', Buffer.from('hello'));
    await expect(page.getByText('notes.txt 不是插件包（.joinery）')).toBeVisible();
    expect(
      (await api.call<{ pagination: { total: number } }>('POST', '/admin/plugin/info/page', { page: 1, size: 1 })).data
        .pagination.total,
    ).toBe(before);
  });
});

test.describe('built-in plugins', () => {
  type Row = { id: number; keyName: string; status: number; builtin?: boolean };
  const builtin = async (
    api: { call: <T>(m: 'GET' | 'POST', p: string, b?: unknown) => Promise<{ data: T }> },
    keyName: string,
  ) =>
    (await api.call<{ list: Row[] }>('POST', '/admin/plugin/info/page', { page: 1, size: 100 })).data.list.find(
      (p) => p.keyName === keyName && p.builtin,
    )!;

  test('shown beside installed ones, not uninstallable; the theme switched off takes its toolbar entry and its extra component with it', async ({
    page,
    api,
  }) => {
    const shell = new ShellPage(page);
    await shell.signIn('admin', '123456', '/helper/plugins');
    const theme = page.locator('[data-testid="plugin-card"][data-key="theme"]');
    await expect(page.getByRole('heading', { name: '内置插件' })).toBeVisible();
    await expect(theme).toContainText('主题');
    await expect(theme).toContainText('内置');
    await expect(theme.getByRole('button', { name: '卸载' })).toHaveCount(0);
    // The styling the console is made of has its switch locked.
    await expect(page.locator('[data-testid="plugin-card"][data-key="tailwind"]').getByRole('switch')).toBeDisabled();

    await expect(page.locator('[data-extra-module="theme"]')).toHaveCount(1);
    await expect(page.getByTestId('open-theme')).toBeVisible();
    const { id } = await builtin(api, 'theme');
    const html = page.locator('html');
    try {
      // This user chose dark; switched off, the theme plugin's default (light) is everyone's; on again, the choice is back.
      await page.getByTestId('toggle-dark').click();
      await expect(html).toHaveClass(/dark/);
      await theme.getByRole('switch').click();
      await expect(theme.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
      await expect(html).not.toHaveClass(/dark/);
      await expect(page.getByTestId('open-theme')).toHaveCount(0);
      await expect(page.getByTestId('toggle-dark')).toHaveCount(0);
      await expect(page.locator('[data-extra-module="theme"]')).toHaveCount(0);
      // The print plugin's extra component stays: only the disabled module left the page.
      await expect(page.locator('[data-extra-module="print"]')).toHaveCount(1);
      // It is the server's state, so a new page load shows it the same.
      await page.reload();
      await expect(page.getByTestId('plugins-screen')).toBeVisible();
      await expect(page.locator('[data-testid="plugin-card"][data-key="theme"]').getByRole('switch')).toHaveAttribute(
        'aria-checked',
        'false',
      );
      await expect(page.getByTestId('open-theme')).toHaveCount(0);
      await page.locator('[data-testid="plugin-card"][data-key="theme"]').getByRole('switch').click();
      await expect(page.getByTestId('open-theme')).toBeVisible();
      await expect(page.locator('[data-extra-module="theme"]')).toHaveCount(1);
      await expect(html).toHaveClass(/dark/);
      await page.getByTestId('toggle-dark').click();
      await expect(html).not.toHaveClass(/dark/);
      await page.getByTestId('open-theme').click();
      await expect(page.getByTestId('theme-drawer')).toBeVisible();
    } finally {
      await api.call('POST', '/admin/plugin/info/update', { id, status: 1 });
    }
  });

  test('PDF print: its demo prints the sheet alone; switched off, its demos and its print frame are gone', async ({
    page,
    api,
  }) => {
    // The print dialog is the browser's: it is stood in for by a record of what was on paper.
    await page.addInitScript(() => {
      const w = window as unknown as { printed: string[] };
      w.printed = [];
      window.print = () => {
        // biome-ignore lint/performance/useDomNodeTextContent: what would be printed: the text as laid out, hidden parts left out
        w.printed.push(document.getElementById('jy-print-root')?.innerText ?? '');
      };
    });
    const shell = new ShellPage(page);
    await shell.signIn('admin', '123456', '/helper/plugins');
    const print = page.locator('[data-testid="plugin-card"][data-key="print"]');
    await print.getByRole('button', { name: '示例（2）' }).click();
    const demos = page.getByTestId('plugin-demos');
    await expect(demos.getByRole('tab', { name: '基础用法' })).toHaveAttribute('aria-selected', 'true');
    await demos.getByTestId('print-button').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed.join('\n')))
      .toContain('送货单');
    // Printed, the page is itself again.
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('jy-printing'))).toBe(false);
    await expect(page.getByTestId('print-frame')).toBeEmpty();

    // The form plugin checks what was typed before it prints.
    await demos.getByRole('tab', { name: '表单插件' }).click();
    await demos.getByTestId('print-button').click();
    await expect(demos.getByRole('alert').first()).toHaveText('必填');
    expect(await page.evaluate(() => (window as unknown as { printed: string[] }).printed.length)).toBe(1);
    await demos.getByLabel('姓名').fill('王小明');
    await demos.getByLabel('事由').fill('家中有事');
    await demos.getByTestId('print-button').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed[1] ?? ''))
      .toContain('王小明');
    await page.keyboard.press('Escape');

    const { id } = await builtin(api, 'print');
    try {
      await print.getByRole('switch').click();
      await expect(print.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
      await expect(print.getByRole('button', { name: /示例/ })).toHaveCount(0);
      await expect(page.locator('[data-extra-module="print"]')).toHaveCount(0);
      await expect(page.getByTestId('print-frame')).toHaveCount(0);
    } finally {
      await api.call('POST', '/admin/plugin/info/update', { id, status: 1 });
    }
  });

  test('file upload: eight demos; the upload check refuses a file before it is sent', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signIn('admin', '123456', '/helper/plugins');
    await page
      .locator('[data-testid="plugin-card"][data-key="upload"]')
      .getByRole('button', { name: '示例（8）' })
      .click();
    const demos = page.getByTestId('plugin-demos');
    await expect(demos.getByRole('tab')).toHaveText([
      '基础用法',
      '多图上传',
      '小图模式',
      '文件上传',
      '可拖拽',
      '自定义内容',
      '上传校验',
      '文件空间',
    ]);
    await demos.getByRole('tab', { name: '上传校验' }).click();
    await expect(demos.getByText('表单自己的校验')).toBeVisible();
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/admin/base/comm/upload')) sent++;
    });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    await demos.locator('input[type=file]').setInputFiles({ name: 'dot.gif', mimeType: 'image/gif', buffer: gif });
    await expect(demos.getByRole('alert')).toContainText('dot.gif：只能上传 PNG 或 JPG 图片');
    await expect(demos.getByTestId('demo-value')).toHaveText('[]');
    expect(sent).toBe(0);
    // The base demo uploads for real and holds the file's URL.
    await demos.getByRole('tab', { name: '基础用法' }).click();
    await expect(demos.getByText('单张图片')).toBeVisible();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await demos.locator('input[type=file]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
    await expect(demos.getByTestId('demo-value')).toContainText('/uploads/');
  });
});
