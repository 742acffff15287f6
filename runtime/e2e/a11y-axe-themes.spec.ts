import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { THEME_COLORS } from '../engine/theme-colors';
import { audit, auditDialogs, chooseTheme, COLOUR_RULES, go, report, settled, type Found } from './axe-audit';

/**
 * axe-core's colour rules over the eight theme colours (SPEC §9), light and dark, on the screens that show the brand
 * colour in each of its uses (issue 29): the login page (the colour as a fill with text on it), the dashboard
 * (figures, charts, the period switch), lists (row actions and links as text, the active tab, primary tags, list
 * tabs with counts, the chosen department) and the user dialog (pickers, checked boxes). Only the rules a colour
 * can break run here (COLOUR_RULES); all rules run on every page in the default colour in a11y-axe.spec.ts, which
 * is why the default colour is not repeated here. Add a list here when a screen uses the brand colour in a new way.
 */
const LISTS = ['/sys/user', '/order/order'];
const rules = COLOUR_RULES;

// The audits only read (a dialog opened is closed unsaved): their tests may share out over the workers.
test.describe.configure({ mode: 'parallel' });

async function auditSignedIn(page: Page, mode: string, found: Found[]): Promise<void> {
  await go(page, '/');
  found.push(...(await audit(page, `/ ${mode}`, { rules })));
  for (const path of LISTS) {
    await go(page, path);
    found.push(...(await audit(page, `${path} ${mode}`, { rules })));
  }
  expect(await auditDialogs(page, `${LISTS[0]} ${mode}`, found, rules)).toBe(2);
}

for (const { key, color } of THEME_COLORS.filter((c) => c.key !== 'default')) {
  test(`axe: the ${key} theme, light and dark, on login, dashboard, lists and a dialog`, async ({ page, browser }) => {
    test.setTimeout(150_000);
    const found: Found[] = [];
    // The login page in dark, in a tab of its own (signed out).
    const other = await browser.newContext();
    const login = await other.newPage();
    await chooseTheme(login, { dark: true, color });
    await login.goto('/login');
    await expect(login.getByTestId('login-form')).toBeVisible();
    found.push(...(await audit(login, '/login dark', { rules })));
    await other.close();

    await chooseTheme(page, { dark: false, color });
    await page.goto('/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    found.push(...(await audit(page, '/login light', { rules })));
    await new ShellPage(page).loginAs();
    await expect(page.locator('html')).toHaveAttribute('style', new RegExp(`--color-primary: ${color}`, 'i'));
    await settled(page);
    await auditSignedIn(page, 'light', found);

    await page.getByTestId('toggle-dark').click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await auditSignedIn(page, 'dark', found);
    report(`theme-${key}`, found);
  });
}
