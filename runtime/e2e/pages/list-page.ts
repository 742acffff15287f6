import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The generic entity list screen as a user sees it (in the manner of react-admin's ListPage page object):
 * toolbar, keyword box, advanced search, table, pagination and the row actions.
 */
export class ListPage {
  readonly screen: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly total: Locator;
  readonly keyword: Locator;
  readonly advanced: Locator;
  readonly toasts: Locator;

  constructor(readonly page: Page) {
    this.screen = page.getByTestId('entity-screen');
    this.table = page.getByTestId('entity-table');
    this.rows = this.table.locator('tbody tr[data-row-id]');
    this.total = page.getByTestId('page-total');
    this.keyword = page.getByTestId('keyword');
    this.advanced = page.getByTestId('advanced-search');
    this.toasts = page.locator('[data-kind]');
  }

  /** The screen of that entity is drawn and its rows have arrived. */
  async ready(prefix?: string): Promise<void> {
    await expect(this.screen).toBeVisible();
    if (prefix) await expect(this.screen).toHaveAttribute('data-prefix', prefix);
    await expect(this.table.locator('table')).toHaveAttribute('aria-busy', 'false');
  }

  /** The number after "total" in the pagination bar. */
  async totalCount(): Promise<number> {
    const text = (await this.total.textContent()) ?? '';
    const n = /\d+/.exec(text.replace(/,/g, ''));
    if (!n) throw new Error(`no total in "${text}"`);
    return Number(n[0]);
  }

  async rowIds(): Promise<number[]> {
    return (await this.rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-id')))).map(Number);
  }

  row(id: number): Locator {
    return this.table.locator(`tbody tr[data-row-id="${id}"]`);
  }

  rowWithText(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  cell(row: Locator, column: string): Locator {
    return row.locator(`td[data-column="${column}"]`);
  }

  header(column: string): Locator {
    return this.table.locator(`thead th[data-column="${column}"]`);
  }

  async search(keyword: string): Promise<void> {
    await this.keyword.fill(keyword);
    await this.keyword.press('Enter');
    // The table keeps the previous rows on screen while the new page loads, so callers poll rowIds() for the result.
    await expect(this.page).toHaveURL(/[?&]kw=/);
    await this.ready();
  }

  /** Opens the advanced search form when it is folded. */
  async openAdvanced(): Promise<void> {
    if (!(await this.advanced.isVisible()))
      await this.screen.getByRole('button', { name: /高级搜索|進階搜尋|Filters/ }).click();
    await expect(this.advanced).toBeVisible();
  }

  advancedInput(name: string): Locator {
    return this.page.locator(`#search-${name}`);
  }

  async submitSearch(): Promise<void> {
    await this.screen.getByRole('button', { name: /^(搜索|搜尋|Search)$/ }).click();
    await this.ready();
  }

  async reset(): Promise<void> {
    await this.screen.getByRole('button', { name: /^(重置|重設|Reset)$/ }).click();
    await this.ready();
  }

  async clickAdd(): Promise<void> {
    await this.screen
      .getByRole('button', { name: /新增|Add/ })
      .first()
      .click();
  }

  /** A row action by its word; its accessible name goes on with the row's name ("编辑 Alice"). */
  private async rowAction(row: Locator, name: RegExp): Promise<void> {
    await row.getByRole('button', { name }).click();
  }

  async edit(row: Locator): Promise<void> {
    await this.rowAction(row, /^(编辑|編輯|Edit)( |$)/);
  }

  async view(row: Locator): Promise<void> {
    await this.rowAction(row, /^(详情|詳情|View)( |$)/);
  }

  /** Deletes one row through its action and the confirmation dialog. */
  async deleteRow(row: Locator): Promise<void> {
    await this.rowAction(row, /^(删除|刪除|Delete)( |$)/);
    await this.confirmDelete();
  }

  async select(row: Locator): Promise<void> {
    await row.locator('td').first().getByRole('checkbox').check();
  }

  /** The toolbar's multi-delete button, then the confirmation. */
  async deleteSelected(): Promise<void> {
    await this.screen.getByRole('button', { name: /^(删除|刪除|Delete) \(\d+\)$/ }).click();
    await this.confirmDelete();
  }

  async confirmDelete(): Promise<void> {
    const dialog = this.page.getByTestId('confirm-delete');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /^(删除|刪除|Delete)$/ }).click();
    await expect(dialog).toBeHidden();
    await this.ready();
  }

  async openColumnSettings(): Promise<Locator> {
    await this.screen.getByRole('button', { name: /列设置|欄位設定|Columns/ }).click();
    const panel = this.page.getByTestId('column-settings');
    await expect(panel).toBeVisible();
    return panel;
  }

  /** Header texts of the visible columns, in order (without the checkbox and actions columns). */
  async columnIds(): Promise<string[]> {
    return this.table
      .locator('thead th[data-column]')
      .evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column') ?? ''));
  }
}
