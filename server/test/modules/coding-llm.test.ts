import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/harness.js';
import { dbFingerprint } from '../support/db-fingerprint.js';
import { fakeLlm, type FakeAnswer, type FakeLlmRequest } from '../support/fake-llm.js';
import type { Row } from '../../core/db/row.js';

/** The fake model answers by the sentence's first word. */
const answers = ({ sentence }: FakeLlmRequest): FakeAnswer => {
  const kind = sentence.split(' ')[0];
  if (kind === 'slow') return { silent: true }; // never answers
  if (kind === 'good') {
    return {
      content: `\`\`\`json\n${JSON.stringify({
        fields: [
          {
            name: 'name',
            label: { 'zh-cn': '名称', 'zh-tw': '名稱', en: 'Name' },
            type: 'string',
            required: true,
            length: 60,
            search: 'keyword',
          },
          { name: 'phone', label: '电话', type: 'string', length: 20 },
          { name: 'credit', label: '额度', type: 'money' },
        ],
      })}\n\`\`\``,
    };
  }
  if (kind === 'chatty')
    return {
      content: `Sure! Here are the fields:\n\`\`\`json\n${JSON.stringify({ fields: [{ name: 'title', type: 'string' }] })}\n\`\`\`\nShall I add more?`,
    };
  if (kind === 'related')
    return {
      content: JSON.stringify({
        fields: [
          { name: 'title', type: 'string', search: 'keyword' },
          { name: 'categoryId', type: 'integer', ref: { entity: 'product/category', label: 'name' } },
          { name: 'state', type: 'integer', dict: 'enableStatus', search: 'eq' },
          { name: 'founded', type: 'integer', search: 'range' },
        ],
      }),
    };
  if (kind === 'malformed') return { content: '{"fields": [ {"name": "oops", ' };
  if (kind === 'hostile')
    return {
      content: JSON.stringify({
        fields: [
          { name: 'title', type: 'string' },
          { name: 'x; drop table base_sys_user; --', type: 'string' },
          { name: '__proto__', type: 'json' },
        ],
      }),
    };
  return { raw: 'not json at all' };
};

describe('AI-code: drafting fields from a sentence with an OpenAI-compatible LLM', () => {
  let t: TestApp;
  let admin: string;
  const llm = fakeLlm(answers);
  const LLM_ENV = ['JOINERY_LLM_URL', 'JOINERY_LLM_KEY', 'JOINERY_LLM_MODEL', 'JOINERY_LLM_TIMEOUT_MS'] as const;
  const saved = Object.fromEntries(LLM_ENV.map((k) => [k, process.env[k]]));
  beforeAll(async () => {
    await new Promise<void>((resolve) => llm.server.listen(0, '127.0.0.1', resolve));
    process.env.JOINERY_LLM_URL = `http://127.0.0.1:${(llm.server.address() as AddressInfo).port}/v1`;
    process.env.JOINERY_LLM_KEY = 'test-key';
    process.env.JOINERY_LLM_MODEL = 'fake-model';
    process.env.JOINERY_LLM_TIMEOUT_MS = '500';
    t = await startApp('sqlite');
    admin = await t.login();
  });
  afterAll(async () => {
    // Test files share their worker's process (vitest.config.ts, isolate: false): leave its environment as found.
    for (const k of LLM_ENV) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    llm.server.closeAllConnections();
    llm.server.close();
    await t.close();
  });
  const draft = (sentence: string) =>
    t.call('POST', '/admin/base/coding/draft', {
      token: admin,
      body: { from: 'sentence', sentence, module: 'shop', name: 'supplier' },
    });

  it('a good draft becomes a validated proposal and preview', async () => {
    const r = await draft('good suppliers with a name, a phone and a credit line in yuan');
    expect(r.status, r.raw).toBe(200);
    const data = r.body.data as { proposal: { fields: Row[] }; schema: Row };
    expect(data.proposal.fields.map((f) => [f.name, f.type])).toEqual([
      ['name', 'string'],
      ['phone', 'string'],
      ['credit', 'money'],
    ]);
    expect((data.schema.properties as Record<string, Row>).credit['x-money']).toBe(true);
    expect(llm.seen.at(-1)).toEqual({
      url: '/v1/chat/completions',
      authorization: 'Bearer test-key',
      model: 'fake-model',
      sentence: expect.stringMatching(/^good/),
      // The model is told what the server has, so it can relate the entity and reuse dictionaries.
      system: expect.stringMatching(/product\/category: [^\n]*— [^\n]*name[\s\S]*enableStatus: /),
    });
    // Chat models often write a sentence around the JSON block: the block is read, the prose ignored.
    const chatty = await draft('chatty suppliers with a title');
    expect(chatty.status, chatty.raw).toBe(200);
    expect((chatty.body.data as { proposal: { fields: Row[] } }).proposal.fields.map((f) => f.name)).toEqual(['title']);
  });

  it('a draft relating to existing entities and dictionaries, with a range on an integer, applies and searches', async () => {
    const r = await draft('related suppliers of a product category');
    expect(r.status, r.raw).toBe(200);
    const { proposal } = r.body.data as { proposal: Row };
    const applied = await t.call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: { proposal: { ...proposal, name: 'maker' } },
    });
    expect(applied.status, applied.raw).toBe(200);
    for (const founded of [1990, 2005])
      await t.call('POST', '/admin/shop/maker/add', {
        token: admin,
        body: { title: `M${founded}`, categoryId: 1, state: 1, founded },
      });
    const page = await t.call('POST', '/admin/shop/maker/page', { token: admin, body: { founded: [2000, 2010] } });
    expect(page.status, page.raw).toBe(200);
    expect((page.body.data as { list: Row[] }).list.map((x) => x.founded)).toEqual([2005]);
  });

  it('malformed JSON, hostile names and a timeout are refused with the reason, and change nothing', async () => {
    const before = await dbFingerprint(t);
    const malformed = await draft('malformed please');
    expect([malformed.status, malformed.body.message]).toEqual([400, expect.stringMatching(/not the JSON asked for/)]);
    const hostile = await draft('hostile names');
    expect(hostile.status).toBe(400);
    expect((hostile.body.details as Row[]).map((d) => d.path)).toEqual(['fields.1.name', 'fields.2.name']);
    // A model that never answers: refused once the configured timeout passes (the test's own timeout catches a wait).
    const slow = await draft('slow answer');
    expect([slow.status, slow.body.message]).toEqual([400, expect.stringMatching(/did not answer within/)]);
    const garbage = await draft('garbage');
    expect(garbage.status).toBe(400);
    // Applying from a sentence goes through the same refusal.
    const apply = await t.call('POST', '/admin/base/coding/createCode', {
      token: admin,
      body: { from: 'sentence', sentence: 'hostile names', module: 'shop', name: 'supplier' },
    });
    expect(apply.status).toBe(400);
    expect(await dbFingerprint(t)).toEqual(before);
  });

  it('without an LLM configured, a sentence is refused and the offline inputs still work', async () => {
    delete process.env.JOINERY_LLM_URL;
    const r = await draft('good suppliers');
    expect([r.status, r.body.message]).toEqual([400, expect.stringMatching(/no language model is configured/)]);
    const csv = await t.call('POST', '/admin/base/coding/draft', {
      token: admin,
      body: { from: 'csv', csv: 'name,phone\nA,1', module: 'shop', name: 'supplier' },
    });
    expect(csv.status, csv.raw).toBe(200);
  });
});
