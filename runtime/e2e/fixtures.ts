import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { serverPort } from './global-setup';

/**
 * Shared fixtures for every browser spec:
 * - `watch` (automatic): fails the test on console errors, page errors, failed requests or HTTP ≥ 400 replies,
 *   except those the test announced with `watch.allow(...)` (a wrong password is meant to fail).
 * - `api`: the real server's API as the seeded super admin, to set up users and roles.
 */
type Problem = { kind: 'console' | 'pageerror' | 'requestfailed' | 'response'; text: string };

export class Watch {
  readonly problems: Problem[] = [];
  private allowed: RegExp[] = [];

  constructor(page: Page) {
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      // Rich text is previewed in a sandboxed srcdoc frame that may run no script: Chromium reports each script it
      // blocks there — the test tool's own, injected into every frame, at times. The sandbox doing its work, not a fault.
      if (/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/.test(msg.text()))
        return;
      this.record('console', `${msg.text()} @ ${msg.location().url}`);
    });
    page.on('pageerror', (error) => this.record('pageerror', error.stack ?? error.message));
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? '';
      // Leaving a page aborts its pending calls; that is the browser's doing, not a failure a user sees.
      if (reason === 'net::ERR_ABORTED') return;
      this.record('requestfailed', `${request.method()} ${request.url()} ${reason}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400)
        this.record('response', `${response.status()} ${response.request().method()} ${response.url()}`);
    });
  }

  /** Expected failures: matched against the problem text (e.g. /401 .*permmenu/ or /status of 401/). */
  allow(...patterns: RegExp[]): void {
    this.allowed.push(...patterns);
  }

  private record(kind: Problem['kind'], text: string): void {
    this.problems.push({ kind, text });
  }

  unexpected(): Problem[] {
    return this.problems.filter((p) => !this.allowed.some((re) => re.test(p.text)));
  }
}

export type AdminApi = {
  call<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; code?: number; message?: string; data: T }>;
  token: string;
};

async function adminApi(request: APIRequestContext): Promise<AdminApi> {
  const call: AdminApi['call'] = async (method, path, body, token) => {
    const reply = await request.fetch(path, {
      method,
      headers: token ? { Authorization: token } : {},
      data: method === 'POST' ? (body ?? {}) : undefined,
      params: method === 'GET' && body ? (body as Record<string, string | number>) : undefined,
    });
    const json = (await reply.json().catch(() => ({}))) as { code?: number; message?: string; data?: unknown };
    return { status: reply.status(), code: json.code, message: json.message, data: json.data as never };
  };
  const login = await call<{ token: string }>('POST', '/admin/base/open/login', {
    username: 'admin',
    password: '123456',
    captchaId: 'e2e',
    verifyCode: '0000',
  });
  if (!login.data?.token) throw new Error(`admin login failed: ${login.status} ${login.message}`);
  const token = login.data.token;
  return { token, call: (method, path, body, t) => call(method, path, body, t ?? token) };
}

export const test = base.extend<{ watch: Watch; api: AdminApi }>({
  // Each worker has a server of its own (global-setup.ts): pages and API calls go to it.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture takes from its first parameter
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${serverPort(testInfo.parallelIndex)}`);
  },
  watch: [
    async ({ page }, use, testInfo) => {
      const watch = new Watch(page);
      await use(watch);
      if (testInfo.status === testInfo.expectedStatus) {
        expect(watch.unexpected(), 'console errors, failed requests or error replies during the test').toEqual([]);
      }
    },
    { auto: true },
  ],
  api: async ({ request }, use) => {
    await use(await adminApi(request));
  },
});

export { expect };

/** Where screenshots go (runtime/e2e/artifacts, git-ignored). */
export const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;
