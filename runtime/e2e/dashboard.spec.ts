import { test, expect, ARTIFACTS } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { LoginPage } from './pages/login-page';
import { DashboardPage } from './pages/dashboard-page';

type Figure = { total?: number; today: number };
type Chart = {
  sales: Figure;
  views: Figure;
  payments: Figure;
  users: Figure;
  hotProducts: { name: string }[];
  categoryShare: unknown[];
  series: { points: { label: string }[] };
};

/** ¥ with grouped yuan and 2 decimals, as the cards show money. */
const yuan = (cents: number) =>
  `¥${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

test.describe('dashboard', () => {
  test('the home page shows every figure from the server and draws the charts; the period switch asks again', async ({
    page,
    api,
  }) => {
    // A visit from the shop front end shows up in the views.
    const visit = await api.call('POST', '/admin/base/open/visit', { visitorId: `e2e-visitor-${Date.now()}` });
    expect(visit.status).toBe(200);
    const { data } = await api.call<Chart>('GET', '/admin/base/comm/chart', { period: 'today' });

    const shell = new ShellPage(page);
    await shell.signIn();
    const dash = new DashboardPage(page);
    await expect(dash.root).toBeVisible();
    await expect(page.getByTestId('card-sales-value')).toHaveText(yuan(data.sales.total!));
    await expect(page.getByTestId('card-payments-value')).toHaveText(data.payments.total!.toLocaleString('en-US'));
    await expect(page.getByTestId('card-users-value')).toHaveText(data.users.total!.toLocaleString('en-US'));
    // biome-ignore lint/performance/useDomNodeTextContent: the figure as the page shows it
    expect(Number((await page.getByTestId('card-views-value').innerText()).replace(/,/g, ''))).toBeGreaterThanOrEqual(
      data.views.total!,
    );
    await expect(dash.card('sales')).toContainText('周同比');
    await expect(dash.card('sales')).toContainText('日环比');
    await expect(dash.card('payments')).toContainText('转化率');
    await expect(dash.card('users')).toContainText('日新增用户');
    expect(data.hotProducts.length).toBeGreaterThan(0);
    await expect(page.getByTestId('hot-product')).toHaveCount(data.hotProducts.length);
    await expect(page.getByTestId('hot-product').first()).toContainText(data.hotProducts[0].name);

    for (const chart of ['amount', 'orders', 'category'] as const) {
      expect(await dash.paintedPixels(chart), `${chart} chart has something drawn`).toBeGreaterThan(500);
    }

    const asked = page.waitForResponse(
      (r) => r.url().includes('/admin/base/comm/chart') && r.url().includes('period=fullYear'),
    );
    await dash.choosePeriod('fullYear');
    const reply = (await (await asked).json()) as { data: Chart };
    expect(reply.data.series.points).toHaveLength(12);
    await expect.poll(() => dash.paintedPixels('amount')).toBeGreaterThan(500);
  });

  test('the chart library loads only with the dashboard, not with the shell', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/my/info');
    await new LoginPage(page).login();
    await expect(page.getByTestId('profile-form')).toBeVisible();
    expect(scripts.filter((u) => /chart-kit|dashboard-screen/.test(u))).toEqual([]);
    await page.goto('/');
    await expect(new DashboardPage(page).chart('amount')).toHaveAttribute('data-ready', 'true');
    expect(scripts.some((u) => /chart-kit/.test(u))).toBe(true);
  });

  test('a role without base:comm:chart gets the plain home page and no chart call', async ({ page, api, watch }) => {
    type Menu = { id: number; parentId: number | null; router: string | null; perms: string | null };
    const menus = (await api.call<Menu[]>('POST', '/admin/base/sys/menu/list', {})).data;
    const params = menus.find((m) => m.router === '/sys/param')!;
    // The home page itself, without its chart button.
    const home = menus.find((m) => m.router === '/')!;
    expect(menus.find((m) => m.parentId === home.id && m.perms === 'base:comm:chart')).toBeDefined();
    const name = `nochart${Date.now()}`;
    const role = await api.call<{ id: number }>('POST', '/admin/base/sys/role/add', {
      name,
      label: name,
      relevance: false,
      menuIdList: [
        home.id,
        params.parentId!,
        params.id,
        ...menus.filter((m) => m.parentId === params.id).map((m) => m.id),
      ],
      departmentIdList: [],
    });
    expect(role.code).toBe(1000);
    expect(
      (
        await api.call('POST', '/admin/base/sys/user/add', {
          username: name,
          password: 'Nochart-123',
          name,
          status: 1,
          departmentId: 1,
          roleIdList: [role.data.id],
        })
      ).code,
    ).toBe(1000);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/comm/chart')) calls.push(r.url());
    });
    const shell = new ShellPage(page);
    await shell.signIn(name, 'Nochart-123');
    await expect(page.getByTestId('greeting')).toBeVisible();
    await expect(page.getByTestId('home')).toContainText('参数列表');
    await expect(page.getByTestId('dashboard')).toHaveCount(0);
    expect(calls).toEqual([]);
    expect(watch.unexpected()).toEqual([]);
  });

  test('screenshots: light and dark, Chinese and English', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 1350 });
    const shell = new ShellPage(page);
    await shell.signIn();
    const dash = new DashboardPage(page);
    for (const [lang, dark] of [
      ['zh-cn', false],
      ['zh-cn', true],
      ['en', false],
      ['en', true],
    ] as const) {
      await page.evaluate(
        ([l, d]) => {
          localStorage.setItem('joinery.lang', l);
          const theme = JSON.parse(localStorage.getItem('joinery.theme') ?? '{}') as Record<string, unknown>;
          localStorage.setItem('joinery.theme', JSON.stringify({ ...theme, dark: d }));
        },
        [lang, dark] as const,
      );
      await page.reload();
      await expect(dash.root).toBeVisible();
      for (const chart of ['amount', 'orders', 'category'] as const)
        await expect(dash.chart(chart)).toHaveAttribute('data-ready', 'true');
      if (lang === 'en') await expect(dash.card('sales')).toContainText('Total sales');
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${ARTIFACTS}dashboard-${lang}-${dark ? 'dark' : 'light'}.png` });
    }
  });
});
