import { defineErrors } from './define.js';

/** Problems of one field or argument, said without naming it (thrown with `fieldError(path, …)`: "path: problem"). */
export const FIELDS = defineErrors({
  FIELD_REQUIRED: { status: 400, texts: { 'zh-cn': '不能为空', 'zh-tw': '不能為空', en: 'is required' } },
  FIELD_NOT_EMPTY: {
    status: 400,
    texts: { 'zh-cn': '不能为空列表', 'zh-tw': '不能為空清單', en: 'must not be empty' },
  },
  FIELD_TEXT: { status: 400, texts: { 'zh-cn': '必须是文本', 'zh-tw': '必須是文字', en: 'must be text' } },
  FIELD_NUMBER: { status: 400, texts: { 'zh-cn': '必须是数字', 'zh-tw': '必須是數字', en: 'must be a number' } },
  FIELD_WHOLE_NUMBER: {
    status: 400,
    texts: { 'zh-cn': '必须是整数', 'zh-tw': '必須是整數', en: 'must be a whole number' },
  },
  FIELD_BOOLEAN: {
    status: 400,
    texts: { 'zh-cn': '必须是 true 或 false', 'zh-tw': '必須是 true 或 false', en: 'must be true or false' },
  },
  FIELD_OBJECT: { status: 400, texts: { 'zh-cn': '必须是对象', 'zh-tw': '必須是物件', en: 'must be an object' } },
  FIELD_ID_LIST: {
    status: 400,
    texts: { 'zh-cn': '必须是 id 列表', 'zh-tw': '必須是 id 清單', en: 'must be a list of ids' },
  },
  FIELD_BETWEEN: {
    status: 400,
    texts: {
      'zh-cn': '必须在 {min} 到 {max} 之间',
      'zh-tw': '必須在 {min} 到 {max} 之間',
      en: 'must be between {min} and {max}',
    },
  },
  FIELD_WHOLE_BETWEEN: {
    status: 400,
    texts: {
      'zh-cn': '必须是 {min} 到 {max} 之间的整数',
      'zh-tw': '必須是 {min} 到 {max} 之間的整數',
      en: 'must be a whole number from {min} to {max}',
    },
  },
  FIELD_TOO_LONG: {
    status: 400,
    texts: { 'zh-cn': '最多 {max} 个字符', 'zh-tw': '最多 {max} 個字元', en: 'must be at most {max} characters' },
  },
  FIELD_TOO_MANY: {
    status: 400,
    texts: { 'zh-cn': '最多 {max} 项', 'zh-tw': '最多 {max} 項', en: 'takes at most {max} items' },
  },
  FIELD_DATETIME: {
    status: 400,
    texts: {
      'zh-cn': '必须是日期时间（YYYY-MM-DD HH:mm:ss）',
      'zh-tw': '必須是日期時間（YYYY-MM-DD HH:mm:ss）',
      en: 'must be a date and time (YYYY-MM-DD HH:mm:ss)',
    },
  },
  FIELD_NO_RECORD: {
    status: 400,
    texts: { 'zh-cn': '记录 {id} 不存在', 'zh-tw': '記錄 {id} 不存在', en: 'there is no record {id}' },
  },
  FIELD_ONE_OF: {
    status: 400,
    texts: { 'zh-cn': '必须是以下之一：{values}', 'zh-tw': '必須是以下之一：{values}', en: 'must be one of {values}' },
  },
  FIELD_TAKEN: {
    status: 409,
    texts: {
      'zh-cn': '该值已被其他记录使用',
      'zh-tw': '該值已被其他記錄使用',
      en: 'the value is already used by another record',
    },
  },
  FIELD_NOT_JSON_TEXT: {
    status: 400,
    texts: { 'zh-cn': '必须是 JSON 文本', 'zh-tw': '必須是 JSON 文字', en: 'must be JSON text' },
  },
});
