import { describe, expect, it } from 'vitest';
import { checkProposal, fieldsFromCsv, fieldsFromSample, parseCsv, parseTypeormEntity, proposalToSchema, toFieldName, ProposalError } from '../proposal/index.js';

describe('schema proposal builders', () => {
  it('CSV: quoted cells with commas, doubled quotes and newlines; the widest kind a column needs', () => {
    expect(parseCsv('a,b\n"x, y","say ""hi""\nthere"\r\n')).toEqual([['a', 'b'], ['x, y', 'say "hi"\nthere']]);
    const fields = fieldsFromCsv('Name,Qty,Price,Arrived,Active\nOak,3,10,2024-01-02,true\nPine,,12.5,2024-01-03,false');
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['name', 'string', true], ['qty', 'integer', false], ['price', 'number', true], ['arrived', 'date', true], ['active', 'boolean', true],
    ]);
  });

  it('sample JSON: kinds from values and names; system fields skipped; not-JSON refused', () => {
    const fields = fieldsFromSample('{"id":1,"Unit price":1200,"logo":"x","born":"2020-01-01 10:00:00","meta":{"a":1},"note":null}');
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([['unitPrice', 'money', true], ['logo', 'image', true], ['born', 'datetime', true], ['meta', 'json', true], ['note', 'string', false]]);
    expect(() => fieldsFromSample('{oops')).toThrow(ProposalError);
    expect(toFieldName('credit_yuan')).toBe('creditYuan');
    expect(toFieldName('名称')).toBeUndefined();
  });

  it('TypeORM: read as text (comments and code ignored, never run)', () => {
    const parsed = parseTypeormEntity(`
      // @Column({ comment: 'commented out' }) ghost: string;
      @Entity('shop_lamp') export class ShopLampEntity extends BaseEntity {
        /* @Column() hidden: string; */
        @Column({ comment: "名称 (name)", length: 30 }) name: string;
        @Column({ type: 'int', default: () => process.exit(1), nullable: true }) watts?: number;
      }`, 'shop');
    expect(parsed.reply.columns.map((c) => [c.propertyName, c.type, c.length])).toEqual([['name', 'string', '30'], ['watts', 'int', '']]);
    expect(parsed.proposal.fields.map((f) => [f.name, f.type, f.label, f.required])).toEqual([['name', 'string', '名称', true], ['watts', 'integer', 'watts', false]]);
  });

  it('a proposal names every problem; a good one derives table, class, menu and keyword search', () => {
    const issues = checkProposal({ module: 'Shop', name: 'x', fields: [{ name: 'order', type: 'string' }, { name: 'a', type: 'string' }, { name: 'a', type: 'blob' }], extra: 1 });
    expect(issues.map((i) => i.path)).toEqual(['extra', 'module', 'fields.0.name', 'fields.2.name', 'fields.2.type']);
    const schema = proposalToSchema({ module: 'shop', name: 'stockItem', fields: [{ name: 'sku', type: 'string', required: true }, { name: 'price', type: 'money' }] });
    expect([schema['x-table'], schema['x-class'], schema['x-menu'], schema.required]).toEqual(['shop_stock_item', 'ShopStockItemEntity', { router: '/shop/stockItem', viewPath: 'modules/shop/views/stockItem.vue', orderNum: 0 }, ['sku']]);
    expect((schema.properties as Record<string, Record<string, unknown>>).sku['x-search']).toBe('keyword');
  });
});
