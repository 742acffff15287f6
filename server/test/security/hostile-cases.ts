import type { Entity, Field, GenericAction } from '../../core/registry/entity-types.js';
import { writableFields } from '../../core/crud/input-validation.js';
import { columnRange } from '../../core/db/column-sql.js';
import type { Row } from '../../core/db/row.js';
import { sampleRecord } from './sample-record.js';
import { infoCases, queryBodyCases } from './hostile-read-cases.js';
import { ACCEPTED_UNICODE, REFUSED_UNICODE, transportCases, type HostileCase } from './hostile-base.js';

export { ACCEPTED_UNICODE, type HostileCase };

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
