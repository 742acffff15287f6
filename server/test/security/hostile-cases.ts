import type { Entity, Field, GenericAction } from '../../core/registry/entity-types.js';
import { writableFields } from '../../core/crud/input-validation.js';
import { columnRange } from '../../core/db/column-sql.js';
import type { Row } from '../../core/db/row.js';
import { sampleRecord } from './sample-record.js';

/**
 * One hostile request. POST cases carry `body` (sent as JSON) or `raw` text; GET cases carry a raw query string.
 * `field` is what is at fault: a rejection must name it. `expect` says what the protocol requires:
 * 'reject' (a 4xx that changes nothing) or 'accept' (a 2xx whose write round-trips).
 */
export type HostileCase = {
  name: string;
  body?: unknown;
  raw?: string;
  query?: string;
  contentType?: string;
  field?: string;
  expect: 'reject' | 'accept';
};

/** Text the server must store faithfully: a person may well type it. */
export const ACCEPTED_UNICODE: Record<string, string> = {
  emoji: 'Chair 🪑👍🏽',
  'emoji ZWJ sequence': 'family 👨‍👩‍👧',
  'right-to-left marks': 'abc \u202Edef\u202C \u200Fghi',
  'combining marks': 'e\u0301\u0302\u0303 Z\u0335\u0321',
  'zero-width and BOM': '\u200Bz\u200Dw\uFEFF',
  'astral CJK': '𠀀𠀁 木',
};

/** Text no database stores faithfully: refused by the input guard. */
const REFUSED_UNICODE: Record<string, string> = {
  NUL: 'a\\u0000b',
  'lone high surrogate': '\\ud800x',
  'lone low surrogate': 'x\\udc00',
};

const deep = (depth: number, open: string, close: string, leaf: string) =>
  open.repeat(depth) + leaf + close.repeat(depth);
/** Built once: every POST route gets the same large payloads. */
const OVER_LIMIT = `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`;
const NESTED_OBJECTS = deep(10_000, '{"a":', '}', '1');
const NESTED_ARRAYS = deep(10_000, '[', ']', '1');

/** Transport-level abuse every POST route must survive: bad JSON, content types, shapes, prototype keys, bad text. */
function transportCases(): HostileCase[] {
  return [
    { name: 'malformed JSON (truncated)', raw: '{"page": 1,', field: 'body', expect: 'reject' },
    { name: 'malformed JSON (single quotes)', raw: "{'a': 1}", field: 'body', expect: 'reject' },
    { name: 'malformed JSON (trailing text)', raw: '{"a": 1} x', field: 'body', expect: 'reject' },
    { name: 'malformed JSON (NaN)', raw: 'NaN', field: 'body', expect: 'reject' },
    { name: 'empty body with a JSON content type', raw: '', field: 'body', expect: 'reject' },
    { name: 'whitespace body', raw: ' \n\t ', field: 'body', expect: 'reject' },
    { name: 'text/plain content type', raw: '{}', contentType: 'text/plain', expect: 'reject' },
    { name: 'form content type', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', expect: 'reject' },
    { name: 'xml content type', raw: '<a/>', contentType: 'application/xml', expect: 'reject' },
    { name: 'body over 2 MB', raw: OVER_LIMIT, expect: 'reject' },
    { name: '10,000 nested objects', raw: NESTED_OBJECTS, expect: 'reject' },
    { name: '10,000 nested arrays', raw: NESTED_ARRAYS, expect: 'reject' },
    { name: '__proto__ key', raw: '{"__proto__": {"isSuper": true}}', field: '__proto__', expect: 'reject' },
    {
      name: 'constructor.prototype key',
      raw: '{"constructor": {"prototype": {"isSuper": true}}}',
      field: 'constructor',
      expect: 'reject',
    },
    {
      name: 'nested __proto__ key',
      raw: '{"a": {"b": {"__proto__": {"x": 1}}}}',
      field: '__proto__',
      expect: 'reject',
    },
    { name: 'prototype key', raw: '{"prototype": 1}', field: 'prototype', expect: 'reject' },
    ...Object.entries(REFUSED_UNICODE).map(
      ([what, text]): HostileCase => ({
        name: `${what} in a value`,
        raw: `{"zz": "${text}"}`,
        field: 'zz',
        expect: 'reject',
      }),
    ),
    { name: 'lone surrogate in a key', raw: '{"\\udc00": 1}', expect: 'reject' },
    { name: 'JSON string body', body: 'just text', field: 'body', expect: 'reject' },
    { name: 'JSON number body', body: 42, field: 'body', expect: 'reject' },
    { name: 'JSON true body', body: true, field: 'body', expect: 'reject' },
    { name: 'JSON array of arrays', body: [[]], expect: 'reject' },
  ];
}

/** Values of JSON types the field does not allow. */
function wrongTypes(field: Field): unknown[] {
  const types = new Set<string>(Array.isArray(field.schema.type) ? field.schema.type : [field.schema.type]);
  const out: unknown[] = [];
  if (!types.has('string')) out.push('not a number');
  if (!types.has('integer') && !types.has('number')) out.push(12345);
  if (!types.has('boolean')) out.push(true);
  if (!types.has('object')) out.push({ a: 1 });
  if (!types.has('array')) out.push(['x']);
  if (!types.has('null')) out.push(null);
  return out;
}

/** Per-field abuse for add/update: wrong types, limits, enums, column ranges, refused text. */
function fieldCases(entity: Entity, base: () => Row, wholeRecord: boolean, prefix = ''): HostileCase[] {
  const out: HostileCase[] = [];
  for (const field of writableFields(entity)) {
    const s = field.schema;
    const bad = (name: string, value: unknown): HostileCase => ({
      name: `${field.name}: ${name}`,
      body: { ...base(), [field.name]: value },
      field: prefix + field.name,
      expect: 'reject',
    });
    for (const value of wrongTypes(field)) out.push(bad(`wrong type ${JSON.stringify(value)}`, value));
    if (s.maxLength !== undefined) out.push(bad(`${s.maxLength + 1} characters`, 'x'.repeat(s.maxLength + 1)));
    if (s.minLength) out.push(bad('too short', ''));
    if (s.enum) out.push(bad('outside the enum', 987654));
    if (s.minimum !== undefined) out.push(bad('below the minimum', s.minimum - 1));
    if (s.maximum !== undefined) out.push(bad('above the maximum', s.maximum + 1));
    const range = columnRange(field);
    if (range && !s.enum) out.push(bad('beyond the column range', range.max + 1), bad('a huge number', 1e308));
    if (field.storage === 'integer' && !s.enum) out.push(bad('a fraction', 1.5));
    if (field.storage === 'datetime')
      out.push(bad('an impossible date-time', '2024-02-30 25:61:00'), bad('not a date-time', 'tomorrow'));
    if (field.storage === 'date') out.push(bad('an impossible date', '2024-13-45'));
    if (field.storage === 'string' && !s.format) {
      for (const [what, text] of Object.entries(REFUSED_UNICODE)) {
        out.push({
          name: `${field.name}: ${what}`,
          raw: JSON.stringify({ ...base(), [field.name]: '@@' }).replace('"@@"', `"${text}"`),
          field: prefix + field.name,
          expect: 'reject',
        });
      }
    }
    if (wholeRecord && field.required && field.schema.default === undefined) {
      const { [field.name]: _dropped, ...rest } = base();
      out.push({ name: `${field.name}: missing`, body: rest, field: prefix + field.name, expect: 'reject' });
    }
  }
  return out;
}

/** A text field that can carry any of the accepted unicode samples, if the entity has one. */
function freeTextField(entity: Entity): Field | undefined {
  return writableFields(entity).find(
    (f) =>
      f.storage === 'string' &&
      !f.secret &&
      !f.schema.pattern &&
      !f.schema.enum &&
      !f.schema.format &&
      (f.schema.maxLength ?? 255) >= 40 &&
      !f.unique,
  );
}

function unicodeCases(entity: Entity, base: () => Row): HostileCase[] {
  const field = freeTextField(entity);
  if (!field) return [];
  return Object.entries(ACCEPTED_UNICODE).map(([what, text]) => ({
    name: `${field.name}: ${what} (accepted)`,
    body: { ...base(), [field.name]: text },
    expect: 'accept' as const,
  }));
}

function addCases(entity: Entity, next: () => Row): HostileCase[] {
  return [
    ...transportCases(),
    { name: 'null body', body: null, field: 'body', expect: 'reject' },
    { name: 'empty array', body: [], field: 'body', expect: 'reject' },
    { name: 'array of text', body: ['x'], expect: 'reject' },
    { name: 'array with null', body: [null], expect: 'reject' },
    { name: '1001 records', body: Array.from({ length: 1001 }, () => ({})), field: 'body', expect: 'reject' },
    ...fieldCases(entity, next, true),
    ...fieldCases(entity, next, true, '1.')
      .slice(0, 3)
      .map((c) => ({
        ...c,
        name: `second of two: ${c.name}`,
        body: c.body === undefined ? undefined : [next(), c.body],
        raw: c.raw && `[${JSON.stringify(next())},${c.raw}]`,
      })),
    {
      name: 'unknown keys (stripped)',
      body: { ...next(), zzUnknown: 1, module: 'x', 'a.b': { c: 1 } },
      expect: 'accept',
    },
    { name: 'client id (ignored)', body: { ...next(), id: 777_777 }, expect: 'accept' },
    {
      name: 'client createTime (ignored)',
      body: { ...next(), createTime: '2000-01-01 00:00:00', updateTime: 'garbage' },
      expect: 'accept',
    },
    ...unicodeCases(entity, next),
  ];
}

function updateCases(entity: Entity, liveId: number, next: () => Row): HostileCase[] {
  const patch = () => ({ id: liveId, ...next() });
  const ids: [string, unknown][] = [
    ['missing', undefined],
    ['null', null],
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['"abc"', 'abc'],
    ['2^60', 2 ** 60],
    ['2^31', 2 ** 31],
    ['an array', [liveId]],
    ['an object', { id: liveId }],
    ['true', true],
    ['"1e3"', '1e3'],
    ['""', ''],
    ['" 1"', ' 1'],
  ];
  return [
    ...transportCases(),
    { name: 'null body', body: null, field: 'body', expect: 'reject' },
    { name: 'array body', body: [patch()], field: 'body', expect: 'reject' },
    ...ids.map(
      ([what, id]): HostileCase => ({ name: `id ${what}`, body: { ...next(), id }, field: 'id', expect: 'reject' }),
    ),
    { name: 'unknown id', body: { ...next(), id: 2_000_000_000 }, field: 'id', expect: 'reject' },
    ...fieldCases(entity, patch, false),
    { name: 'unknown keys only', body: { id: liveId, zzUnknown: 'x', module: 'y' }, expect: 'accept' },
    { name: 'createTime only (ignored)', body: { id: liveId, createTime: '2000-01-01 00:00:00' }, expect: 'accept' },
    { name: 'id as numeric text', body: { ...next(), id: String(liveId) }, expect: 'accept' },
    ...unicodeCases(entity, patch),
  ];
}

function deleteCases(liveId: number): HostileCase[] {
  const ids: [string, unknown][] = [
    ['missing', undefined],
    ['null', null],
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['"abc"', 'abc'],
    ['2^60', 2 ** 60],
    ['2^31', 2 ** 31],
    ['[]', []],
    ['[0]', [0]],
    ['[-1]', [-1]],
    ['[1.5]', [1.5]],
    ['["abc"]', ['abc']],
    ['[[1]]', [[1]]],
    ['[{}]', [{}]],
    ['[null]', [null]],
    ['{}', {}],
    ['{"0": 1}', { 0: 1 }],
    ['true', true],
    ['"1,abc"', '1,abc'],
    ['","', ','],
    ['" "', ' '],
    ['"1;drop table x"', '1;drop table x'],
    ['1001 ids', Array.from({ length: 1001 }, (_, i) => i + 1)],
    ['100k characters', '9'.repeat(100_000)],
    ['a live id next to a bad one', [liveId, 'x']],
    ['"1e3"', '1e3'],
    ['"0x10"', '0x10'],
  ];
  return [
    ...transportCases(),
    { name: 'null body', body: null, field: 'body', expect: 'reject' },
    { name: 'array body', body: [liveId], field: 'body', expect: 'reject' },
    ...ids.map(
      ([what, value]): HostileCase => ({
        name: `ids ${what}`,
        body: value === undefined ? { other: 1 } : { ids: value },
        field: 'ids',
        expect: 'reject',
      }),
    ),
    { name: 'unknown ids (nothing to delete)', body: { ids: [2_000_000_000, 1_999_999_999] }, expect: 'accept' },
    { name: 'unknown ids as text', body: { ids: '2000000000, 1999999999' }, expect: 'accept' },
  ];
}

function queryBodyCases(entity: Entity, action: 'page' | 'list'): HostileCase[] {
  const out: HostileCase[] = [...transportCases(), { name: 'array body', body: [{}], field: 'body', expect: 'reject' }];
  if (action === 'page') {
    for (const [name, max] of [
      ['page', 1_000_000],
      ['size', 1000],
    ] as const) {
      for (const v of [0, -1, 1.5, 'abc', max + 1, 2 ** 60, [1], { n: 1 }, true, '1e3'])
        out.push({ name: `${name} ${JSON.stringify(v)}`, body: { [name]: v }, field: name, expect: 'reject' });
    }
  }
  const secret = entity.fields.find((f) => f.secret);
  for (const order of [
    'id; drop table x',
    'id desc',
    '(select 1)',
    'a.id',
    '"id"',
    'noSuchColumn',
    'id--',
    'id/**/',
    'id,',
    '__proto__',
    'toString',
    'x'.repeat(10_000),
    ['id'],
    { a: 1 },
    ...(secret ? [secret.name] : []),
  ]) {
    out.push({
      name: `order ${JSON.stringify(order).slice(0, 40)}`,
      body: { order },
      field: 'order',
      expect: 'reject',
    });
  }
  for (const sort of ['up', 'asc; drop table x', 'asc,desc', 123, { a: 1 }, 'ascending', [1]])
    out.push({ name: `sort ${JSON.stringify(sort)}`, body: { order: 'id', sort }, field: 'sort', expect: 'reject' });
  for (const keyWord of [{ a: 1 }, [1], true, 'x'.repeat(201)])
    out.push({
      name: `keyWord ${JSON.stringify(keyWord).slice(0, 30)}`,
      body: { keyWord },
      field: 'keyWord',
      expect: 'reject',
    });
  for (const keyWord of [
    '%',
    '_',
    '!',
    "'; drop table x; --",
    '\\',
    'x'.repeat(200),
    0,
    ...Object.values(ACCEPTED_UNICODE),
  ]) {
    out.push({
      name: `keyWord ${JSON.stringify(keyWord).slice(0, 30)} (accepted)`,
      body: { keyWord },
      expect: 'accept',
    });
  }
  for (const field of entity.fields.filter((f) => f.search.some((m) => m !== 'keyword'))) {
    const range = field.search.includes('range');
    const values: unknown[] = range
      ? ['not a pair', [1, 2, 3], [{}, null], ['yesterday', 'today']]
      : [{ a: 1 }, [{}], true, Array.from({ length: 1001 }, () => 1)];
    if (!range && (field.storage === 'integer' || field.storage === 'number'))
      values.push('abc', 2 ** 40, 1e308, ...(field.storage === 'integer' ? [1.5] : []));
    for (const v of values)
      out.push({
        name: `filter ${field.name} ${JSON.stringify(v).slice(0, 30)}`,
        body: { [field.name]: v },
        field: field.name,
        expect: 'reject',
      });
    for (const ignored of ['', null])
      out.push({
        name: `filter ${field.name} ${JSON.stringify(ignored)} (ignored)`,
        body: { [field.name]: ignored },
        expect: 'accept',
      });
  }
  out.push(
    { name: 'unknown filters (ignored)', body: { zzUnknown: 'x', 'a.b': 1, '': 2 }, expect: 'accept' },
    { name: 'null body (no arguments)', body: null, expect: 'accept' },
    { name: 'isExport', body: { isExport: true }, expect: 'accept' },
  );
  return out;
}

function infoCases(liveId: number): HostileCase[] {
  const refused = [
    '',
    'id=',
    'id=0',
    'id=-1',
    'id=1.5',
    'id=1.0',
    'id=abc',
    'id=1152921504606846976',
    'id=2147483648',
    'id=1e3',
    'id=0x10',
    'id=%201',
    'id=1%20',
    'id=+1',
    'id=Infinity',
    'id=NaN',
    'id=null',
    'id=true',
    'id=[1]',
    'id={}',
    'id=1&id=2',
    'id[]=1',
    'id[0]=1',
    'ID=1',
    `id=${'9'.repeat(10_000)}`,
    'id=%zz',
    'id=1;drop',
    "id=1'%20or%201=1",
    'id=%091',
    'id=%EF%BC%91',
    'id=%D9%A3',
    'id=%F0%9F%AA%91',
    'id=%E2%80%AE1',
    'id=1%CC%81',
    'id=%ED%A0%80',
  ];
  return [
    ...refused.map((query): HostileCase => ({ name: `?${query.slice(0, 40)}`, query, field: 'id', expect: 'reject' })),
    { name: 'NUL in id', query: 'id=1%00', field: 'id', expect: 'reject' },
    { name: '__proto__ in the query', query: `id=${liveId}&__proto__=1`, field: '__proto__', expect: 'reject' },
    { name: 'constructor in the query', query: `id=${liveId}&constructor=1`, field: 'constructor', expect: 'reject' },
    { name: 'unknown id (success without data)', query: 'id=2000000000', expect: 'accept' },
    { name: 'unknown arguments (ignored)', query: `id=${liveId}&foo=bar&order=x;drop`, expect: 'accept' },
    { name: 'leading zeros', query: `id=000${liveId}`, expect: 'accept' },
  ];
}

/** The hostile corpus of one generic route. `next()` yields a fresh valid record (unique values differ each call). */
export function hostileCases(entity: Entity, action: GenericAction, liveId: number, seq: { n: number }): HostileCase[] {
  const next = () => sampleRecord(entity, seq.n++);
  switch (action) {
    case 'page':
    case 'list':
      return queryBodyCases(entity, action);
    case 'info':
      return infoCases(liveId);
    case 'add':
      return addCases(entity, next);
    case 'update':
      return updateCases(entity, liveId, next);
    case 'delete':
      return deleteCases(liveId);
  }
}
