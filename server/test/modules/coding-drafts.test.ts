import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';

/* Drafting an entity from what people have (issue 28): a spreadsheet export with Chinese headers, of a few MB. */
describe.each(DIALECTS)('AI-code: drafting from an export (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  /** Every call of this suite: a user can cause none of these to answer 5xx. */
  const call = async (...args: Parameters<TestApp['call']>) => {
    const r = await t.call(...args);
    expect(r.status, r.raw.slice(0, 300)).toBeLessThan(500);
    return r;
  };
  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('a CSV with Chinese headers drafts ASCII fields labelled in Chinese; applied, its own rows save', async () => {
    const csv = '名称,价格,库存,邮编,手机\n橡木椅,9.9,12,010020,13800000000\n';
    const draft = await call('POST', '/admin/base/coding/draft', {
      token: admin,
      body: { from: 'csv', csv, module: 'evo', name: 'chair' },
    });
    expect(draft.status, draft.raw).toBe(200);
    const { proposal: drafted, rows } = draft.body.data as { proposal: { fields: Row[] }; rows: Row[] };
    expect(drafted.fields.map((f) => [f.name, f.type, (f.label as Row)['zh-cn']])).toEqual([
      ['name', 'string', '名称'],
      ['price', 'money', '价格'],
      ['stock', 'integer', '库存'],
      ['zip', 'string', '邮编'],
      ['mobile', 'string', '手机'],
    ]);
    expect(rows).toEqual([{ id: 1, name: '橡木椅', price: 990, stock: 12, zip: '010020', mobile: '13800000000' }]);
    const applied = await call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: { from: 'csv', csv, module: 'evo', name: 'chair' },
    });
    expect(applied.status, applied.raw).toBe(200);
    const { id: _id, ...row } = rows[0];
    const added = await call('POST', '/admin/evo/chair/add', { token: admin, body: row });
    expect(added.status, added.raw).toBe(200);
    const stored = (await call('POST', '/admin/evo/chair/page', { token: admin, body: {} })).body.data as {
      list: Row[];
    };
    expect(stored.list.map((r) => [r.price, r.zip, r.mobile])).toEqual([[990, '010020', '13800000000']]);
  });

  it("an export of 1.5 MB drafts and plans; over 2 MB the refusal names the limit in the caller's language", async () => {
    const line = '橡木椅,9.9,12,010020,13800000000\n';
    const csv = `名称,价格,库存,邮编,手机\n${line.repeat(Math.ceil((1.5 * 1024 * 1024) / Buffer.byteLength(line)))}`;
    for (const route of ['draft', 'plan']) {
      const r = await call('POST', `/admin/base/coding/${route}`, {
        token: admin,
        body: { from: 'csv', csv, module: 'evo', name: 'big' },
      });
      expect([route, r.status], r.raw.slice(0, 300)).toEqual([route, 200]);
    }
    const over = { from: 'csv', csv: csv + csv, module: 'evo', name: 'big' };
    for (const [language, message] of [
      ['en', 'The request body is too large: this route takes at most 2 MB'],
      ['zh-cn', '请求内容过大：此接口最多接受 2 MB'],
      ['zh-tw', '請求內容過大：此介面最多接受 2 MB'],
    ]) {
      const r = await call('POST', '/admin/base/coding/createCode', {
        token: admin,
        body: over,
        headers: { language },
      });
      expect([r.status, r.body.message]).toEqual([413, message]);
    }
  });
});
