import { test, expect, type AdminApi } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import type { EpsEntry } from '../../server/modules/base/open/eps-types';
import { VIEW_PATH_TITLES } from '../screens/view-paths';

type Menu = { type: number; router: string | null; viewPath: string | null; isShow: boolean; name: string };
type Page = { list: { id: number }[]; pagination: { total: number } };

/**
 * The seed's menu pages that are entity pages: a page whose router is an entity's menu router (eps), unless its view
 * path names one of the console's own screens (文件管理 is the file space).
 */
async function entityPages(
  api: AdminApi,
): Promise<{ router: string; prefix: string; name: string; mode: 'page' | 'list' | 'tree' }[]> {
  const menu = await api.call<{ menus: Menu[] }>('GET', '/admin/base/comm/permmenu');
  const eps = await api.call<Record<string, EpsEntry[]>>('GET', '/admin/base/open/eps');
  const byRouter = new Map(
    Object.values(eps.data)
      .flat()
      .filter((e) => e.joinery?.menu)
      .map((e) => [e.joinery!.menu!.router, e]),
  );
  return menu.data.menus
    .filter((m) => m.type === 1 && m.isShow !== false && m.router && byRouter.has(m.router))
    .filter((m) => !m.viewPath || !Object.hasOwn(VIEW_PATH_TITLES, m.viewPath.replace(/^cool\//, '')))
    .map((m) => {
      const entry = byRouter.get(m.router!)!;
      return {
        router: m.router!,
        prefix: entry.prefix.replace(/^\/admin\//, ''),
        name: m.name,
        mode: entry.joinery?.tree ? 'tree' : entry.api.some((a) => a.path === '/page') ? 'page' : 'list',
      };
    });
}

test('every entity page of the seeded menu opens and shows its seeded rows', async ({ page, api, watch }) => {
  test.setTimeout(240_000);
  const pages = await entityPages(api);
  expect(pages.length, 'entity pages found in the seeded menu').toBeGreaterThanOrEqual(20);
  const shell = new ShellPage(page);
  await shell.signIn();
  const list = new ListPage(page);
  const toPage = (d: Page | { id: number }[]): Page =>
    Array.isArray(d) ? { list: d.slice(0, 20), pagination: { total: d.length } } : d;

  for (const p of pages) {
    await test.step(`${p.router} (${p.prefix})`, async () => {
      const before = watch.unexpected().length;
      if (p.mode === 'tree') {
        // A tree table lists every record (folded or not) and says how many.
        const all = (await api.call<{ id: number }[]>('POST', `/admin/${p.prefix}/list`, {})).data;
        await shell.openMenu(p.router);
        await list.ready(p.prefix);
        await expect.soft(page.getByTestId('tree-total'), `${p.router}: total`).toContainText(String(all.length));
        if (all.length > 0) await expect.soft(list.rows.first(), `${p.router}: rows`).toBeVisible();
        expect.soft(watch.unexpected().slice(before), `${p.router}: console errors or failed calls`).toEqual([]);
        return;
      }
      const fetchPage = async () =>
        toPage(
          (
            await api.call<Page | { id: number }[]>(
              'POST',
              `/admin/${p.prefix}/${p.mode}`,
              p.mode === 'page' ? { page: 1, size: 20 } : {},
            )
          ).data,
        );
      // The server's first page just before and just after the screen loads its own: the request log grows with
      // every call, so the screen's total lies between the two, and equals them when nothing changed meanwhile.
      const a = await fetchPage();
      await shell.openMenu(p.router);
      await list.ready(p.prefix);
      const b = await fetchPage();
      const shownTotal = await list.totalCount();
      expect.soft(shownTotal, `${p.router}: total`).toBeGreaterThanOrEqual(a.pagination.total);
      expect.soft(shownTotal, `${p.router}: total`).toBeLessThanOrEqual(b.pagination.total);
      if (a.pagination.total === b.pagination.total) {
        expect.soft(await list.rowIds(), `${p.router}: rows`).toEqual(a.list.map((r) => r.id));
      } else {
        await expect.soft(list.rows, `${p.router}: rows`).toHaveCount(Math.min(20, shownTotal));
      }
      if (a.pagination.total === 0) await expect.soft(list.table).toContainText(/暂无数据|No data/);
      else await expect.soft(list.table.locator('thead th[data-column]').first()).toBeVisible();
      expect.soft(watch.unexpected().slice(before), `${p.router}: console errors or failed calls`).toEqual([]);
    });
  }
});
