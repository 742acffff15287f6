import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { LoginPage } from './pages/login-page';
import { THEME_COLORS } from '../engine/theme-colors';
import { audit, auditDialogs, COLOUR_RULES, report, settled, switchTheme, themeRemote, type Found } from './axe-audit';

/**
 * axe-core's colour rules over the eight theme colours (SPEC §9), light and dark, on the screens that show the brand
 * colour in each of its uses (issue 29): the login page (the colour as a fill with text on it), the dashboard
 * (figures, charts, the period switch), the theme drawer (the chosen swatch), lists (row actions and links as text,
 * the active tab, primary tags, list tabs with counts, the chosen department) and the order's and the user's add and
 * edit dialogs (pickers, checked boxes, the order's lines). Only the rules a colour can break run here (COLOUR_RULES); all rules run on every page in the default
 * colour in a11y-axe.spec.ts, which is why the default colour is not repeated here. Add a list here when a screen
 * uses the brand colour in a new way.
 *
 * Each screen is loaded once and audited in all fourteen colour and mode pairs: the choice is written from a second
 * tab (axe-audit.ts `themeRemote`), which the console applies at once, as it does a choice made in another tab.
 */
const COMBOS = THEME_COLORS.filter((c) => c.key !== 'default').flatMap(({ key, color }) =>
  [false, true].map((dark) => ({ key, color, dark })),
);

/**
 * The colour rules over what `page` shows (or `within` it), in each colour and mode. The pairs are gone through
 * forwards and backwards in turn, so a screen starts in the pair the one before ended in, without a switch.
 */
let backwards = false;
async function inEveryTheme(page: Page, remote: Page, where: string, within?: string): Promise<Found[]> {
  const found: Found[] = [];
  const combos = backwards ? [...COMBOS].reverse() : COMBOS;
  backwards = !backwards;
  for (const { key, color, dark } of combos) {
    await switchTheme(page, remote, { color, dark });
    found.push(...(await audit(page, `${where} (${key} ${dark ? 'dark' : 'light'})`, { within, rules: COLOUR_RULES })));
  }
  return found;
}

// The audits only read (a dialog opened is closed unsaved): their tests may share out over the workers.
test.describe.configure({ mode: 'parallel' });

test('axe: the seven other theme colours, light and dark, on login, dashboard and theme drawer', async ({ page }) => {
  test.setTimeout(150_000);
  const found: Found[] = [];
  const remote = await themeRemote(page);
  const login = new LoginPage(page);
  await login.goto();
  found.push(...(await inEveryTheme(page, remote, '/login')));
  await login.login();
  await expect(page).toHaveURL(/\/$/);
  await new ShellPage(page).ready();
  await settled(page);
  found.push(...(await inEveryTheme(page, remote, '/')));
  await page.getByTestId('open-theme').click();
  await expect(page.getByTestId('theme-color-default')).toBeVisible();
  found.push(...(await inEveryTheme(page, remote, 'theme drawer', '[data-testid="theme-drawer"]')));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('theme-drawer')).toBeHidden();
  report('themes-1', found);
});

// The order list in a test of its own, so the two share out over the workers.
test('axe: the seven other theme colours, light and dark, on the order list and its add and edit dialogs', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const found: Found[] = [];
  const remote = await themeRemote(page);
  await new ShellPage(page).signIn('admin', '123456', '/order/order');
  await settled(page);
  found.push(...(await inEveryTheme(page, remote, '/order/order')));
  // The order's own add form (its lines) and the generic edit form.
  const dialogs = await auditDialogs(page, '/order/order', found, (where, within) =>
    inEveryTheme(page, remote, where, within),
  );
  expect(dialogs).toBe(2);
  report('themes-3', found);
});

test('axe: the seven other theme colours, light and dark, on the user list and its add and edit dialogs', async ({
  page,
  api,
}) => {
  test.setTimeout(150_000);
  // A user with a department and a role, so the list has a row and the edit form shows both pickers filled.
  const stamp = Date.now().toString(36);
  const roles = await api.call<{ id: number }[]>('POST', '/admin/base/sys/role/list', {});
  const made = await api.call('POST', '/admin/base/sys/user/add', {
    username: `themes_${stamp}`,
    password: 'Themes-123',
    name: `配色 ${stamp}`,
    status: 1,
    departmentId: 1,
    roleIdList: roles.data.slice(0, 1).map((r) => r.id),
  });
  expect(made.code).toBe(1000);
  const found: Found[] = [];
  const remote = await themeRemote(page);
  await new ShellPage(page).signIn('admin', '123456', '/sys/user');
  await settled(page);
  await expect(page.getByTestId('entity-table').locator('tbody tr[data-row-id]').first()).toBeVisible();
  found.push(...(await inEveryTheme(page, remote, '/sys/user')));
  const dialogs = await auditDialogs(page, '/sys/user', found, (where, within) =>
    inEveryTheme(page, remote, where, within),
  );
  expect(dialogs).toBe(2);
  report('themes-2', found);
});
