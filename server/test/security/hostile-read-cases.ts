import type { Entity } from '../../core/registry/entity-types.js';
import { ACCEPTED_UNICODE, transportCases, type HostileCase } from './hostile-base.js';

/** The hostile cases of the reading calls: page and list bodies, info queries (hostile-cases.ts has the writes). */
export function queryBodyCases(entity: Entity, action: 'page' | 'list'): HostileCase[] {
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

export function infoCases(liveId: number): HostileCase[] {
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
