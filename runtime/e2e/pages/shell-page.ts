import { expect, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './login-page';

/** The signed-in frame: sidebar, header tools, tabs and the page area. */
export class ShellPage {
  readonly sidebar: Locator;
  readonly content: Locator;
  readonly tabs: Locator;
  readonly toasts: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByTestId('sidebar');
    this.content = page.getByTestId('page');
    this.tabs = page.getByTestId('tabs-bar');
    this.toasts = page.locator('[data-kind]');
  }

  /**
   * Signs in without the login page, for the many tests whose subject is not the login page (those that test it walk
   * it with `loginAs`): one login call to the API (the test server's captcha is off), its session written into the
   * browser's storage before the app's next page load (as the login page writes it: engine/session.ts, the earlier
   * user's data gone), then the home page, as a login lands there, or the page at `at` (a test that opens a page by
   * its address first: the app is loaded once).
   */
  async signIn(username = 'admin', password = '123456', at = '/'): Promise<void> {
    const reply = await this.page.request.post('/admin/base/open/login', {
      data: { username, password, captchaId: 'e2e', verifyCode: '0000' },
    });
    const tokens = (await reply.json()).data as {
      token: string;
      expire: number;
      refreshToken: string;
      refreshExpire: number;
    } | null;
    if (!tokens?.token) throw new Error(`login of ${username} failed: ${reply.status()} ${await reply.text()}`);
    const now = Date.now();
    const session = JSON.stringify({
      token: tokens.token,
      expire: now + tokens.expire * 1000,
      refreshToken: tokens.refreshToken,
      refreshExpire: now + tokens.refreshExpire * 1000,
    });
    // Once, in the tab's next document (a flag per sign-in in the tab's sessionStorage): a later logout, reload or
    // sign-in of another user in the test is not undone by it. Not in frames (a sandboxed preview has no storage).
    const once = `e2e.signIn.${now}.${Math.random()}`;
    await this.page.addInitScript(
      ({ session, once }) => {
        if (window !== window.top || location.protocol === 'about:' || sessionStorage.getItem(once)) return;
        sessionStorage.setItem(once, '1');
        for (const key of Object.keys(localStorage)) {
          if (key.startsWith('joinery.user.')) localStorage.removeItem(key);
        }
        localStorage.setItem('joinery.session', session);
      },
      { session, once },
    );
    // Waits for the shell itself, not for the page's every picture and font.
    await this.page.goto(at, { waitUntil: 'commit' });
    await expect(this.page).toHaveURL(new RegExp(`${at.replace(/[/?]/g, '\\$&')}$`));
    await this.ready();
  }

  /** Logs in through the login page and waits for the home page. */
  async loginAs(username = 'admin', password = '123456'): Promise<void> {
    const login = new LoginPage(this.page);
    await login.goto();
    await login.login(username, password);
    await expect(this.page).toHaveURL(/\/$/);
    await this.ready();
  }

  /** The shell is drawn and the menu has arrived. */
  async ready(): Promise<void> {
    await expect(this.sidebar).toBeVisible();
    await expect(this.sidebar.locator('a, button').first()).toBeVisible();
  }

  /** Opens a sidebar page by its route and waits for its address. */
  async openMenu(path: string): Promise<void> {
    await this.clickMenu(path);
    await expect(this.page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}(\\?|$)`));
  }

  /** Clicks a sidebar page by its route, unfolding the directories on the way. */
  async clickMenu(path: string): Promise<void> {
    const link = this.sidebar.locator(`a[data-menu-path="${path}"]`);
    // Opening directories never closes others, so opening the first closed one until the link shows ends.
    for (let i = 0; i < 40 && !(await link.isVisible()); i++) {
      const closed = this.sidebar.locator('button[aria-expanded="false"]').first();
      if (!(await closed.count())) break;
      await closed.click();
    }
    await link.click();
  }

  menuItem(name: string | RegExp): Locator {
    return this.sidebar.getByText(name, { exact: typeof name === 'string' });
  }

  tab(path: string): Locator {
    return this.tabs.locator(`[data-tab="${path}"]`);
  }

  async closeTab(path: string): Promise<void> {
    await this.tab(path).getByTestId('tab-close').click();
  }

  async tabsMenu(choice: 'others' | 'all'): Promise<void> {
    await this.page.getByTestId('tabs-menu').click();
    await this.page.getByTestId(choice === 'all' ? 'tabs-close-all' : 'tabs-close-others').click();
  }

  async switchLanguage(lang: 'zh-cn' | 'zh-tw' | 'en'): Promise<void> {
    await this.page.getByTestId('language-switch').click();
    await this.page.getByTestId(`language-${lang}`).click();
    await expect(this.page.locator('html')).toHaveAttribute(
      'lang',
      lang === 'en' ? 'en' : lang === 'zh-tw' ? 'zh-TW' : 'zh-CN',
    );
  }

  async toggleDark(): Promise<void> {
    await this.page.getByTestId('toggle-dark').click();
  }

  async logout(): Promise<void> {
    await this.page.getByTestId('user-menu').click();
    await this.page.getByTestId('menu-logout').click();
  }

  /** The error page with that code (standalone or inside the shell). */
  errorPage(code: number): Locator {
    return this.page.locator(`[data-error-code="${code}"]`);
  }

  /** The session as the browser keeps it. */
  async session(): Promise<{ token: string; refreshToken: string; expire: number; refreshExpire: number } | null> {
    return this.page.evaluate(() => JSON.parse(localStorage.getItem('joinery.session') ?? 'null'));
  }
}

type Api = {
  call<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; message?: string; data: T }>;
};
type MenuRow = { id: number; parentId: number | null; type: number; router: string | null; perms: string | null };

/**
 * Creates, through the real API, a role granting the pages at `routers` (with their directories) plus the buttons whose
 * permissions match `buttons`, and an enabled admin user holding it. Returns the user's name; the password is 'secret123'.
 */
export async function createUserWithPages(
  api: Api,
  name: string,
  routers: string[],
  buttons: (perms: string) => boolean,
): Promise<string> {
  const menus = (await api.call<MenuRow[]>('POST', '/admin/base/sys/menu/list', {})).data;
  const ids = new Set<number>();
  // Every user gets the home row, so a login lands on the home page.
  for (const page of menus.filter((m) => m.type === 1 && m.router && ['/', ...routers].includes(m.router))) {
    ids.add(page.id);
    for (let p = page.parentId; p != null; p = menus.find((m) => m.id === p)?.parentId ?? null) ids.add(p);
    for (const b of menus.filter((m) => m.parentId === page.id && m.type === 2 && m.perms && buttons(m.perms)))
      ids.add(b.id);
  }
  const role = await api.call<{ id: number }>('POST', '/admin/base/sys/role/add', {
    name: `${name} role`,
    label: `${name}_role`,
    relevance: false,
    menuIdList: [...ids],
    departmentIdList: [1],
  });
  if (!role.data?.id) throw new Error(`role add failed: ${role.status} ${role.message}`);
  const user = await api.call('POST', '/admin/base/sys/user/add', {
    username: name,
    name,
    nickName: name,
    password: 'secret123',
    departmentId: 1,
    status: 1,
    roleIdList: [role.data.id],
  });
  if (user.status !== 200) throw new Error(`user add failed: ${user.status} ${user.message}`);
  return name;
}
