import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { SEED_DIR } from '../../paths.js';

/** The view files of cool-admin-vue 7.3 (where they came from is said in the file). */
const ORIGINAL = JSON.parse(fs.readFileSync(path.join(SEED_DIR, 'cool-admin-vue-7.3-views.json'), 'utf8')) as {
  views: string[];
};
const ORIGINAL_VIEWS = new Set(ORIGINAL.views);

/**
 * Pages the original client has no view for, on purpose: the shop modules exist in no public version of
 * cool-admin (PROTOCOL §0, §10), so the original client shows nothing there whatever path we seed.
 */
const OURS_ONLY: { test: (viewPath: string) => boolean; reason: string }[] = [
  {
    test: (v) => v.startsWith('modules/product/views/'),
    reason: 'shop module product (goods, categories, materials, specs): SPEC only',
  },
  {
    test: (v) => v.startsWith('modules/order/views/'),
    reason: 'shop module order (orders, recommendations): SPEC only',
  },
  {
    test: (v) => v.startsWith('modules/audit/views/'),
    reason: 'shop module audit (flows, product/order/member tickets): SPEC only',
  },
  {
    test: (v) => v === 'modules/user/views/level.vue',
    reason: 'shop member levels: the original user module has list, info and address only',
  },
  {
    test: (v) => v === 'modules/base/views/history.vue',
    reason: "the field history's retention page (issue 31): the original keeps no field history",
  },
];

type MenuRow = { id: number; name: string; type: number; router: string | null; viewPath: string | null };

describe.each(DIALECTS)('seeded menus open in the original client (%s)', (dialect) => {
  let t: TestApp;
  let menus: MenuRow[];
  beforeAll(async () => {
    t = await startApp(dialect);
    const r = await t.call('GET', '/admin/base/comm/permmenu', { token: await t.login() });
    expect(r.status, r.raw).toBe(200);
    menus = (r.body.data as { menus: MenuRow[] }).menus;
  });
  afterAll(() => t.close());

  it('the view list is the original 7.3 build: paths as a viewPath names them, no components', () => {
    expect(ORIGINAL.views.length).toBeGreaterThan(20);
    for (const v of ORIGINAL.views) expect(v).toMatch(/^modules\/[a-z-]+\/(views|pages)\/[a-z0-9/-]+\.vue$/);
    expect(ORIGINAL.views.some((v) => v.includes('/components/'))).toBe(false);
    expect(ORIGINAL_VIEWS.has('modules/base/views/user/index.vue')).toBe(true);
    expect(ORIGINAL_VIEWS.has('modules/base/views/user.vue'), 'a 6.x path, gone in 7.3').toBe(false);
  });

  it('every seeded page names a view of the original build, except the shop modules', () => {
    const pages = menus.filter((m) => Number(m.type) === 1);
    expect(pages.length).toBeGreaterThan(15);
    const cannotOpen = pages
      .filter((m) => !/^https?:\/\//.test(m.viewPath ?? ''))
      .filter((m) => !ORIGINAL_VIEWS.has((m.viewPath ?? '').replace(/^cool\//, '')))
      .filter((m) => !OURS_ONLY.some((o) => o.test(m.viewPath ?? '')))
      .map((m) => `${m.name} ${m.router ?? ''} → ${m.viewPath ?? '(none)'}`);
    expect(cannotOpen, 'pages the original client opens blank').toEqual([]);
    // The exceptions are really exceptions: each names at least one seeded page, none hides a page of the original.
    for (const o of OURS_ONLY)
      expect(
        pages.some((m) => o.test(m.viewPath ?? '')),
        o.reason,
      ).toBe(true);
    expect(
      pages.filter((m) => OURS_ONLY.some((o) => o.test(m.viewPath ?? '')) && ORIGINAL_VIEWS.has(m.viewPath ?? '')),
    ).toEqual([]);
  });

  it('the system pages use the original paths (PROTOCOL §9.5)', () => {
    const viewOf = (router: string) => menus.find((m) => m.router === router)?.viewPath;
    expect(viewOf('/')).toBe('modules/demo/views/home/index.vue');
    expect(viewOf('/sys/user')).toBe('modules/base/views/user/index.vue');
    expect(viewOf('/sys/menu')).toBe('modules/base/views/menu/index.vue');
    expect(viewOf('/sys/role')).toBe('modules/base/views/role.vue');
    // At the original's routes: its client keeps a page alive only when the route (/ → -) is the component's name.
    expect(viewOf('/helper/plugins/serve')).toBe('modules/helper/views/plugins/serve.vue');
    expect(viewOf('/demo/crud')).toBe('modules/demo/views/crud/index.vue');
    expect(menus.filter((m) => m.router === '/helper/plugins' || m.router === '/demo/goods')).toEqual([]);
    // Directories and buttons carry no view.
    expect(menus.filter((m) => Number(m.type) !== 1 && m.viewPath)).toEqual([]);
  });
});

describe.each(DIALECTS)('a database seeded with the old view paths (%s)', (dialect) => {
  let t: TestApp;
  afterAll(() => t.close());

  it('is brought to the original paths at the next start; a view path an admin chose stays', async () => {
    t = await startApp(dialect);
    const db = t.app.joinery.database.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
    const setView = (router: string, viewPath: string, from = router) =>
      db
        .updateTable('base_sys_menu')
        .set({ viewPath, router })
        .where('router', '=', from)
        .where('type', '=', 1)
        .execute();
    // As an older Joinery seeded them (SPEC's routes, its own view files) — and one page an admin pointed at a view of
    // their own.
    await setView('/sys/user', 'modules/base/views/user.vue');
    await setView('/demo/goods', 'modules/demo/views/goods.vue', '/demo/crud');
    await setView('/helper/plugins', 'modules/helper/views/plugins.vue', '/helper/plugins/serve');
    await setView('/sys/menu', 'modules/custom/views/my-menu.vue');
    t = await t.restart();
    const rows = await t.rows('base_sys_menu');
    const viewOf = (router: string) => rows.find((m) => m.router === router && Number(m.type) === 1)?.viewPath;
    expect(viewOf('/sys/user')).toBe('modules/base/views/user/index.vue');
    expect(viewOf('/demo/crud')).toBe('modules/demo/views/crud/index.vue');
    expect(viewOf('/helper/plugins/serve')).toBe('modules/helper/views/plugins/serve.vue');
    // Moved, not made again: one page each.
    expect(rows.filter((m) => ['/demo/goods', '/helper/plugins'].includes(String(m.router)))).toEqual([]);
    expect(rows.filter((m) => m.router === '/demo/crud')).toHaveLength(1);
    expect(viewOf('/sys/menu'), 'an admin’s own view path is kept').toBe('modules/custom/views/my-menu.vue');
    // The signed-in menu reflects it at once.
    const r = await t.call('GET', '/admin/base/comm/permmenu', { token: await t.login() });
    expect((r.body.data as { menus: MenuRow[] }).menus.find((m) => m.router === '/sys/user')?.viewPath).toBe(
      'modules/base/views/user/index.vue',
    );
  });
});
