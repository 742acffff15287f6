import { expect, type Locator, type Page } from '@playwright/test';

/** The generic add/edit dialog: fields by their eps name, widgets driven the way a user drives them. */
export class EditDialog {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('edit-dialog');
  }

  async ready(): Promise<void> {
    await expect(this.root).toBeVisible();
    await expect(this.root.locator('form#entity-form')).toBeVisible();
  }

  field(name: string): Locator {
    return this.root.locator(`[data-field="${name}"]`);
  }

  /** The text input or text area of a field. */
  input(name: string): Locator {
    return this.field(name).locator('input:not([type=checkbox]), textarea').first();
  }

  async fill(name: string, value: string): Promise<void> {
    await this.input(name).fill(value);
  }

  /** A select of a dictionary or enum, by the option's visible text. */
  async choose(name: string, label: string): Promise<void> {
    await this.field(name).locator('select').selectOption({ label });
  }

  /** A relation picker: open it, type to filter, pick the option. */
  async pick(name: string, label: string): Promise<void> {
    await this.field(name).locator('button[aria-haspopup="listbox"]').click();
    const list = this.field(name).getByRole('listbox');
    await expect(list).toBeVisible();
    await this.field(name)
      .getByPlaceholder(/筛选|篩選|filter/i)
      .fill(label);
    await list.getByRole('option', { name: label, exact: true }).click();
  }

  async setSwitch(name: string, on: boolean): Promise<void> {
    const sw = this.field(name).getByRole('switch');
    if ((await sw.getAttribute('aria-checked')) !== String(on)) await sw.click();
  }

  errorOf(name: string): Locator {
    return this.root.getByTestId(`error-${name}`);
  }

  async save(): Promise<void> {
    await this.root.getByRole('button', { name: /^(保存|儲存|Save)$/ }).click();
  }

  /** Saves and waits for the dialog to close (the call succeeded). */
  async saveAndClose(): Promise<void> {
    await this.save();
    await expect(this.root).toBeHidden();
  }
}
