import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import { DEFAULT_LIMITS } from '../../core/limits.js';
import type { Row } from '../../core/db/row.js';

/** Stored size of a log row: its texts (params is the big one). */
const rowBytes = (r: Row) =>
  Buffer.byteLength(JSON.stringify(r.params ?? '')) +
  Buffer.byteLength(String(r.action ?? '')) +
  Buffer.byteLength(String(r.ip ?? ''));

describe.each(DIALECTS)('operation log under anonymous floods (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    // Signed in before the flood, after which 'admin' needs a captcha and the flooding address waits.
    admin = await t.login();
  });
  afterAll(() => t.close());

  /** The stored log once the batched writer has written what is queued. */
  async function settledRows(): Promise<Row[]> {
    await t.app.opLog.flush();
    return t.rows('base_sys_log');
  }

  it('2,000 anonymous bad logins with 6 KB bodies (and 401s with 20 KB) leave a small, bounded log; signed-in work is still logged in full', async () => {
    const before = (await settledRows()).length;
    const junk = 'x'.repeat(20_000);
    const started = Date.now();
    for (let batch = 0; batch < 20; batch++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => {
          const n = batch * 100 + i;
          const ip = `10.50.${n % 50}.1`;
          return n % 10 === 9
            ? t.app.inject({ method: 'POST', url: '/admin/base/sys/user/page', payload: { junk }, remoteAddress: ip })
            : // Under the login's 8 KB body limit (a bigger body is refused unread: bounds-resources.test.ts).
              t.app.inject({
                method: 'POST',
                url: '/admin/base/open/login',
                payload: { username: 'admin', password: `wrong-${n}`, junk: junk.slice(0, 6000) },
                remoteAddress: ip,
              });
        }),
      );
    }
    const rows = (await settledRows()).slice(before);
    const bytes = rows.reduce((sum, r) => sum + rowBytes(r), 0);
    // One log window has room for logUntrustedTotal rows + one note; a run that straddles a window boundary gets two.
    const windows =
      Math.floor((Date.now() - 1) / DEFAULT_LIMITS.logWindowMs) - Math.floor(started / DEFAULT_LIMITS.logWindowMs) + 1;
    const bound = windows * (DEFAULT_LIMITS.logUntrustedTotal + 1);
    console.log(
      `[op-log ${dialect}] 2000 anonymous requests of 20 KB → ${rows.length} log rows, ${(bytes / 1024).toFixed(0)} KB of text (bound ${bound} rows)`,
    );
    expect(rows.length).toBeLessThanOrEqual(bound);
    expect(rows.length).toBeLessThanOrEqual(2 * (DEFAULT_LIMITS.logUntrustedTotal + 1));
    expect(Math.max(...rows.map(rowBytes))).toBeLessThanOrEqual(DEFAULT_LIMITS.logUntrustedParamsMax + 600);
    expect(bytes).toBeLessThanOrEqual(1024 * 1024);
    // What was kept says what happened: failed logins (cut short) and a note that the rest went unlogged.
    expect(
      rows.some((r) => r.action === '/admin/base/open/login' && JSON.stringify(r.params).includes('truncated')),
    ).toBe(true);
    expect(rows.some((r) => JSON.stringify(r.params).includes('not logged'))).toBe(true);

    // A signed-in caller is logged as before, in full (a moderate body is not cut).
    const note = 'n'.repeat(3000);
    const page = await t.call('POST', '/admin/base/sys/user/page', { token: admin, body: { keyWord: 'nobody', note } });
    expect(page.status, page.raw).toBe(200);
    const mine = (await settledRows()).filter((r) => r.userId !== null && r.action === '/admin/base/sys/user/page');
    expect(mine.length).toBeGreaterThan(0);
    expect(JSON.stringify(mine.at(-1)!.params)).toContain(note);
  });

  it('every signed-in call of a burst is logged once, with its own arguments, whatever the size of the batch it lands in', async () => {
    const before = (await settledRows()).length;
    // 3 × 89 calls: batches of odd lengths, written in statements of 64, 16, 4 and 1 rows.
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        Array.from({ length: 89 }, (_, i) =>
          t.call('POST', '/admin/dict/info/page', { token: admin, body: { keyWord: `burst-${round}-${i}` } }),
        ),
      );
      await t.app.opLog.flush(); // each round its own batch of 89 rows
    }
    const logged = (await settledRows())
      .slice(before)
      .filter((r) => r.action === '/admin/dict/info/page')
      .map((r) => (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as Row)
      .map((p) => String(p.keyWord));
    const sent = Array.from({ length: 3 }, (_, round) =>
      Array.from({ length: 89 }, (_, i) => `burst-${round}-${i}`),
    ).flat();
    expect([...logged].sort()).toEqual([...sent].sort());
  });
});
