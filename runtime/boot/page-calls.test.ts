import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../server/test/support/harness';
import { buildMenu, type PermMenu } from '../engine/menu-tree';
import type { EpsEntry } from '../engine/eps';
import { indexEps } from '../engine/eps-index';
import { canRead } from '../engine/list-call';
import { resolveView } from '../screens/view-registry';
import { pageCalls } from './page-calls';

/*
 * The calls index.html's boot script starts for the page being opened, worked out from a real server's eps and menu.
 * A call it starts that the page does not make is a query for nothing; one it misses is asked for later: both are
 * checked against what the console's view registry says each page shows.
 */
let t: TestApp;
let token: string;
let permmenu: PermMenu;
let eps: Record<string, EpsEntry[]>;

beforeAll(async () => {
  t = await startApp('sqlite');
  token = await t.login();
  permmenu = (await t.call('GET', '/admin/base/comm/permmenu', { token })).body.data as PermMenu;
  eps = (await t.call('GET', '/admin/base/open/eps', { token })).body.data as Record<string, EpsEntry[]>;
});
afterAll(async () => t?.close());

const at = (pathname: string, search = '') => pageCalls(eps, permmenu.menus, { pathname, search });

describe('the first calls of the page being opened', () => {
  it('a list with a master list: its rows (as its address says), its column preferences and the master list', () => {
    expect(at('/sys/user', '?page=2&size=50&kw=%E5%BC%A0&order=createTime&sort=asc&f.status=1')).toEqual([
      {
        method: 'POST',
        path: '/admin/base/sys/user/page',
        data: { page: 2, size: 50, order: 'createTime', sort: 'asc', keyWord: '张', status: '1' },
        swrKey: [
          'entity-rows',
          'base/sys/user',
          'page',
          '{"page":2,"size":50,"order":"createTime","sort":"asc","keyWord":"张","status":"1"}',
        ],
      },
      {
        method: 'GET',
        path: '/admin/base/comm/pref?key=columns%3Abase%2Fsys%2Fuser',
        swrKey: ['/admin/base/comm/pref', 'columns:base/sys/user'],
      },
      { method: 'POST', path: '/admin/base/sys/department/list', data: {} },
    ]);
  });

  it('the rows of a tree are its whole list (no page, no keyword) and are not given to the first render', () => {
    const [rows] = at('/sys/menu', '?page=3&kw=x');
    expect(rows).toEqual({ method: 'POST', path: '/admin/base/sys/menu/list', data: {}, swrKey: undefined });
  });

  it('agrees with the view registry on every seeded page: list calls exactly for the entity pages the user may read', async () => {
    const index = indexEps(eps);
    const pages = [...new Set(buildMenu(permmenu.menus).byPath.values())];
    expect(pages.length).toBeGreaterThan(15);
    for (const page of pages) {
      const view = resolveView(page, index);
      const calls = at(page.path);
      if (view.kind === 'entity' && canRead(view.entry)) {
        expect(calls[0]?.path, page.path).toMatch(new RegExp(`^/admin/${view.prefix}/(page|list)$`));
        expect(calls[1]?.path, page.path).toBe(
          `/admin/base/comm/pref?key=${encodeURIComponent(`columns:${view.prefix}`)}`,
        );
      } else expect(calls, page.path).toEqual([]);
    }
    // The home page ('/') is the dashboard, a screen of its own.
    expect(at('/')).toEqual([]);
    expect(at('/no/such/page')).toEqual([]);
  });

  it('starts nothing for a list the user may not read (eps lists none of its calls)', () => {
    const withoutUserCalls = Object.fromEntries(
      Object.entries(eps).map(([module, entries]) => [
        module,
        entries.map((e) => (e.prefix === '/admin/base/sys/user' ? { ...e, api: [] } : e)),
      ]),
    );
    expect(pageCalls(withoutUserCalls, permmenu.menus, { pathname: '/sys/user', search: '' })).toEqual([]);
  });

  it('index.html’s boot script is built from the console’s own pure modules only, and stays small', async () => {
    const out = await build({
      entryPoints: [path.join(import.meta.dirname, 'early-page-calls.ts')],
      bundle: true,
      write: false,
      metafile: true,
      format: 'iife',
      minify: true,
    });
    const inputs = Object.keys(out.metafile.inputs);
    expect(inputs.filter((file) => file.includes('node_modules') || /\/(i18n|shell|widgets)\//.test(file))).toEqual([]);
    expect(inputs).toContain('runtime/boot/page-calls.ts');
    // Inline in every page's HTML (it is sent on every cold load): ~6 KB now.
    expect(out.outputFiles[0]?.text.length).toBeLessThan(10_000);
  });
});
