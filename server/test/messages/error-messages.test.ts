import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { AppError } from '../../core/errors.js';
import { checkConfig } from '../../modules/plugin/plugin-package.js';

type Lang = 'zh-cn' | 'zh-tw' | 'en';
const LANGS: Lang[] = ['zh-cn', 'zh-tw', 'en'];
type Expected = { status: number; errorCode: string; message: Record<Lang, string>; details?: Record<Lang, Row[]> };

const byPath = (details: unknown) =>
  [...((details as Row[] | undefined) ?? [])].sort((a, b) => (String(a.path) < String(b.path) ? -1 : 1));

/** The same bad requests, asked in each language of the console: the message and every detail follow `language`. */
describe.each(DIALECTS)('failures in the caller\u2019s language (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startApp(dialect);
    admin = await t.login();
    const r = await t.call('POST', '/admin/base/sys/role/add', {
      token: admin,
      body: { name: 'Editors', label: 'editors' },
    });
    expect(r.status, r.raw).toBe(200);
  });
  afterAll(() => t.close());

  const ask = async (method: 'GET' | 'POST', url: string, body: unknown, expected: Expected) => {
    for (const language of LANGS) {
      const r = await t.call(method, url, { token: admin, body, headers: { language } });
      const got = { status: r.status, errorCode: r.body.errorCode, message: r.body.message };
      expect(got, `${url} in ${language}`).toEqual({
        ...expected,
        message: expected.message[language],
        details: undefined,
      });
      if (expected.details)
        expect(byPath(r.body.details), `${url} details in ${language}`).toEqual(expected.details[language]);
      else expect(r.body.details).toBeUndefined();
    }
    // No header is zh-cn, the protocol's language.
    const plain = await t.call(method, url, { token: admin, body });
    expect(plain.body.message).toBe(expected.message['zh-cn']);
  };

  it('a sort that is neither asc nor desc (PROTOCOL\u2019s zh-cn text kept)', async () => {
    const message = {
      'zh-cn': 'sort 非法传参~',
      'zh-tw': 'sort 參數不正確，須為 asc 或 desc',
      en: 'sort must be asc or desc',
    };
    await ask(
      'POST',
      '/admin/base/sys/user/page',
      { order: 'createTime', sort: 'sideways' },
      {
        status: 400,
        errorCode: 'SORT_INVALID',
        message,
        details: {
          'zh-cn': [{ path: 'sort', message: message['zh-cn'] }],
          'zh-tw': [{ path: 'sort', message: message['zh-tw'] }],
          en: [{ path: 'sort', message: message.en }],
        },
      },
    );
  });

  it('an order column the entity does not have', async () => {
    const problem = {
      'zh-cn': '“nope”不是 base/sys/user 的字段',
      'zh-tw': '「nope」不是 base/sys/user 的欄位',
      en: '"nope" is not a column of base/sys/user',
    };
    await ask(
      'POST',
      '/admin/base/sys/user/page',
      { order: 'nope', sort: 'asc' },
      {
        status: 400,
        errorCode: 'ORDER_COLUMN_UNKNOWN',
        message: {
          'zh-cn': `order: ${problem['zh-cn']}`,
          'zh-tw': `order: ${problem['zh-tw']}`,
          en: `order: ${problem.en}`,
        },
        details: {
          'zh-cn': [{ path: 'order', message: problem['zh-cn'] }],
          'zh-tw': [{ path: 'order', message: problem['zh-tw'] }],
          en: [{ path: 'order', message: problem.en }],
        },
      },
    );
  });

  it('a role name already taken: 409 naming the field by name and label', async () => {
    const taken = {
      'zh-cn': '该值已被其他记录使用',
      'zh-tw': '該值已被其他記錄使用',
      en: 'the value is already used by another record',
    };
    await ask(
      'POST',
      '/admin/base/sys/role/add',
      { name: 'Editors', label: 'editors-2' },
      {
        status: 409,
        errorCode: 'UNIQUE_TAKEN',
        message: {
          'zh-cn': `name（名称）: ${taken['zh-cn']}`,
          'zh-tw': `name（名稱）: ${taken['zh-tw']}`,
          en: `name (Name): ${taken.en}`,
        },
        details: {
          'zh-cn': [{ path: 'name', message: taken['zh-cn'] }],
          'zh-tw': [{ path: 'name', message: taken['zh-tw'] }],
          en: [{ path: 'name', message: taken.en }],
        },
      },
    );
    expect((await t.rows('base_sys_role')).filter((r) => r.name === 'Editors')).toHaveLength(1);
  });

  it('a record that fails its schema: every detail said with the field\u2019s label', async () => {
    const details = {
      'zh-cn': [
        { path: 'label', message: '标识不能为空' },
        { path: 'name', message: '名称最多 255 个字符' },
      ],
      'zh-tw': [
        { path: 'label', message: '標識不能為空' },
        { path: 'name', message: '名稱最多 255 個字元' },
      ],
      en: [
        { path: 'label', message: 'Label is required' },
        { path: 'name', message: 'Name must be at most 255 characters long' },
      ],
    };
    for (const language of LANGS) {
      const r = await t.call('POST', '/admin/base/sys/role/add', {
        token: admin,
        body: { name: 'x'.repeat(256) },
        headers: { language },
      });
      expect([r.status, r.body.code, r.body.errorCode]).toEqual([400, 1002, 'VALIDATION_FAILED']);
      expect(byPath(r.body.details)).toEqual(details[language]);
      const first = (r.body.details as Row[])[0];
      expect(r.body.message).toBe(`${first.path}: ${first.message}`);
    }
  });

  it('a missing id keeps the protocol\u2019s 查询参数[id]不存在, translated', async () => {
    await ask(
      'POST',
      '/admin/base/sys/role/update',
      { name: 'x' },
      {
        status: 400,
        errorCode: 'ID_MISSING',
        message: { 'zh-cn': '查询参数[id]不存在', 'zh-tw': '查詢參數[id]不存在', en: 'The argument id is missing' },
        details: {
          'zh-cn': [{ path: 'id', message: '必须是 1 到 2147483647 之间的整数' }],
          'zh-tw': [{ path: 'id', message: '必須是 1 到 2147483647 之間的整數' }],
          en: [{ path: 'id', message: 'must be a whole number from 1 to 2147483647' }],
        },
      },
    );
  });

  it('a cron expression croner cannot read: one language only, no library English', async () => {
    const problem = {
      'zh-cn': '不是有效的 cron 表达式（6 段：秒 分 时 日 月 星期，如 0 */5 * * * *）',
      'zh-tw': '不是有效的 cron 表示式（6 段：秒 分 時 日 月 星期，如 0 */5 * * * *）',
      en: 'is not a cron (6 fields: seconds minutes hours day month weekday, e.g. 0 */5 * * * *)',
    };
    await ask(
      'POST',
      '/admin/task/info/add',
      { name: 'x', taskType: 0, cron: '61 * * * * *', status: 0 },
      {
        status: 400,
        errorCode: 'VALIDATION_FAILED',
        message: {
          'zh-cn': `cron: ${problem['zh-cn']}`,
          'zh-tw': `cron: ${problem['zh-tw']}`,
          en: `cron: ${problem.en}`,
        },
        details: {
          'zh-cn': [{ path: 'cron', message: problem['zh-cn'] }],
          'zh-tw': [{ path: 'cron', message: problem['zh-tw'] }],
          en: [{ path: 'cron', message: problem.en }],
        },
      },
    );
  });

  it('an order line with a bad quantity, and a prefix no evolve made (shop and AI-code entries)', async () => {
    const quantity = {
      'zh-cn': '必须是 1 到 9999 之间的整数',
      'zh-tw': '必須是 1 到 9999 之間的整數',
      en: 'must be a whole number from 1 to 9999',
    };
    await ask(
      'POST',
      '/admin/order/order/add',
      { orderNo: 'BAD-LANG', userId: 1, items: [{ goodId: 1, quantity: 0 }] },
      {
        status: 400,
        errorCode: 'FIELD_WHOLE_BETWEEN',
        message: {
          'zh-cn': `items.0.quantity: ${quantity['zh-cn']}`,
          'zh-tw': `items.0.quantity: ${quantity['zh-tw']}`,
          en: `items.0.quantity: ${quantity.en}`,
        },
        details: {
          'zh-cn': [{ path: 'items.0.quantity', message: quantity['zh-cn'] }],
          'zh-tw': [{ path: 'items.0.quantity', message: quantity['zh-tw'] }],
          en: [{ path: 'items.0.quantity', message: quantity.en }],
        },
      },
    );
    const noStored = {
      'zh-cn': '没有在本服务器创建的实体使用前缀“no/such”',
      'zh-tw': '沒有在本伺服器建立的實體使用前綴「no/such」',
      en: 'No entity made on this server has the prefix "no/such"',
    };
    await ask(
      'POST',
      '/admin/base/coding/purge',
      { prefix: 'no/such' },
      {
        status: 400,
        errorCode: 'CODING_EVOLVE_NO_STORED',
        message: noStored,
        details: {
          'zh-cn': [{ path: 'prefix', message: noStored['zh-cn'] }],
          'zh-tw': [{ path: 'prefix', message: noStored['zh-tw'] }],
          en: [{ path: 'prefix', message: noStored.en }],
        },
      },
    );
  });

  it('a body over the route\u2019s limit names the limit in the caller\u2019s language', async () => {
    const body = { username: 'admin', password: 'x'.repeat(9000) };
    for (const language of LANGS) {
      const r = await t.call('POST', '/admin/base/open/login', { body, headers: { language } });
      expect([r.status, r.body.code, r.body.errorCode, r.body.message]).toEqual([
        413,
        1002,
        'BODY_TOO_LARGE',
        {
          'zh-cn': '请求内容过大：此接口最多接受 8 KB',
          'zh-tw': '請求內容過大：此介面最多接受 8 KB',
          en: 'The request body is too large: this route takes at most 8 KB',
        }[language],
      ]);
    }
  });
});

describe('a plugin configuration that fails its schema', () => {
  it('names each setting by its title or x-label in every language (no raw ajv English)', () => {
    const schema = {
      type: 'object',
      required: ['sign'],
      properties: {
        sign: { type: 'string', title: '短信签名' },
        retries: {
          type: 'integer',
          maximum: 5,
          'x-label': { 'zh-cn': '重试次数', 'zh-tw': '重試次數', en: 'Retries' },
        },
      },
    };
    let error: unknown;
    try {
      checkConfig(schema, { retries: 9 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    const e = error as AppError;
    expect(byPath(e.detailsIn('zh-cn'))).toEqual([
      { path: 'config.retries', message: '重试次数不能大于 5' },
      { path: 'config.sign', message: '短信签名不能为空' },
    ]);
    expect(byPath(e.detailsIn('zh-tw'))).toEqual([
      { path: 'config.retries', message: '重試次數不能大於 5' },
      { path: 'config.sign', message: '短信签名不能為空' },
    ]);
    expect(byPath(e.detailsIn('en'))).toEqual([
      { path: 'config.retries', message: 'Retries must be 5 or less' },
      { path: 'config.sign', message: '短信签名 is required' },
    ]);
    expect(e.messageIn('en')).not.toMatch(/must have required property/);
  });
});
