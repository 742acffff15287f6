import { defineErrors } from './define.js';

/** The generic CRUD actions: ids, list queries, writes, trees, the recycle bin, export and import. */
export const CRUD = defineErrors({
  ID_MISSING: {
    status: 400,
    texts: {
      'zh-cn': '查询参数[{name}]不存在',
      'zh-tw': '查詢參數[{name}]不存在',
      en: 'The argument {name} is missing',
    },
  },
  SORT_INVALID: {
    status: 400,
    texts: { 'zh-cn': 'sort 非法传参~', 'zh-tw': 'sort 參數不正確，須為 asc 或 desc', en: 'sort must be asc or desc' },
  },
  SORT_COUNT_MISMATCH: {
    status: 400,
    texts: {
      'zh-cn': '排序参数不正确',
      'zh-tw': '排序參數不正確',
      en: 'The sort arguments are wrong: one direction per order column',
    },
  },
  ORDER_NOT_TEXT: {
    status: 400,
    texts: { 'zh-cn': '必须是字段名', 'zh-tw': '必須是欄位名稱', en: 'must be a column name' },
  },
  ORDER_COLUMN_UNKNOWN: {
    status: 400,
    texts: {
      'zh-cn': '“{column}”不是 {prefix} 的字段',
      'zh-tw': '「{column}」不是 {prefix} 的欄位',
      en: '"{column}" is not a column of {prefix}',
    },
  },
  FILTER_RANGE: {
    status: 400,
    texts: { 'zh-cn': '范围须为 [起, 止]', 'zh-tw': '範圍須為 [起, 迄]', en: 'a range is [from, to]' },
  },
  QUERY_NOT_OBJECT: {
    status: 400,
    texts: { 'zh-cn': '必须是查询参数对象', 'zh-tw': '必須是查詢參數物件', en: 'must be an object of query arguments' },
  },
  RECORD_NOT_FOUND: {
    status: 404,
    texts: {
      'zh-cn': '{prefix}: 记录 id {id} 不存在',
      'zh-tw': '{prefix}: 記錄 id {id} 不存在',
      en: '{prefix}: no record with id {id}',
    },
  },
  UNIQUE_TAKEN: {
    status: 409,
    texts: {
      'zh-cn': '{fields}（{labels}）: 该值已被其他记录使用',
      'zh-tw': '{fields}（{labels}）: 該值已被其他記錄使用',
      en: '{fields} ({labels}): the value is already used by another record',
    },
  },
  UNIQUE_TAKEN_UNNAMED: {
    status: 409,
    texts: {
      'zh-cn': '该值已被其他记录使用',
      'zh-tw': '該值已被其他記錄使用',
      en: 'the value is already used by another record',
    },
  },
  ADD_BATCH_TOO_LARGE: {
    status: 400,
    texts: {
      'zh-cn': 'body: 一次最多添加 {max} 条记录，本次有 {count} 条',
      'zh-tw': 'body: 一次最多新增 {max} 筆記錄，本次有 {count} 筆',
      en: 'body: at most {max} records can be added at once; this request has {count}',
    },
  },
  ADD_BATCH_EMPTY: {
    status: 400,
    texts: { 'zh-cn': '不能是空数组', 'zh-tw': '不能是空陣列', en: 'must not be an empty array' },
  },
  IDS_TOO_MANY: {
    status: 400,
    texts: { 'zh-cn': '一次最多 {max} 个 id', 'zh-tw': '一次最多 {max} 個 id', en: 'at most {max} ids at once' },
  },
  PARENT_MISSING: {
    status: 400,
    texts: {
      'zh-cn': '上级记录 {id} 不存在',
      'zh-tw': '上級記錄 {id} 不存在',
      en: 'there is no record {id} to put this under',
    },
  },
  PARENT_CYCLE: {
    status: 400,
    texts: {
      'zh-cn': '记录不能放在自己或自己的下级之下',
      'zh-tw': '記錄不能放在自己或自己的下級之下',
      en: 'a record cannot be put under itself or one of its own children',
    },
  },
  PARENT_CYCLE_AT: {
    status: 400,
    texts: {
      'zh-cn': '记录 {id} 会成为自己的下级',
      'zh-tw': '記錄 {id} 會成為自己的下級',
      en: 'record {id} would end up under itself',
    },
  },
  RESTORE_TAKEN: {
    status: 409,
    texts: {
      'zh-cn': '{prefix}: 记录 {id} 无法恢复，它的 id 或唯一值已被使用',
      'zh-tw': '{prefix}: 記錄 {id} 無法還原，它的 id 或唯一值已被使用',
      en: '{prefix}: record {id} cannot be restored because its id or a unique value is in use',
    },
  },
  RECYCLE_NOT_INSTALLED: {
    status: 404,
    texts: { 'zh-cn': '回收站未安装', 'zh-tw': '資源回收筒未安裝', en: 'the recycle bin is not installed' },
  },
  RECYCLE_ENTITY_GONE: {
    status: 404,
    texts: {
      'zh-cn': '回收记录 {id}：它所属的实体已不存在',
      'zh-tw': '回收記錄 {id}：它所屬的實體已不存在',
      en: 'recycle record {id}: its entity no longer exists',
    },
  },
  EXPORT_FORMAT: {
    status: 400,
    texts: { 'zh-cn': '必须是 csv 或 xlsx', 'zh-tw': '必須是 csv 或 xlsx', en: 'must be csv or xlsx' },
  },
  EXPORT_COLUMNS: {
    status: 400,
    texts: {
      'zh-cn': '必须是非空的字段名列表',
      'zh-tw': '必須是非空的欄位名稱清單',
      en: 'must be a non-empty list of field names',
    },
  },
  EXPORT_COLUMNS_UNKNOWN: {
    status: 400,
    texts: { 'zh-cn': '{columns} 不能导出', 'zh-tw': '{columns} 不能匯出', en: '{columns} cannot be exported' },
  },
});
