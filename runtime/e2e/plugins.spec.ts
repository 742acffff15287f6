import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { shelfPackage, zip } from '../../server/test/plugin-zip';

/** Drops a file on an element as a browser does when a file is dragged from the desktop. */
async function dropFile(page: Page, testId: string, name: string, content: Buffer): Promise<void> {
  const dataTransfer = await page.evaluateHandle(({ b64, fileName }) => {
    const dt = new DataTransfer();
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    dt.items.add(new File([bytes], fileName, { type: 'application/zip' }));
    return dt;
  }, { b64: content.toString('base64'), fileName: name });
  await page.getByTestId(testId).dispatchEvent('drop', { dataTransfer });
}

test.describe('plugin centre', () => {
  test('a package dropped on the page installs; its menu and screen appear; disabled they go; uninstalled its card goes', async ({ page, api }) => {
    const key = `e2e${Date.now().toString(36)}`;
    const archive = zip(shelfPackage({ keyName: key }));
    const shell = new ShellPage(page);
    await shell.loginAs();
    await page.goto('/helper/plugins');
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
    const stored = await api.call<{ list: { keyName: string; config: Record<string, unknown> }[] }>('POST', '/admin/plugin/info/page', { page: 1, size: 100 });
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
    await shell.loginAs();
    await shell.openMenu('/sys/menu');
    await new ListPage(page).ready('base/sys/menu');
    await dropFile(page, 'entity-screen', `${key}.joinery`, zip(shelfPackage({ keyName: key })));
    const offer = page.getByTestId('menu-plugin-install');
    await expect(offer).toContainText(`将 ${key}.joinery 作为插件安装？`);
    await offer.getByRole('button', { name: '安装' }).click();
    await expect(page.getByText(`${key}.joinery 已安装`)).toBeVisible();
    await shell.openMenu(`/${key}/item`);
    await new ListPage(page).ready(`${key}/item`);
  });

  test('a file that is not a package is refused with its reason, and nothing is installed', async ({ page, api, watch }) => {
    const shell = new ShellPage(page);
    await shell.loginAs();
    await page.goto('/helper/plugins');
    const before = (await api.call<{ pagination: { total: number } }>('POST', '/admin/plugin/info/page', { page: 1, size: 1 })).data.pagination.total;
    watch.allow(/400 POST .*\/admin\/plugin\/info\/install/, /status of 400 .*\/admin\/plugin\/info\/install/);
    await dropFile(page, 'plugin-drop', 'broken.joinery', Buffer.from('this is not a zip archive'));
    await expect(page.getByText(/插件包无效: not a zip archive/)).toBeVisible();
    await dropFile(page, 'plugin-drop', 'notes.txt', Buffer.from('hello'));
    await expect(page.getByText('notes.txt 不是插件包（.joinery）')).toBeVisible();
    expect((await api.call<{ pagination: { total: number } }>('POST', '/admin/plugin/info/page', { page: 1, size: 1 })).data.pagination.total).toBe(before);
  });
});
