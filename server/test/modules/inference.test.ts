import { describe, expect, it } from 'vitest';
import {
  fieldsFromCsv,
  fieldsFromSample,
  parseTypeormEntity,
  proposalToSchema,
  sampleRows,
  schemaToProposal,
} from '../../modules/base/coding/proposal/index.js';
import { prepareEntity } from '../../core/registry/register-entity.js';

const shape = (fields: { name: string; type: string; required?: boolean }[]) =>
  fields.map((f) => [f.name, f.type, f.required]);

describe('drafting fields from what people have', () => {
  it('a CSV with Chinese headers: ASCII names (a known term or pinyin), the Chinese kept as the label', () => {
    const fields = fieldsFromCsv('名称,价格,库存,名牌\n橡木椅,199.5,12,是\n松木桌,9.9,3,否\n');
    expect(shape(fields)).toEqual([
      ['name', 'string', true],
      ['price', 'money', true],
      ['stock', 'integer', true],
      ['mingPai', 'string', true],
    ]);
    expect(fields[1].label).toEqual({ 'zh-cn': '价格', 'zh-tw': '價格', en: 'Price' });
    expect(fields[3].label).toEqual({ 'zh-cn': '名牌', 'zh-tw': '名牌', en: 'Ming pai' });
    // The proposal is one the server takes, and the sample's rows fit it (price in cents).
    expect(() => proposalToSchema({ module: 'shop', name: 'chair', fields })).not.toThrow();
    expect(sampleRows('csv', '名称,价格,库存,名牌\n橡木椅,199.5,12,是\n', fields)).toEqual([
      { id: 1, name: '橡木椅', price: 19950, stock: 12, mingPai: '是' },
    ]);
  });

  it('digits that identify stay text: mobiles, zip codes with a leading zero, ids; the sample still fits', () => {
    const csv = 'contact,mobile,zip,idNo,qty\nLi,13800000000,010020,110101199003070011,2\nWang,13900000000,200000,,5\n';
    expect(shape(fieldsFromCsv(csv))).toEqual([
      ['contact', 'string', true],
      ['mobile', 'string', true],
      ['zip', 'string', true],
      ['idNo', 'string', false],
      ['qty', 'integer', true],
    ]);
    const json = fieldsFromSample('{"name":"Acme","phone":13800000000,"zip":"010020","postcode":100000,"price":9.9}');
    expect(shape(json)).toEqual([
      ['name', 'string', true],
      ['phone', 'string', true],
      ['zip', 'string', true],
      ['postcode', 'string', true],
      ['price', 'money', true],
    ]);
    const rows = sampleRows('json', '{"name":"Acme","phone":13800000000,"zip":"010020","price":9.9}', json);
    expect(rows).toEqual([{ id: 1, name: 'Acme', phone: '13800000000', zip: '010020', price: 990 }]);
    // A number with more than two decimals is no amount of money.
    expect(shape(fieldsFromSample('{"price": 0.125, "ratio": 0.5, "born": "2020-01-01"}'))).toEqual([
      ['price', 'number', true],
      ['ratio', 'number', true],
      ['born', 'date', true],
    ]);
  });

  it('a column of a few repeated values suggests a dictionary the proposal carries; a list of records is read whole', () => {
    const fields = fieldsFromSample(
      JSON.stringify([
        { title: 'a', colour: 'red', note: 'x1' },
        { title: 'b', colour: 'blue', note: 'x2' },
        { title: 'c', colour: 'red', note: 'x3' },
        { title: 'd', colour: 'red', note: null },
      ]),
    );
    expect(fields.map((f) => [f.name, f.dict, f.dictEntries?.map((e) => e.value), f.required])).toEqual([
      ['title', undefined, undefined, true],
      ['colour', 'colour', ['red', 'blue'], true],
      ['note', undefined, undefined, false],
    ]);
  });

  it('TypeORM: default and unique index kept, Chinese comments label Chinese, English gets English, 0-禁用 1-启用 a dictionary', () => {
    const { proposal } = parseTypeormEntity(
      `@Entity('shop_depot') export class ShopDepotEntity extends BaseEntity {
        @Index({ unique: true })
        @Column({ comment: '编码', length: 20 }) code: string;
        @Column({ comment: '状态 0-禁用 1-启用', default: 1, type: 'tinyint' }) status: number;
        @Column({ comment: '容量', nullable: true, type: 'int' }) capacity: number;
      }`,
      'shop',
    );
    expect(proposal.fields).toEqual([
      {
        name: 'code',
        label: { 'zh-cn': '编码', 'zh-tw': '編碼', en: 'Code' },
        type: 'string',
        required: true,
        length: 20,
        unique: true,
      },
      {
        name: 'status',
        label: { 'zh-cn': '状态', 'zh-tw': '狀態', en: 'Status' },
        type: 'integer',
        required: false,
        default: 1,
        dict: 'status',
        dictEntries: [
          { value: 0, name: '禁用' },
          { value: 1, name: '启用' },
        ],
      },
      {
        name: 'capacity',
        label: { 'zh-cn': '容量', 'zh-tw': '容量', en: 'Capacity' },
        type: 'integer',
        required: false,
      },
    ]);
    const schema = proposalToSchema(proposal);
    const entity = prepareEntity({ schema, origin: 'test' });
    expect(entity.fieldMap.get('status')!.schema.default).toBe(1);
    expect(entity.fieldMap.get('code')!.unique).toBe(true);
    // The stored entity gives both back to the form.
    expect(
      schemaToProposal(schema)
        .fields.slice(0, 2)
        .map((f) => [f.default, f.unique]),
    ).toEqual([
      [undefined, true],
      [1, undefined],
    ]);
  });

  it('a default must suit its field, and only short fields can be unique', () => {
    expect(() =>
      proposalToSchema({
        module: 'shop',
        name: 'x',
        fields: [
          { name: 'a', type: 'integer', default: 'one' },
          { name: 'b', type: 'text', unique: true },
        ],
      }),
    ).toThrow(/fields\.0\.default[\s\S]*fields\.1\.unique/);
  });
});
