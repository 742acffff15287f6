import { test, expect } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';
import { EditDialog } from './pages/edit-dialog';

/**
 * The console under its own Content-Security-Policy, which allows no eval: the edit dialog's checks run (from a
 * validator the server compiled) and a record is saved, with no policy violation reported by the browser.
 */
test('the console loads, validates and saves a record under a CSP without unsafe-eval, and nothing breaks the policy', async ({
  page,
  api,
  watch,
}) => {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  const index = await page.request.get('/');
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(index.headers()['content-security-policy'] ?? '')?.[1] ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");

  const shell = new ShellPage(page);
  await shell.loginAs();
  await shell.openMenu('/demo/crud');
  const list = new ListPage(page);
  await list.ready('demo/goods');
  await list.clickAdd();
  const form = new EditDialog(page);
  await form.ready();

  // The form's own checks, before any call: a required title left empty is shown on its field, nothing is sent.
  const adds: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/admin/demo/goods/add')) adds.push(r.url());
  });
  await form.fill('price', '5');
  await form.save();
  await expect(form.errorOf('title')).toBeVisible();
  await expect(form.root).toBeVisible();
  expect(adds).toEqual([]);

  const tag = `csp${Date.now()}`;
  await form.fill('title', `橡木凳 ${tag}`);
  await form.choose('type', '桌椅');
  await form.saveAndClose();
  const reply = await api.call<{ list: Record<string, unknown>[] }>('POST', '/admin/demo/goods/page', {
    page: 1,
    size: 1,
    order: 'id',
    sort: 'desc',
  });
  expect(reply.data.list).toMatchObject([{ title: `橡木凳 ${tag}`, price: 500, type: 0 }]);

  expect(violations).toEqual([]);
  expect(watch.unexpected()).toEqual([]);
});
