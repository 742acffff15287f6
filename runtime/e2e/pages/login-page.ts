import { expect, type Locator, type Page } from '@playwright/test';

/** The login screen as a user sees it. */
export class LoginPage {
  readonly form: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly verifyCode: Locator;
  readonly submit: Locator;
  readonly captcha: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId('login-form');
    this.username = page.locator('input[name="username"]');
    this.password = page.locator('input[name="password"]');
    this.verifyCode = page.locator('input[name="verifyCode"]');
    this.submit = page.getByTestId('login-submit');
    this.captcha = page.getByTestId('captcha');
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.form).toBeVisible();
  }

  /** The captcha is switched off on the test server, so any code passes; the box must still be filled. */
  async login(username = 'admin', password = '123456', code = '1234'): Promise<void> {
    await expect(this.captcha.locator('img')).toBeVisible();
    await this.username.fill(username);
    await this.password.fill(password);
    await this.verifyCode.fill(code);
    await this.submit.click();
  }

  /** The validation message under a field. */
  errorOf(field: 'username' | 'password' | 'verifyCode'): Locator {
    return this.page.locator(`#f-${field}-error`);
  }
}
