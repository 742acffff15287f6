import { expect, type Locator, type Page } from '@playwright/test';

/** The home dashboard: figure cards, the sales charts with their period switch, category share, hot products. */
export class DashboardPage {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('dashboard');
  }

  card(name: 'sales' | 'views' | 'payments' | 'users'): Locator {
    return this.page.getByTestId(`card-${name}`);
  }

  chart(name: 'amount' | 'orders' | 'category'): Locator {
    return this.page.getByTestId(`chart-${name}`);
  }

  async choosePeriod(period: 'today' | 'week' | 'month' | 'year' | 'fullYear'): Promise<void> {
    await this.page.getByTestId(`period-${period}`).click();
    await expect(this.page.getByTestId(`period-${period}`)).toHaveAttribute('aria-selected', 'true');
  }

  /** How many pixels of a chart's canvas are not transparent (a drawn chart has many). */
  async paintedPixels(name: 'amount' | 'orders' | 'category'): Promise<number> {
    const canvas = this.chart(name).locator('canvas');
    await expect(this.chart(name)).toHaveAttribute('data-ready', 'true');
    return canvas.evaluate((c: HTMLCanvasElement) => {
      const ctx = c.getContext('2d');
      if (!ctx || c.width === 0 || c.height === 0) return 0;
      const { data } = ctx.getImageData(0, 0, c.width, c.height);
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n += 1;
      return n;
    });
  }
}
