import { describe, expect, it } from 'vitest';
import {
  checkProposal,
  schemaToProposal,
  fieldsFromCsv,
  fieldsFromSample,
  parseCsv,
  parseTypeormEntity,
  proposalToSchema,
  toFieldName,
  ProposalError,
} from '../../modules/base/coding/proposal/index.js';
import { prepareEntity } from '../../core/registry/register-entity.js';

describe('schema proposal builders', () => {
  it('CSV: quoted cells with commas, doubled quotes and newlines; the widest kind a column needs', () => {
    expect(parseCsv('a,b\n"x, y","say ""hi""\nthere"\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
    ]);
    const fields = fieldsFromCsv(
      'Name,Qty,Price,Arrived,Active\nOak,3,10,2024-01-02,true\nPine,,12.5,2024-01-03,false',
    );
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['name', 'string', true],
      ['qty', 'integer', false],
      ['price', 'money', true],
      ['arrived', 'date', true],
      ['active', 'boolean', true],
    ]);
  });

  it('sample JSON: kinds from values and names; system fields skipped; not-JSON refused', () => {
    const fields = fieldsFromSample(
      '{"id":1,"Unit price":1200,"logo":"x","born":"2020-01-01 10:00:00","meta":{"a":1},"note":null}',
    );
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['unitPrice', 'money', true],
      ['logo', 'image', true],
      ['born', 'datetime', true],
      ['meta', 'json', true],
      ['note', 'string', false],
    ]);
    expect(() => fieldsFromSample('{oops')).toThrow(ProposalError);
    expect(toFieldName('credit_yuan')).toBe('creditYuan');
    expect(toFieldName('名称')).toBe('name');
  });

  it('TypeORM: read as text (comments and code ignored, never run)', () => {
    const parsed = parseTypeormEntity(
      `
      // @Column({ comment: 'commented out' }) ghost: string;
      @Entity('shop_lamp') export class ShopLampEntity extends BaseEntity {
        /* @Column() hidden: string; */
        @Column({ comment: "名称 (name)", length: 30 }) name: string;
        @Column({ type: 'int', default: () => process.exit(1), nullable: true }) watts?: number;
      }`,
      'shop',
    );
    expect(parsed.reply.columns.map((c) => [c.propertyName, c.type, c.length])).toEqual([
      ['name', 'string', '30'],
      ['watts', 'int', ''],
    ]);
    expect(parsed.proposal.fields.map((f) => [f.name, f.type, f.label, f.required])).toEqual([
      ['name', 'string', { 'zh-cn': '名称', 'zh-tw': '名稱', en: 'Name' }, true],
      ['watts', 'integer', 'watts', false],
    ]);
  });

  it('a proposal names every problem; a good one derives table, class, menu and keyword search', () => {
    const issues = checkProposal({
      module: 'Shop',
      name: 'x',
      fields: [
        { name: 'order', type: 'string' },
        { name: 'a', type: 'string' },
        { name: 'a', type: 'blob' },
      ],
      extra: 1,
    });
    expect(issues.map((i) => i.path)).toEqual(['extra', 'module', 'fields.0.name', 'fields.2.name', 'fields.2.type']);
    const schema = proposalToSchema({
      module: 'shop',
      name: 'stockItem',
      fields: [
        { name: 'sku', type: 'string', required: true },
        { name: 'price', type: 'money' },
      ],
    });
    // The file says only what the prefix does not: the registry derives table, class, route and view path.
    expect([schema['x-table'], schema['x-class'], schema['x-menu'], schema.required]).toEqual([
      undefined,
      undefined,
      { orderNum: 0 },
      ['sku'],
    ]);
    const entity = prepareEntity({ schema, origin: 'proposal' });
    expect([entity.module, entity.table, entity.className, entity.menu]).toEqual([
      'shop',
      'shop_stock_item',
      'ShopStockItemEntity',
      // No parent named: the module's own directory.
      { router: '/shop/stockItem', viewPath: 'modules/shop/views/stockItem.vue', parent: 'shop', orderNum: 0 },
    ]);
    // A route that differs from the derived one is kept.
    expect(
      proposalToSchema({ module: 'base', name: 'note', fields: [{ name: 'text', type: 'string' }] })['x-menu'],
    ).toEqual({ router: '/base/note', orderNum: 0 });
    expect((schema.properties as Record<string, Record<string, unknown>>).sku['x-search']).toBe('keyword');
  });

  it("a field may carry its new dictionary's entries; they become x-dict-entries and come back as the proposal", () => {
    const fields = [
      {
        name: 'state',
        type: 'string',
        dict: 'crateState',
        dictEntries: [
          { value: 'open', name: '开', color: 'success' },
          { value: 'shut', name: { 'zh-cn': '关', 'zh-tw': '關', en: 'Shut' } },
        ],
      },
    ];
    const schema = proposalToSchema({ module: 'shop', name: 'crate', fields });
    expect((schema.properties as Record<string, Record<string, unknown>>).state['x-dict-entries']).toEqual([
      { value: 'open', name: { 'zh-cn': '开', 'zh-tw': '开', en: '开' }, color: 'success' },
      { value: 'shut', name: { 'zh-cn': '关', 'zh-tw': '關', en: 'Shut' } },
    ]);
    expect(schemaToProposal(schema).fields[0].dictEntries?.map((e) => e.value)).toEqual(['open', 'shut']);
    const bad = (dictEntries: unknown, type = 'integer') =>
      checkProposal({
        module: 'shop',
        name: 'crate',
        fields: [{ name: 'state', type, dict: 'crateState', dictEntries }],
      }).map((i) => i.path);
    expect(
      bad([
        { value: 1, name: 'A' },
        { value: 1, name: 'B' },
      ]),
    ).toEqual(['fields.0.dictEntries.1.value']);
    expect(bad([{ value: '1', name: 'A' }])).toEqual(['fields.0.dictEntries.0.value']);
    expect(
      bad([
        { value: 1, name: '' },
        { value: 2, name: 'B', color: 'pink' },
      ]),
    ).toEqual(['fields.0.dictEntries.0.name', 'fields.0.dictEntries.1.color']);
    expect(bad([])).toEqual(['fields.0.dictEntries']);
    expect(bad(Array.from({ length: 201 }, (_, i) => ({ value: i, name: `n${i}` })))).toEqual(['fields.0.dictEntries']);
  });
});
