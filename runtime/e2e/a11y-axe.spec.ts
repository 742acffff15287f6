import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import {
  audit,
  auditDialogs,
  chooseTheme,
  COLOUR_RULES,
  go,
  menuPages,
  report,
  settled,
  type Found,
} from './axe-audit';

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) over the login page, every menu page and the add/edit dialogs of every
 * generic screen, plus the theme drawer and delete confirmations, in the default theme, light and dark (issue 29;
 * in dark only the colour rules, as the rest do not change with the mode).
 * Any serious or critical violation fails, colour contrast included. The pages come from the menu (axe-audit.ts
 * `menuPages`): a screen added to the menu is audited here without a change. They are shared out over CHUNKS tests
 * per mode (page i goes to chunk i mod CHUNKS), each signed in on its own, so a slow or failing page costs one
 * chunk, not the run. The eight theme colours are audited by a11y-axe-themes.spec.ts.
 */
const CHUNKS = 4;

// The audits only read (a dialog opened is closed unsaved): their tests may share out over the workers.
test.describe.configure({ mode: 'parallel' });

for (const dark of [false, true]) {
  const mode = dark ? 'dark' : 'light';
  // Names, roles and structure do not change with the mode: the light chunks check every rule on the same pages and
  // dialogs, the dark ones the rules a colour can break (colour contrast above all).
  const rules = dark ? COLOUR_RULES : undefined;
  for (let chunk = 0; chunk < CHUNKS; chunk++) {
    const name = `${mode}, menu pages ${chunk + 1} of ${CHUNKS}${chunk === 0 ? ', login and theme drawer' : ''}`;
    test(`axe (${name}): no serious or critical violation`, async ({ page, api }) => {
      const paths = (await menuPages(api)).filter((_, i) => i % CHUNKS === chunk);
      expect(paths.length).toBeGreaterThan(2);
      // A page with its two dialogs takes 5 to 20 s on a loaded 2-core machine.
      test.setTimeout(60_000 + paths.length * 45_000);
      await chooseTheme(page, { dark });
      const found: Found[] = [];
      const shell = new ShellPage(page);
      if (chunk === 0) {
        await page.goto('/login');
        await expect(page.getByTestId('login-form')).toBeVisible();
        found.push(...(await audit(page, '/login', { rules })));
      }
      await shell.loginAs();
      await expect(page.locator('html')).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      if (chunk === 0) {
        await settled(page);
        found.push(...(await audit(page, '/', { rules })));
        // The theme drawer: the eight colour swatches, the chosen one marked.
        await page.getByTestId('open-theme').click();
        await expect(page.getByTestId('theme-color-default')).toBeVisible();
        found.push(...(await audit(page, 'theme drawer', { within: '[data-testid="theme-drawer"]', rules })));
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('theme-drawer')).toBeHidden();
      }

      let dialogs = 0;
      let confirmation = false;
      for (const path of paths) {
        await go(page, path);
        found.push(...(await audit(page, path, { rules })));
        dialogs += await auditDialogs(page, path, found, rules);
        // One delete confirmation per chunk (an alert dialog with the danger button), cancelled.
        const remove = page.locator('[data-testid="entity-table"] [data-focus-key^="delete:"]').first();
        if (!confirmation && (await remove.count()) && (await remove.isEnabled())) {
          await remove.click();
          await expect(page.getByTestId('confirm-delete')).toBeVisible();
          const within = '[data-testid="confirm-delete"]';
          found.push(...(await audit(page, `${path} delete confirmation`, { within, rules })));
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('confirm-delete')).toBeHidden();
          confirmation = true;
        }
      }
      expect(dialogs).toBeGreaterThan(2);
      report(`${mode}-${chunk + 1}`, found);
    });
  }
}
