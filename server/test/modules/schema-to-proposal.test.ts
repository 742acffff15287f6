import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FIELD_KINDS,
  PERMISSIONS,
  SEARCH_KINDS,
  checkProposal,
  proposalToSchema,
  sampleRows,
  schemaToProposal,
  type ProposalField,
} from '../../modules/base/coding/proposal/index.js';

const label = fc.record({
  'zh-cn': fc.string({ minLength: 1, maxLength: 6 }).filter((s) => s.trim() === s && s.length > 0),
  'zh-tw': fc.constant('標籤'),
  en: fc.constant('Label'),
});

const field = (name: string): fc.Arbitrary<ProposalField> =>
  fc
    .record({
      type: fc.constantFrom(...FIELD_KINDS),
      label: fc.option(label, { nil: undefined }),
      required: fc.option(fc.boolean(), { nil: undefined }),
      length: fc.option(fc.integer({ min: 1, max: 20000 }), { nil: undefined }),
      search: fc.option(fc.constantFrom(...SEARCH_KINDS), { nil: undefined }),
      list: fc.option(fc.boolean(), { nil: undefined }),
      sortable: fc.option(fc.boolean(), { nil: undefined }),
      dict: fc.option(fc.constantFrom('brand', 'status'), { nil: undefined }),
      ref: fc.option(fc.constant({ entity: 'product/category', label: 'name' }), { nil: undefined }),
      entries: fc.option(fc.uniqueArray(fc.integer({ min: -5, max: 50 }), { minLength: 1, maxLength: 4 }), {
        nil: undefined,
      }),
      color: fc.option(fc.constantFrom('primary', 'danger'), { nil: undefined }),
    })
    .map((f) => {
      const out: ProposalField = { name, type: f.ref ? 'integer' : f.type };
      for (const k of ['label', 'required', 'search', 'list', 'sortable', 'dict', 'ref'] as const)
        if (f[k] !== undefined) (out as Record<string, unknown>)[k] = f[k];
      if (f.length !== undefined && ['string', 'text', 'richtext', 'image'].includes(out.type)) out.length = f.length;
      if (out.type === 'json') delete out.search;
      if (out.ref || !['string', 'integer'].includes(out.type)) delete out.dict;
      // A new dictionary's entries, as the proposal carries them: names in three languages, values of the field's kind.
      if (out.dict && f.entries) {
        out.dictEntries = f.entries.map((v, i) => ({
          value: out.type === 'integer' ? v : `v${v}`,
          name: { 'zh-cn': `项${v}`, 'zh-tw': `項${v}`, en: `Item ${v}` },
          ...(i === 0 && f.color ? { color: f.color } : {}),
        }));
      }
      return out;
    });

const proposal = fc
  .uniqueArray(
    fc.constantFrom('title', 'phone', 'credit', 'logo', 'note', 'visits', 'born', 'meta', 'active', 'categoryId'),
    { minLength: 1, maxLength: 10 },
  )
  .chain((names) =>
    fc.record({
      module: fc.constant('shop'),
      name: fc.constantFrom('supplier', 'lamp'),
      title: fc.option(label, { nil: undefined }),
      fields: fc.tuple(...names.map(field)),
      menu: fc.option(
        fc.record({
          parent: fc.constantFrom('sys', 'shop'),
          icon: fc.constant('icon-list'),
          orderNum: fc.integer({ min: 0, max: 99 }),
        }),
        { nil: undefined },
      ),
      permissions: fc.option(fc.subarray([...PERMISSIONS], { minLength: 1 }), { nil: undefined }),
    }),
  )
  .map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)));

describe('schemaToProposal', () => {
  it('gives back the proposal of any schema a proposal made: proposalToSchema(schemaToProposal(s)) = s', () => {
    fc.assert(
      fc.property(proposal, (p) => {
        expect(checkProposal(p)).toEqual([]);
        const schema = proposalToSchema(p);
        const back = schemaToProposal(schema);
        expect(checkProposal(back)).toEqual([]);
        expect(proposalToSchema(back)).toEqual(schema);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps names, kinds, labels, relations and dictionaries of a supplier', () => {
    const schema = proposalToSchema({
      module: 'shop',
      name: 'supplier',
      title: '供应商',
      fields: [
        {
          name: 'name',
          label: { 'zh-cn': '名称', 'zh-tw': '名稱', en: 'Name' },
          type: 'string',
          required: true,
          length: 80,
        },
        { name: 'status', type: 'integer', dict: 'status', search: 'eq' },
        { name: 'categoryId', type: 'integer', ref: { entity: 'product/category', label: 'name' } },
        { name: 'credit', type: 'money', sortable: true },
      ],
    });
    // Every field is a list column unless the proposal says otherwise (the list showed none of them before).
    const props = schema.properties as Record<string, Record<string, unknown>>;
    expect(Object.values(props).map((p) => p['x-list'])).toEqual([
      { show: true },
      { show: true },
      { show: true },
      { show: true, sortable: true },
    ]);
    const back = schemaToProposal(schema);
    expect(back.fields.map((f) => [f.name, f.type, f.length, f.dict, f.ref?.entity, f.search])).toEqual([
      ['name', 'string', 80, undefined, undefined, 'keyword'],
      ['status', 'integer', undefined, 'status', undefined, 'eq'],
      ['categoryId', 'integer', undefined, undefined, 'product/category', undefined],
      ['credit', 'money', undefined, undefined, undefined, undefined],
    ]);
    expect(back.fields[0].label).toEqual({ 'zh-cn': '名称', 'zh-tw': '名稱', en: 'Name' });
    expect(back.fields[3].sortable).toBe(true);
  });
});

describe('sampleRows', () => {
  const fields: ProposalField[] = [
    { name: 'name', type: 'string' },
    { name: 'unitPrice', type: 'money' },
    { name: 'active', type: 'boolean' },
  ];
  it('keys a JSON record by field names, money in cents; unknown keys dropped', () => {
    expect(sampleRows('json', '{"name":"Oak","Unit price":12.5,"active":true,"ghost":1}', fields)).toEqual([
      { id: 1, name: 'Oak', unitPrice: 1250, active: true },
    ]);
  });
  it('reads CSV rows by header, empty cells as null', () => {
    expect(sampleRows('csv', 'Name,Unit price,Active\nOak,3,true\n"Pine, old",,false\n', fields)).toEqual([
      { id: 1, name: 'Oak', unitPrice: 300, active: true },
      { id: 2, name: 'Pine, old', unitPrice: null, active: false },
    ]);
  });
  it('gives no rows for a sample that does not parse', () => {
    expect(sampleRows('json', '{oops', fields)).toEqual([]);
  });
});
