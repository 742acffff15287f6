import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { audit, auditDialogs, chooseTheme, go, menuPages, report, settled, type Found } from './axe-audit';

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) over the login page, every menu page and the add/edit dialogs of every
 * generic screen, plus the theme drawer and a delete confirmation, in the default theme, light and dark (issue 29).
 * Any serious or critical violation fails, colour contrast included. The pages come from the menu (axe-audit.ts
 * `menuPages`): a screen added to the menu is audited here without a change. The eight theme colours are audited
 * on the screens that show the brand colour by a11y-axe-themes.spec.ts.
 */
for (const dark of [false, true]) {
  const mode = dark ? 'dark' : 'light';
  test(`axe: login, every menu page and the generic add/edit dialogs (${mode}) have no serious or critical violation`, async ({
    page,
    api,
  }) => {
    const paths = await menuPages(api);
    expect(paths.length).toBeGreaterThan(10);
    // Time scales with the menu: about 20 s a page with its two dialogs on a loaded 2-core machine.
    test.setTimeout(60_000 + paths.length * 20_000);
    await chooseTheme(page, { dark });
    const found: Found[] = [];

    await page.goto('/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    found.push(...(await audit(page, '/login')));

    const shell = new ShellPage(page);
    await shell.loginAs();
    await expect(page.locator('html')).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await settled(page);
    found.push(...(await audit(page, '/')));

    // The theme drawer: the eight colour swatches, the chosen one marked.
    await page.getByTestId('open-theme').click();
    await expect(page.getByTestId('theme-color-default')).toBeVisible();
    found.push(...(await audit(page, 'theme drawer', { within: '[data-testid="theme-drawer"]' })));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('theme-drawer')).toBeHidden();

    let dialogs = 0;
    let confirmation = false;
    for (const path of paths) {
      await go(page, path);
      found.push(...(await audit(page, path)));
      dialogs += await auditDialogs(page, path, found);
      // One delete confirmation (an alert dialog with the danger button), cancelled.
      const remove = page.getByTestId('entity-screen').getByRole('button', { name: /^删除/ }).first();
      if (!confirmation && (await remove.count()) && (await remove.isEnabled())) {
        await remove.click();
        await expect(page.getByTestId('confirm-delete')).toBeVisible();
        found.push(...(await audit(page, `${path} delete confirmation`, { within: '[data-testid="confirm-delete"]' })));
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('confirm-delete')).toBeHidden();
        confirmation = true;
      }
    }
    expect(dialogs).toBeGreaterThan(10);
    expect(confirmation).toBe(true);
    report(mode, found);
  });
}
