import { defineConfig } from '@playwright/test';
import path from 'node:path';

/** Browser tests run Debian's Chromium against the built UI served by a real Joinery server (see global-setup.ts). */
const here = import.meta.dirname;

export default defineConfig({
  testDir: here,
  testMatch: '*.spec.ts',
  globalSetup: path.join(here, 'global-setup.ts'),
  outputDir: path.join(here, 'artifacts', 'results'),
  // One server and database per worker (global-setup.ts): a worker's specs run one after another on its own server,
  // so their rows do not race. E2E_WORKERS=1 runs everything on one server, in file order.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  // A test's whole walk, on a 2-core machine shared by two servers, two browsers and the axe audits of the other
  // worker (CI measured 45 s walks timing out mid-keypress at load 10-12); every wait inside is on a signal.
  timeout: 90_000,
  expect: { timeout: 8_000 },
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    viewport: { width: 1440, height: 900 },
    // Staff who asked their system for less motion: the page, dialog and drawer entrances do not play. Each one is a
    // few frames of the whole window composited in software, which Playwright waits out before it clicks; over the
    // run that was about a tenth of Chromium's time. One spec (entity-crud-products) walks with motion on, as most
    // staff see it.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace records a screencast and a DOM snapshot at every step: it took a third of the browser's time and is
    // thrown away when the test passes. A failure keeps its screenshot and error context; to get traces as well,
    // run with E2E_TRACE=retain-on-failure.
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
});
