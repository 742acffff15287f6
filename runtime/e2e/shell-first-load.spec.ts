import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';

/*
 * The first load of a signed-in page: index.html starts the console's first calls and the list page's own before the
 * app's scripts have run (runtime/index.html, runtime/boot/early-page-calls.ts); the app takes each reply once and
 * draws the list with its rows at once (runtime/shell/first-screen-calls.ts).
 */
test.describe('first load', () => {
  test('a signed-in page load sends its first calls once each, before the app has started, and uses their replies; the list asks for its rows, preferences and master list once', async ({
    page,
  }) => {
    const shell = new ShellPage(page);
    await shell.loginAs();
    // The dictionary list: its rows beside a master list (the dictionary types).
    await page.goto('/dict/list');
    await expect(page.getByTestId('entity-table').locator('tbody tr[data-row-id]').first()).toBeVisible();
    const FIRST = [
      '/admin/base/open/eps',
      '/admin/base/comm/permmenu',
      '/admin/base/comm/person',
      '/admin/base/comm/plugins',
    ];
    const sent: string[] = [];
    const calls: string[] = [];
    const scripts: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      // The console calls the server under /api (runtime/engine/api-base.ts).
      const call = url.pathname.replace(/^\/api(?=\/admin\/)/, '');
      if (FIRST.includes(call)) sent.push(call);
      if (call.startsWith('/admin/')) calls.push(`${r.method()} ${call}${url.search} ${r.postData() ?? ''}`);
      if (r.resourceType() === 'script' && /\/assets\/index-/.test(url.pathname)) scripts.push(url.pathname);
    });
    // When the list is first drawn, on the page's own clock.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="entity-table"]')) return;
        seen.disconnect();
        (window as { __tableDrawnAt?: number }).__tableDrawnAt = performance.now();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    // In the default language, and in another one saved (its texts load first; the early calls were made in it).
    for (const lang of ['zh-cn', 'en']) {
      await page.evaluate((l) => localStorage.setItem('joinery.lang', l), lang);
      sent.length = 0;
      calls.length = 0;
      scripts.length = 0;
      await page.reload();
      await expect(page.getByTestId('entity-table').locator('tbody tr[data-row-id]').first()).toBeVisible();
      await expect(page.getByTestId('user-name')).toHaveText('管理员');
      await expect(shell.sidebar.locator('a, button').first()).toBeVisible();
      // The rows were asked for before the list was drawn, not by the drawn list's hooks.
      const order = await page.evaluate(() => ({
        asked: performance.getEntriesByType('resource').find((e) => e.name.endsWith('/admin/dict/info/page'))
          ?.startTime,
        drawn: (window as { __tableDrawnAt?: number }).__tableDrawnAt,
      }));
      expect(order.asked, lang).toBeLessThan(order.drawn ?? 0);
      await expect(page.getByTestId('master-panel').locator('[data-master]').first()).toBeVisible();
      // Started by index.html (the app's entry script was requested too), each taken by the app: none asked twice.
      expect(scripts).toHaveLength(1);
      expect([...sent].sort()).toEqual([...FIRST].sort());
      // The page's own calls, started by the app before it drew the page (shell/first-screen-calls.ts), and the
      // dictionaries once the menu was in (index.html): each once, with the body the page's hooks send.
      expect(calls).toEqual(
        expect.arrayContaining([
          'POST /admin/dict/info/page {"page":1,"size":20}',
          'GET /admin/base/comm/pref?key=columns%3Adict%2Finfo ',
          'POST /admin/dict/type/list {}',
          'POST /admin/dict/info/data {}',
        ]),
      );
      expect(calls.filter((c, i) => calls.indexOf(c) !== i)).toEqual([]);
      expect(
        await page.evaluate(() =>
          Object.keys((window as { __joineryEarlyCalls?: object }).__joineryEarlyCalls ?? { none: 1 }),
        ),
      ).toEqual([]);
    }
  });

  test('a list page asks for its rows before the app’s script has arrived, and is first drawn with them', async ({
    page,
  }) => {
    const shell = new ShellPage(page);
    await shell.loginAs();
    await page.goto('/dict/list?size=10');
    const rows = page.getByTestId('entity-table').locator('tbody tr[data-row-id]');
    await expect(rows.first()).toBeVisible();
    // The app's entry script is held until the rows have been asked for (at most 10 s): only index.html's boot script
    // can ask for them meanwhile. (Routing turns the HTTP cache off: the script is fetched again.)
    let asked = false;
    let rowsAsked: () => void = () => undefined;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/admin/dict/info/page') && r.postData() === '{"page":1,"size":10}') {
        asked = true;
        rowsAsked();
      }
    });
    let held = 0;
    let askedWhileHeld = false;
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      held++;
      const rowsCall = new Promise<void>((resolve) => {
        rowsAsked = resolve;
        if (asked) resolve();
      });
      await Promise.race([rowsCall, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      askedWhileHeld = asked;
      await route.continue();
    });
    // Whether the table had rows when it first appeared.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        const table = document.querySelector('[data-testid="entity-table"]');
        if (!table) return;
        seen.disconnect();
        (window as { __firstTableRows?: number }).__firstTableRows =
          table.querySelectorAll('tbody tr[data-row-id]').length;
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    for (const lang of ['zh-cn', 'zh-tw']) {
      await page.evaluate((l) => localStorage.setItem('joinery.lang', l), lang);
      asked = false;
      askedWhileHeld = false;
      held = 0;
      await page.reload();
      await expect(rows.first()).toBeVisible();
      expect(held, lang).toBe(1);
      expect(askedWhileHeld, `${lang}: the rows were asked for while the app's script was held`).toBe(true);
      expect(await page.evaluate(() => (window as { __firstTableRows?: number }).__firstTableRows), lang).toBe(
        await rows.count(),
      );
    }
  });
});
