import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { LoginPage } from './pages/login-page';
import { THEME_COLORS } from '../engine/theme-colors';
import {
  audit,
  auditDialogs,
  COLOUR_RULES,
  go,
  menuPages,
  report,
  settled,
  switchTheme,
  themeRemote,
  type Found,
} from './axe-audit';
import { themeSweep } from './theme-sweep';

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) over the login page, every menu page and the add/edit dialogs of every
 * generic screen, plus the theme drawer and delete confirmations, in all eight theme colours, light and dark (issue
 * 29): every rule in the default colour in one mode, the colour rules in the other (the rest do not change with the
 * mode), and in each mode the seven other colours through theme-sweep.ts (what a colour changes, judged once). Each screen
 * is loaded once: the mode is switched in the page, from a second tab (axe-audit.ts `themeRemote`), as a choice made
 * in another tab would be.
 * Any serious or critical violation fails, colour contrast included. The pages come from the menu (axe-audit.ts
 * `menuPages`): a screen added to the menu is audited here without a change. They are shared out over CHUNKS tests
 * (page i goes to chunk i mod CHUNKS), each signed in on its own, so a slow or failing page costs one
 * chunk, not the run.
 */
// Five, not four: with the seeded menu, page i mod 5 spreads the long lists (orders, products, addresses, tasks and
// the audit queues) so that no chunk takes much more than another (36 s at most against 48 s with four, measured).
const CHUNKS = 5;
const DEFAULT_COLOR = THEME_COLORS[0].color;

/**
 * What the page shows (or `within` it): every rule in the mode it is in, then the colour rules in the other (names,
 * roles and structure do not change with the mode), the mode switched in the page (axe-audit.ts `switchTheme`) and left
 * there for the next: one switch for each thing audited, each seen in both modes; in each mode, after the default
 * colour, the seven others (theme-sweep.ts).
 */
async function auditor(page: Page): Promise<(where: string, within?: string) => Promise<Found[]>> {
  const remote = await themeRemote(page);
  let dark = false;
  return async (where, within) => {
    const first = await audit(page, `${where} ${dark ? 'dark' : 'light'}`, { within });
    const firstColours = await themeSweep(page, where, within);
    dark = !dark;
    await switchTheme(page, remote, { dark, color: DEFAULT_COLOR });
    const second = await audit(page, `${where} ${dark ? 'dark' : 'light'}`, { within, rules: COLOUR_RULES });
    const secondColours = await themeSweep(page, where, within);
    return [...first, ...firstColours, ...second, ...secondColours];
  };
}

// The audits only read (a dialog opened is closed unsaved): their tests may share out over the workers.
test.describe.configure({ mode: 'parallel' });

for (let chunk = 0; chunk < CHUNKS; chunk++) {
  const name = `menu pages ${chunk + 1} of ${CHUNKS}${chunk === 0 ? ', login and theme drawer' : ''}`;
  test(`axe (${name}), light and dark: no serious or critical violation`, async ({ page, api }) => {
    const paths = (await menuPages(api)).filter((_, i) => i % CHUNKS === chunk);
    expect(paths.length).toBeGreaterThan(2);
    // A page with its two dialogs, in both modes, takes 5 to 30 s on a loaded 2-core machine.
    test.setTimeout(60_000 + paths.length * 60_000);
    if (paths.includes('/sys/user')) {
      // The seed's only user (admin) is not listed: a staff member with a department and a role gives the list a row
      // and its edit form both pickers filled.
      const stamp = Date.now().toString(36);
      const roles = await api.call<{ id: number }[]>('POST', '/admin/base/sys/role/list', {});
      const made = await api.call('POST', '/admin/base/sys/user/add', {
        username: `axe_${stamp}`,
        password: 'Axe-12345',
        name: `无障碍 ${stamp}`,
        status: 1,
        departmentId: 1,
        roleIdList: roles.data.slice(0, 1).map((r) => r.id),
      });
      expect(made.code).toBe(1000);
    }
    const found: Found[] = [];
    const bothModes = await auditor(page);
    const shell = new ShellPage(page);
    if (chunk === 0) {
      // The login page is audited, then walked.
      const login = new LoginPage(page);
      await login.goto();
      found.push(...(await bothModes('/login')));
      await login.login();
      await expect(page).toHaveURL(/\/$/);
      await shell.ready();
      await settled(page);
      found.push(...(await bothModes('/')));
      // The theme drawer: the eight colour swatches, the chosen one marked.
      await page.getByTestId('open-theme').click();
      await expect(page.getByTestId('theme-color-default')).toBeVisible();
      found.push(...(await bothModes('theme drawer', '[data-testid="theme-drawer"]')));
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('theme-drawer')).toBeHidden();
    } else {
      await shell.signIn();
    }

    let dialogs = 0;
    let confirmation = false;
    for (const path of paths) {
      await go(page, path);
      found.push(...(await bothModes(path)));
      dialogs += await auditDialogs(page, path, found, bothModes);
      // One delete confirmation per chunk (an alert dialog with the danger button), cancelled.
      const remove = page.locator('[data-testid="entity-table"] [data-focus-key^="delete:"]').first();
      if (!confirmation && (await remove.count()) && (await remove.isEnabled())) {
        await remove.click();
        await expect(page.getByTestId('confirm-delete')).toBeVisible();
        found.push(...(await bothModes(`${path} delete confirmation`, '[data-testid="confirm-delete"]')));
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('confirm-delete')).toBeHidden();
        confirmation = true;
      }
    }
    expect(dialogs).toBeGreaterThan(2);
    report(`menu-${chunk + 1}`, found);
  });
}

// A phone (390 px): the shell folds its menu into a drawer, toolbars and tabs wrap, dialogs take the width, a row's
// actions go into a ⋯ menu. The pages and dialogs are the desktop's, laid out again, so a few stand for the rest:
// login, home, the menu drawer, and the two lists with the most kinds of parts (the order list's status tabs and
// actions, the user list's department panel) with their add dialogs, a row menu and the edit dialog it opens.
test('axe on a phone (390 px), light and dark: login, home, the menu drawer, two lists, a row menu and their dialogs', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const found: Found[] = [];
  const bothModes = await auditor(page);
  const login = new LoginPage(page);
  await login.goto();
  found.push(...(await bothModes('/login (390 px)')));
  await login.login();
  await expect(page).toHaveURL(/\/$/);
  await settled(page);
  found.push(...(await bothModes('/ (390 px)')));
  await page.getByTestId('toggle-fold').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  found.push(...(await bothModes('the menu drawer (390 px)', '[data-testid="phone-menu"]')));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sidebar')).toBeHidden();
  let dialogs = 0;
  for (const path of ['/order/order', '/sys/user']) {
    await go(page, path);
    // The list screen is drawn (its code may still be coming in when the calls have settled).
    await expect(page.getByTestId('entity-screen').getByRole('button', { name: /^\+? ?新增$/ })).toBeEnabled();
    found.push(...(await bothModes(`${path} (390 px)`)));
    dialogs += await auditDialogs(page, `${path} (390 px)`, found, bothModes);
  }
  // On a phone a row's actions are in its ⋯ menu: the menu, then the edit dialog opened from it.
  await go(page, '/order/order');
  await page.getByTestId('row-menu').first().click();
  const rowMenu = page.getByRole('menu');
  await expect(rowMenu).toBeVisible();
  found.push(...(await bothModes('/order/order row menu (390 px)', '[role="menu"]')));
  await rowMenu.getByRole('menuitem', { name: /^编辑/ }).click();
  await expect(page.getByTestId('edit-dialog').locator('form#entity-form')).toBeVisible();
  await page.waitForLoadState('networkidle');
  found.push(...(await bothModes('/order/order edit dialog (390 px)', '[data-testid="edit-dialog"]')));
  await page.keyboard.press('Escape');
  expect(dialogs).toBe(2);
  report('phone', found);
});
