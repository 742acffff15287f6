import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, ARTIFACTS, type AdminApi } from './fixtures';

/**
 * axe-core over the console's screens (issue 29): what a11y-axe.spec.ts (every menu page and generic dialog, light and
 * dark, in the eight theme colours with theme-sweep.ts) and the widget specs share.
 * Rules: every rule with a WCAG 2.0/2.1 A or AA tag, the experimental ones included, the deprecated ones not;
 * serious and critical violations fail, none is exempt.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type Found = { rule: string; impact: string; where: string; nodes: string[] };

type AxeResult = {
  violations: { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[];
};

/**
 * The rules whose outcome depends on the colours: what a theme colour or the mode can break. The second mode and the
 * other colours run only these; the rest (names, roles, structure) do not change with the colours.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe on the page, or only inside `within` (a CSS selector: an open dialog, whose page behind was audited
 * already and is inert), with the WCAG A/AA rules or only `rules`. Returns the serious and critical violations,
 * each with its nodes and why they fail.
 */
export async function audit(
  page: Page,
  where: string,
  { within, rules }: { within?: string; rules?: string[] } = {},
): Promise<Found[]> {
  const run = () =>
    page.evaluate(
      async ({ tags, within, rules }) => {
        // Not yet in this document: put in below, and run again.
        if (!('axe' in window)) return null;
        // Colours are measured at rest: a fade or colour transition under way (a table's rows fading back in after a
        // refresh, a theme switch) would be read half-way, so each is taken to its end, where it comes to rest anyway,
        // rather than waited for. Endless animations (a spinner) are left alone.
        for (const a of document.getAnimations())
          if (a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY) a.finish();
        const axe = (
          window as unknown as {
            axe: {
              run: (ctx: unknown, o: unknown) => Promise<AxeResult>;
              getRules: (tags: string[]) => { ruleId: string; tags: string[] }[];
            };
          }
        ).axe;
        const context = within ? { include: [[within]] } : document;
        // Every rule with a WCAG A/AA tag by name: a run by tag leaves out the ones axe marks experimental (p-as-heading,
        // td-has-header, table-fake-caption, css-orientation-lock). Only the deprecated ones stay out.
        const all = axe
          .getRules(tags)
          .filter((r) => !r.tags.includes('deprecated'))
          .map((r) => r.ruleId);
        const runOnly = { type: 'rule', values: rules ?? all };
        const result = await axe.run(context, { runOnly, resultTypes: ['violations'] });
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact ?? '',
          nodes: v.nodes.map((n) => `${JSON.stringify(n.target)} ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
        }));
      },
      { tags: TAGS, within, rules },
    );
  let violations = await run();
  if (!violations) {
    // Evaluated through the test tool, as the page's CSP (rightly) refuses an injected inline script.
    await page.evaluate(AXE_SOURCE);
    violations = await run();
  }
  if (!violations) throw new Error(`axe-core could not be put into the page at ${where}`);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, where, nodes: v.nodes }));
}

/** Client-side navigation (the router listens to popstate): the app is not loaded again for each page. */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
  await settled(page);
}

/** The page has its code and data: no call under way, no screen or table loading, the dashboard's charts drawn. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // A screen's code can still be coming in (or be evaluated) when the calls have settled.
  await expect(page.getByTestId('page-loading')).toHaveCount(0, { timeout: 30_000 });
  // A long list (the order audits join hundreds of orders) can take more than the usual 8 s on a loaded machine.
  await expect(page.locator('[data-testid="entity-table"] table[aria-busy="true"]')).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(page.locator('[data-testid^="chart-"][data-ready="false"]')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * The pages of the menu (what a user can open from the sidebar), read from the server, so a screen added to the
 * menu is audited without touching the specs.
 */
export async function menuPages(api: AdminApi): Promise<string[]> {
  const menus = (
    await api.call<{ type: number; router: string | null; isShow: boolean | number }[]>(
      'POST',
      '/admin/base/sys/menu/list',
      {},
    )
  ).data;
  return [...new Set(menus.filter((m) => m.type === 1 && m.router && m.isShow).map((m) => m.router!))];
}

/**
 * Opens the generic screen's add dialog and the edit dialog of its first row (those it offers), auditing each
 * inside the dialog with all rules, only the rules listed, or `check` (called with the dialog open, with where it
 * is and the dialog's selector); returns how many it opened.
 */
export async function auditDialogs(
  page: Page,
  path: string,
  found: Found[],
  how?: string[] | ((where: string, within: string) => Promise<Found[]>),
): Promise<number> {
  const screen = page.getByTestId('entity-screen');
  if (!(await screen.count())) return 0;
  let opened = 0;
  for (const { name, button } of [
    { name: 'add', button: screen.getByRole('button', { name: /^\+? ?新增$/ }) },
    { name: 'edit', button: screen.getByRole('button', { name: /^编辑/ }).first() },
  ]) {
    if (!(await button.count()) || !(await button.isEnabled())) continue;
    await button.click();
    // The generic form, or a screen's own add form (an order's lines: overrides/add-views.ts).
    const within = '[data-testid="edit-dialog"], [data-testid="order-add"]';
    const dialog = page.locator(within);
    await expect(dialog).toBeVisible();
    if (await page.getByTestId('edit-dialog').count()) await expect(dialog.locator('form#entity-form')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const where = `${path} ${name} dialog`;
    found.push(
      ...(await (typeof how === 'function' ? how(where, within) : audit(page, where, { within, rules: how }))),
    );
    opened++;
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  return opened;
}

/** Writes what was found to artifacts/axe-<name>.json and fails with one line per violation. */
export function report(name: string, found: Found[]): void {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(`${ARTIFACTS}axe-${name}.json`, JSON.stringify(found, null, 1));
  expect(found.map((f) => `${f.where}: ${f.rule} (${f.impact}) ${f.nodes.slice(0, 3).join(' | ')}`)).toEqual([]);
}

/**
 * A second tab of the same browser on a same-origin address outside the app (a JSON reply): a theme choice written
 * there fires a storage event in the app's tab, which applies it at once (theme.ts), as a choice made in another tab
 * of the console does. Lets one loaded page be audited in every colour and mode without a reload.
 */
export async function themeRemote(page: Page): Promise<Page> {
  const remote = await page.context().newPage();
  await remote.goto('/admin/base/comm/program');
  return remote;
}

/** Chooses the colour and mode from `remote` (themeRemote) and waits until `page` shows them. */
export async function switchTheme(page: Page, remote: Page, theme: { dark: boolean; color: string }): Promise<void> {
  // Waits in the page, for the attribute change itself (the console sets the class and the colours together):
  // polling from here would add a tenth of a second or more to each of the many switches.
  const shown = page.evaluate(
    ({ color, dark }) =>
      new Promise<void>((resolve) => {
        const root = document.documentElement;
        const done = () =>
          root.style.getPropertyValue('--color-primary').trim().toLowerCase() === color.toLowerCase() &&
          root.classList.contains('dark') === dark;
        if (done()) return resolve();
        const watch = new MutationObserver(() => {
          if (!done()) return;
          watch.disconnect();
          resolve();
        });
        watch.observe(root, { attributes: true });
      }),
    theme,
  );
  await remote.evaluate((t) => {
    const key = 'joinery.theme';
    const stored = localStorage.getItem(key);
    const wanted = JSON.stringify({ ...JSON.parse(stored ?? '{}'), ...t });
    // A write of what the storage already holds fires no storage event: when the page shows something else (it was
    // reloaded or switched in between), the other mode is written first, so the page hears of the change.
    if (wanted === stored) localStorage.setItem(key, JSON.stringify({ ...JSON.parse(wanted), dark: !t.dark }));
    localStorage.setItem(key, wanted);
  }, theme);
  await shown;
  const html = page.locator('html');
  await expect(html).toHaveAttribute('style', new RegExp(`--color-primary: ${theme.color};`, 'i'));
  await expect(html).toHaveClass(theme.dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}
