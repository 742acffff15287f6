import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../server/test/support/harness';
import type { EpsEntry } from './eps';
import { epsColumns } from './eps-columns';
import { epsForm, formBody, formValues } from './eps-form';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { epsSearch, rangeFilter } from './eps-search';
import { applyColumnPrefs, parseColumnPrefs } from './column-prefs';
import { pageBody, parseListState, writeListState } from './use-list-state';
import { centsToYuan, formatMoney, yuanToCents } from '../widgets/money';
import { formatDate } from '../widgets/format-date';

/*
 * The headless engine against the real server's eps (SQLite): columns, forms and search forms are derived for every
 * entity, and what they produce is accepted by the real server.
 */
let t: TestApp;
let token: string;
let entries: EpsEntry[];
let byPrefix: Map<string, EpsEntry>;
const short = (e: EpsEntry) => e.prefix.replace(/^\/admin\//, '');
const has = (e: EpsEntry, path: string) => e.api.some((a) => a.path === path);

beforeAll(async () => {
  t = await startApp('sqlite');
  token = await t.login();
  const eps = await t.call('GET', '/admin/base/open/eps', { token });
  entries = Object.values(eps.body.data as Record<string, EpsEntry[]>)
    .flat()
    .filter((e) => e.joinery);
  byPrefix = new Map(entries.map((e) => [short(e), e]));
});
afterAll(async () => t?.close());

describe('eps → table columns', () => {
  it('every listable field becomes a column, secrets never, relations show the joined label the page call returns', async () => {
    expect(entries.length).toBeGreaterThan(20);
    for (const entry of entries) {
      const columns = epsColumns(entry, 'en', byPrefix);
      const ids = columns.map((c) => c.id);
      for (const f of entry.joinery!.fields) {
        if (f.secret) expect(ids, `${entry.prefix} shows secret ${f.name}`).not.toContain(f.name);
        else if (f.list !== false) expect(ids, `${entry.prefix} misses ${f.name}`).toContain(f.name);
      }
      if (!has(entry, '/page')) continue;
      const page = await t.call('POST', `${entry.prefix}/page`, { token, body: { page: 1, size: 5 } });
      expect(page.body.code, entry.prefix).toBe(1000);
      const row = (page.body.data as { list: Record<string, unknown>[] }).list[0];
      if (!row) continue;
      for (const c of columns)
        expect(Object.keys(row), `${entry.prefix}: column ${c.id} reads ${c.accessor}`).toContain(c.accessor);
    }
  });

  it('labels follow the language; product columns are ordered by their list hints', () => {
    const product = byPrefix.get('product/info')!;
    const en = epsColumns(product, 'en', byPrefix);
    const zh = epsColumns(product, 'zh-cn', byPrefix);
    expect(en.find((c) => c.id === 'name')?.label).toBe('Name');
    expect(zh.find((c) => c.id === 'name')?.label).toBe('商品名称');
    expect(
      en
        .filter((c) => c.visible)
        .map((c) => c.id)
        .slice(0, 5),
    ).toEqual(['pic', 'name', 'code', 'categoryId', 'price']);
    expect(en.find((c) => c.id === 'categoryId')).toMatchObject({
      accessor: 'categoryName',
      rawKey: 'categoryId',
      cell: 'relation',
    });
    expect(en.find((c) => c.id === 'price')).toMatchObject({ cell: 'money', sortable: true });
    expect(en.find((c) => c.id === 'status')).toMatchObject({ cell: 'dict' });
  });

  it('joined columns of a relation carry the related field (an audit row shows the product picture and price)', () => {
    const cols = epsColumns(byPrefix.get('audit/good')!, 'en', byPrefix);
    expect(cols.find((c) => c.id === 'pic')?.cell).toBe('image');
    expect(cols.find((c) => c.id === 'price')?.cell).toBe('money');
  });

  it('preferences reorder and hide columns; unknown ids are dropped, new columns kept', () => {
    const cols = epsColumns(byPrefix.get('product/material')!, 'en', byPrefix);
    const prefs = parseColumnPrefs({ order: ['type', 'gone', 'title'], hidden: ['title'], shown: ['id'] })!;
    const applied = applyColumnPrefs(cols, prefs);
    expect(applied.map((c) => c.id).slice(0, 2)).toEqual(['type', 'title']);
    expect(applied.find((c) => c.id === 'title')?.visible).toBe(false);
    expect(applied.find((c) => c.id === 'id')?.visible).toBe(true);
    expect(applied).toHaveLength(cols.length);
    expect(parseColumnPrefs({ order: 'x' })).toBeUndefined();
  });

  it('a schema with no x-list shows its first own fields and createTime; one x-list anywhere makes the list explicit', () => {
    const real = byPrefix.get('product/material')!;
    const joinery = real.joinery!;
    const bare: EpsEntry = {
      ...real,
      joinery: { ...joinery, fields: joinery.fields.map((f) => ({ ...f, list: undefined })) },
    };
    const own = joinery.fields.filter((f) => !f.system && !f.secret).map((f) => f.name);
    expect(own.length).toBeGreaterThan(1);
    const shown = (e: EpsEntry) =>
      epsColumns(e, 'en', byPrefix)
        .filter((c) => c.visible)
        .map((c) => c.id);
    expect(shown(bare)).toEqual([...own.slice(0, 6), 'createTime']);
    // Designed: only what the hints show (here one field), and createTime.
    const one: EpsEntry = {
      ...bare,
      joinery: {
        ...bare.joinery!,
        fields: bare.joinery!.fields.map((f) => (f.name === own[1] ? { ...f, list: true } : f)),
      },
    };
    expect(shown(one)).toEqual([own[1], 'createTime']);
  });
});

describe('eps → edit form', () => {
  it('saving an unchanged edit form is accepted by the server and changes no stored value', async () => {
    let checked = 0;
    for (const entry of entries) {
      if (!has(entry, '/update') || !has(entry, '/info') || !has(entry, '/page')) continue;
      const page = await t.call('POST', `${entry.prefix}/page`, { token, body: { page: 1, size: 1 } });
      const first = (page.body.data as { list: { id: number }[] }).list[0];
      if (!first) continue;
      const before = (await t.call('GET', `${entry.prefix}/info`, { token, query: { id: String(first.id) } })).body
        .data as Record<string, unknown>;
      const spec = epsForm(entry, 'en', 'edit');
      const body = formBody(spec, before, 'edit');
      const reply = await t.call('POST', `${entry.prefix}/update`, { token, body: { ...body, id: first.id } });
      expect(reply.body.code, `${entry.prefix}: ${String(reply.body.message)}`).toBe(1000);
      const after = (await t.call('GET', `${entry.prefix}/info`, { token, query: { id: String(first.id) } })).body
        .data as Record<string, unknown>;
      const { updateTime: _a, ...restBefore } = before;
      const { updateTime: _b, ...restAfter } = after;
      expect(restAfter, entry.prefix).toEqual(restBefore);
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  });

  it('the form is the server schema: required, caps, widgets from the registry kinds, hidden fields left out', () => {
    const goods = epsForm(byPrefix.get('demo/goods')!, 'zh-cn', 'add');
    expect(goods.schema.required).toEqual(expect.arrayContaining(['title']));
    expect(goods.schema.properties!.title as { maxLength: number; title: string }).toMatchObject({
      maxLength: 50,
      title: expect.any(String),
    });
    expect(goods.uiSchema.price['ui:widget']).toBe('money');
    expect(goods.uiSchema.type['ui:widget']).toBe('select');
    expect(goods.uiSchema.exampleImages['ui:widget']).toBe('images');
    expect((goods.uiSchema['ui:order'] as string[]).slice(0, 3)).toEqual(['title', 'price', 'type']);
    const product = epsForm(byPrefix.get('product/info')!, 'en', 'add');
    // Spec groups and SKUs have their own editors, and the spec editor knows the SKU field that follows it.
    expect(product.uiSchema.specInfo['ui:field']).toBe('specs');
    expect(product.uiSchema.skuInfo['ui:field']).toBe('skus');
    expect(product.uiSchema.specInfo['ui:options']).toMatchObject({ skusField: 'skuInfo' });
    // Money inside the SKUs is declared in the form schema the editor reads.
    expect(product.schema.properties?.skuInfo).toMatchObject({ items: { properties: { price: { 'x-money': true } } } });
    expect(product.uiSchema.categoryId['ui:widget']).toBe('relation');
    const user = byPrefix.get('base/sys/user')!;
    expect(epsForm(user, 'en', 'add').uiSchema.password['ui:widget']).toBe('password');
    expect(epsForm(user, 'en', 'edit').schema.required).not.toContain('password');
    expect(Object.keys(epsForm(user, 'en', 'edit').schema.properties!)).not.toContain('socketId');
  });

  it('a role as the original sends it (page: relevance 1/0; info: true/false; userId text) opens in the form as a switch and saves back', async () => {
    const role = byPrefix.get('base/sys/role')!;
    const added = await t.call('POST', '/admin/base/sys/role/add', {
      token,
      body: { name: 'Form role', label: 'form_role', relevance: true, menuIdList: [], departmentIdList: [] },
    });
    const id = (added.body.data as { id: number }).id;
    const info = async () =>
      (await t.call('GET', '/admin/base/sys/role/info', { token, query: { id: String(id) } })).body.data as Record<
        string,
        unknown
      >;
    const row = (
      (await t.call('POST', '/admin/base/sys/role/page', { token, body: { size: 100 } })).body.data as {
        list: Record<string, unknown>[];
      }
    ).list.find((r) => r.id === id)!;
    expect([row.relevance, row.userId]).toEqual([1, '1']);
    expect([(await info()).relevance, (await info()).userId]).toEqual([true, '1']);
    const spec = epsForm(role, 'en', 'edit');
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(spec.schema);
    for (const sent of [row, await info()]) {
      const values = formValues(spec, sent);
      expect(values.relevance).toBe(true);
      expect(validate(formBody(spec, values, 'edit')), JSON.stringify(validate.errors)).toBe(true);
    }
    expect(validate(formBody(spec, row, 'edit')), 'without formValues the 1 is not a boolean').toBe(false);
    const saved = await t.call('POST', '/admin/base/sys/role/update', {
      token,
      body: { ...formBody(spec, { ...formValues(spec, await info()), relevance: false }, 'edit'), id },
    });
    expect(saved.body.code, saved.raw).toBe(1000);
    expect((await info()).relevance).toBe(false);
  });

  it('a cleared nullable field is sent as null on edit; a blank password is left out', () => {
    const spec = epsForm(byPrefix.get('base/sys/user')!, 'en', 'edit');
    const body = formBody(spec, { name: 'A', username: 'a', phone: undefined, password: '' }, 'edit');
    expect(body).toMatchObject({ name: 'A', username: 'a', phone: null });
    expect(body).not.toHaveProperty('password');
    expect(formBody(spec, { name: 'A', phone: undefined }, 'add')).not.toHaveProperty('phone');
  });
});

describe('eps → search form', () => {
  it('search fields follow x-search: eq with a dictionary is a select, range a date range, like a text input', () => {
    const order = epsSearch(byPrefix.get('order/order')!, 'en');
    expect(order.keyword).toBe(true);
    expect(order.fields.find((f) => f.name === 'status')).toMatchObject({ mode: 'eq', input: 'select' });
    expect(order.fields.find((f) => f.name === 'userId')).toMatchObject({ mode: 'eq', input: 'relation' });
    expect(order.fields.find((f) => f.name === 'pendingTime')).toMatchObject({ mode: 'range', input: 'date-range' });
    expect(epsSearch(byPrefix.get('demo/goods')!, 'en').fields.find((f) => f.name === 'title')).toMatchObject({
      mode: 'like',
      input: 'text',
    });
    expect(epsSearch(byPrefix.get('user/level')!, 'en')).toMatchObject({ keyword: false, fields: [] });
  });

  it('every search form value is accepted by the server page call', async () => {
    for (const entry of entries) {
      if (!has(entry, '/page')) continue;
      const spec = epsSearch(entry, 'en');
      const filters: Record<string, unknown> = {};
      for (const f of spec.fields) {
        if (f.input === 'date-range') filters[f.name] = rangeFilter(f.field, '2024-01-01', '2030-12-31');
        else if (f.input === 'text') filters[f.name] = 'a';
        else if (f.input === 'bool') filters[f.name] = '1';
        else filters[f.name] = f.field.enum?.find((v) => v !== null) ?? '1';
      }
      const body = pageBody({
        page: 1,
        size: 10,
        keyWord: spec.keyword ? 'x' : '',
        filters,
        order: 'createTime',
        sort: 'asc',
      });
      const reply = await t.call('POST', `${entry.prefix}/page`, { token, body });
      expect(reply.body.code, `${entry.prefix}: ${String(reply.body.message)}`).toBe(1000);
    }
  });
});

describe('list state in the URL', () => {
  it('round-trips page, size, sort, keyword and filters, and leaves other params alone', () => {
    const state = {
      page: 3,
      size: 50,
      order: 'price',
      sort: 'asc' as const,
      keyWord: '桌 %_',
      filters: { status: '1', pendingTime: ['2024-01-01 00:00:00', '2024-02-01 23:59:59'] },
    };
    const params = writeListState(new URLSearchParams('tab=x&page=9'), state);
    expect(params.get('tab')).toBe('x');
    expect(parseListState(new URLSearchParams(params.toString()))).toEqual(state);
    expect(
      writeListState(new URLSearchParams(), { page: 1, size: 20, keyWord: '', filters: { a: '', b: [] } }).toString(),
    ).toBe('');
    expect(parseListState(new URLSearchParams('page=-2&size=abc&sort=up&order=x'))).toMatchObject({
      page: 1,
      size: 20,
      order: 'x',
      sort: 'desc',
    });
  });
});

describe('money and dates', () => {
  it('shows integer cents as yuan with the sign and 2 decimals, and reads yuan back exactly', () => {
    expect(formatMoney(468000)).toBe('¥4,680.00');
    expect(formatMoney(-5)).toBe('¥-0.05');
    expect(centsToYuan(199990)).toBe('1999.90');
    expect(yuanToCents('1999.9')).toBe(199990);
    expect(yuanToCents('0.07')).toBe(7);
    expect(yuanToCents('12.345')).toBeUndefined();
    expect(yuanToCents('abc')).toBeUndefined();
  });

  it('formats server datetimes and ISO strings alike', () => {
    expect(formatDate('2024-06-18 09:30:05', true)).toBe('2024-06-18 09:30:05');
    expect(formatDate('2024-06-18 09:30', true)).toBe('2024-06-18 09:30:00');
    expect(formatDate('2024-06-18 09:30:05', false)).toBe('2024-06-18');
    expect(formatDate(null, true)).toBe('');
  });
});
