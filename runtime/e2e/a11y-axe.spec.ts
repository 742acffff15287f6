import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, ARTIFACTS } from './fixtures';
import { ShellPage } from './pages/shell-page';

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) over the login page, every menu page and the add/edit dialogs of every
 * generic screen, light and dark (issue 29). Serious and critical violations fail the test, except the rules named in
 * STILL_OPEN: those are counted and written to artifacts/axe-<mode>.json, not hidden — README "Accessibility" says
 * what they are and why they are not fixed yet. Delete a rule from STILL_OPEN when it is fixed.
 */
const STILL_OPEN = new Set(['color-contrast']);

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Found = { rule: string; impact: string; where: string; nodes: string[] };

async function audit(page: Page, where: string): Promise<Found[]> {
  // Evaluated through the test tool, as the page's CSP (rightly) refuses an injected inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            o: unknown,
          ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  }, TAGS);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, where, nodes: v.nodes }));
}

/** Client-side navigation (the router listens to popstate): the app is not loaded again for each page. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
  await page.waitForLoadState('networkidle');
  // A list page has its rows (no table still busy; a page without a table passes at once).
  await expect(page.locator('[data-testid="entity-table"] table[aria-busy="true"]')).toHaveCount(0);
}

for (const dark of [false, true]) {
  const mode = dark ? 'dark' : 'light';
  test(`axe: login, every menu page and the generic add/edit dialogs (${mode}) have no serious or critical violation`, async ({
    page,
    api,
  }) => {
    test.setTimeout(300_000);
    await page.addInitScript((d) => {
      if (!sessionStorage.getItem('a11y-theme-set')) {
        localStorage.setItem('joinery.theme', JSON.stringify({ dark: d }));
        sessionStorage.setItem('a11y-theme-set', '1');
      }
    }, dark);
    const found: Found[] = [];

    await page.goto('/login');
    await expect(page.locator('form')).toBeVisible();
    found.push(...(await audit(page, '/login')));

    const shell = new ShellPage(page);
    await shell.loginAs();
    await expect(page.locator('html')).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    found.push(...(await audit(page, '/')));

    const menus = (
      await api.call<{ type: number; router: string | null; isShow: boolean | number }[]>(
        'POST',
        '/admin/base/sys/menu/list',
        {},
      )
    ).data;
    const paths = [...new Set(menus.filter((m) => m.type === 1 && m.router && m.isShow).map((m) => m.router!))];
    expect(paths.length).toBeGreaterThan(10);
    let dialogs = 0;
    for (const path of paths) {
      await go(page, path);
      found.push(...(await audit(page, path)));
      // A generic screen: its add dialog, and the edit dialog of its first row.
      const screen = page.getByTestId('entity-screen');
      if (!(await screen.count())) continue;
      const opened = [
        { name: 'add', button: screen.getByRole('button', { name: /^\+? ?新增$/ }) },
        { name: 'edit', button: screen.getByRole('button', { name: /^编辑/ }).first() },
      ];
      for (const { name, button } of opened) {
        if (!(await button.count()) || !(await button.isEnabled())) continue;
        await button.click();
        // The generic form, or a screen's own add form (an order's lines: overrides/add-views.ts).
        const dialog = page.locator('[data-testid="edit-dialog"], [data-testid="order-add"]');
        await expect(dialog).toBeVisible();
        if (await page.getByTestId('edit-dialog').count())
          await expect(dialog.locator('form#entity-form')).toBeVisible();
        await page.waitForLoadState('networkidle');
        found.push(...(await audit(page, `${path} ${name} dialog`)));
        dialogs++;
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }
    expect(dialogs).toBeGreaterThan(10);

    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const summary = (list: Found[]) => {
      const nodes: Record<string, number> = {};
      for (const f of list) nodes[f.rule] = (nodes[f.rule] ?? 0) + f.nodes.length;
      return Object.entries(nodes);
    };
    fs.writeFileSync(
      `${ARTIFACTS}axe-${mode}.json`,
      JSON.stringify({ open: summary(found.filter((f) => STILL_OPEN.has(f.rule))), found }, null, 1),
    );
    const failing = found.filter((f) => !STILL_OPEN.has(f.rule));
    expect(failing.map((f) => `${f.where}: ${f.rule} (${f.impact}) ${f.nodes.slice(0, 3).join(' ')}`)).toEqual([]);
  });
}
