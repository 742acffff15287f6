import { defineErrors } from './define.js';

/**
 * Field problems: ajv's keywords, said of a field (`{field}`: its label in the caller's language where the schema
 * gives one, else its path), and the checks schemas cannot say. Used as `details[].message` and, for the first
 * field, in the message. Status 400, code 1002 when thrown.
 */
export const VALIDATION = defineErrors({
  VALIDATION_FAILED: {
    status: 400,
    texts: { 'zh-cn': '{field}: {problem}', 'zh-tw': '{field}: {problem}', en: '{field}: {problem}' },
  },
  AJV_REQUIRED: {
    status: 400,
    texts: { 'zh-cn': '{field}不能为空', 'zh-tw': '{field}不能為空', en: '{field} is required' },
  },
  AJV_TYPE: {
    status: 400,
    texts: { 'zh-cn': '{field}必须是{type}', 'zh-tw': '{field}必須是{type}', en: '{field} must be {type}' },
  },
  AJV_MIN_LENGTH: {
    status: 400,
    texts: {
      'zh-cn': '{field}至少 {limit} 个字符',
      'zh-tw': '{field}至少 {limit} 個字元',
      en: '{field} must be at least {limit} characters long',
    },
  },
  AJV_MAX_LENGTH: {
    status: 400,
    texts: {
      'zh-cn': '{field}最多 {limit} 个字符',
      'zh-tw': '{field}最多 {limit} 個字元',
      en: '{field} must be at most {limit} characters long',
    },
  },
  AJV_MINIMUM: {
    status: 400,
    texts: {
      'zh-cn': '{field}不能小于 {limit}',
      'zh-tw': '{field}不能小於 {limit}',
      en: '{field} must be {limit} or more',
    },
  },
  AJV_MAXIMUM: {
    status: 400,
    texts: {
      'zh-cn': '{field}不能大于 {limit}',
      'zh-tw': '{field}不能大於 {limit}',
      en: '{field} must be {limit} or less',
    },
  },
  AJV_EXCLUSIVE_MINIMUM: {
    status: 400,
    texts: {
      'zh-cn': '{field}必须大于 {limit}',
      'zh-tw': '{field}必須大於 {limit}',
      en: '{field} must be more than {limit}',
    },
  },
  AJV_EXCLUSIVE_MAXIMUM: {
    status: 400,
    texts: {
      'zh-cn': '{field}必须小于 {limit}',
      'zh-tw': '{field}必須小於 {limit}',
      en: '{field} must be less than {limit}',
    },
  },
  AJV_MULTIPLE_OF: {
    status: 400,
    texts: {
      'zh-cn': '{field}必须是 {limit} 的倍数',
      'zh-tw': '{field}必須是 {limit} 的倍數',
      en: '{field} must be a multiple of {limit}',
    },
  },
  AJV_PATTERN: {
    status: 400,
    texts: {
      'zh-cn': '{field}的格式不正确（须符合 {pattern}）',
      'zh-tw': '{field}的格式不正確（須符合 {pattern}）',
      en: '{field} does not match the pattern {pattern}',
    },
  },
  AJV_FORMAT: {
    status: 400,
    texts: {
      'zh-cn': '{field}不是有效的 {format} 格式',
      'zh-tw': '{field}不是有效的 {format} 格式',
      en: '{field} must be a valid {format}',
    },
  },
  AJV_FORMAT_PHONE: {
    status: 400,
    texts: {
      'zh-cn': '{field}不是有效的电话号码（数字，可带 +、空格或短横线，6 至 20 位）',
      'zh-tw': '{field}不是有效的電話號碼（數字，可帶 +、空格或短橫線，6 至 20 位）',
      en: '{field} is not a valid phone number (digits, optionally with +, spaces or hyphens; 6 to 20 characters)',
    },
  },
  AJV_FORMAT_EMAIL: {
    status: 400,
    texts: {
      'zh-cn': '{field}不是有效的邮箱地址（如 name@example.com）',
      'zh-tw': '{field}不是有效的郵箱地址（如 name@example.com）',
      en: '{field} is not a valid e-mail address (such as name@example.com)',
    },
  },
  AJV_ENUM: {
    status: 400,
    texts: {
      'zh-cn': '{field}必须是以下之一：{values}',
      'zh-tw': '{field}必須是以下之一：{values}',
      en: '{field} must be one of {values}',
    },
  },
  AJV_CONST: {
    status: 400,
    texts: { 'zh-cn': '{field}必须等于 {value}', 'zh-tw': '{field}必須等於 {value}', en: '{field} must be {value}' },
  },
  AJV_ADDITIONAL_PROPERTY: {
    status: 400,
    texts: { 'zh-cn': '{field}不是允许的字段', 'zh-tw': '{field}不是允許的欄位', en: '{field} is not allowed here' },
  },
  AJV_MIN_ITEMS: {
    status: 400,
    texts: {
      'zh-cn': '{field}至少 {limit} 项',
      'zh-tw': '{field}至少 {limit} 項',
      en: '{field} needs at least {limit} items',
    },
  },
  AJV_MAX_ITEMS: {
    status: 400,
    texts: {
      'zh-cn': '{field}最多 {limit} 项',
      'zh-tw': '{field}最多 {limit} 項',
      en: '{field} takes at most {limit} items',
    },
  },
  AJV_UNIQUE_ITEMS: {
    status: 400,
    texts: {
      'zh-cn': '{field}不能有重复项（第 {i} 项与第 {j} 项相同）',
      'zh-tw': '{field}不能有重複項（第 {i} 項與第 {j} 項相同）',
      en: '{field} must not repeat an item (items {i} and {j} are the same)',
    },
  },
  AJV_MIN_PROPERTIES: {
    status: 400,
    texts: {
      'zh-cn': '{field}至少 {limit} 个键',
      'zh-tw': '{field}至少 {limit} 個鍵',
      en: '{field} needs at least {limit} keys',
    },
  },
  AJV_MAX_PROPERTIES: {
    status: 400,
    texts: {
      'zh-cn': '{field}最多 {limit} 个键',
      'zh-tw': '{field}最多 {limit} 個鍵',
      en: '{field} takes at most {limit} keys',
    },
  },
  AJV_DEPENDENT_REQUIRED: {
    status: 400,
    texts: {
      'zh-cn': '填写 {property} 时{field}不能为空',
      'zh-tw': '填寫 {property} 時{field}不能為空',
      en: '{field} is required when {property} is given',
    },
  },
  AJV_INVALID: {
    status: 400,
    texts: { 'zh-cn': '{field}的值无效', 'zh-tw': '{field}的值無效', en: '{field} is not valid' },
  },
  TYPE_STRING: { status: 400, texts: { 'zh-cn': '文本', 'zh-tw': '文字', en: 'text' } },
  TYPE_NUMBER: { status: 400, texts: { 'zh-cn': '数字', 'zh-tw': '數字', en: 'a number' } },
  TYPE_INTEGER: { status: 400, texts: { 'zh-cn': '整数', 'zh-tw': '整數', en: 'a whole number' } },
  TYPE_BOOLEAN: { status: 400, texts: { 'zh-cn': '布尔值（是/否）', 'zh-tw': '布林值（是/否）', en: 'true or false' } },
  TYPE_OBJECT: { status: 400, texts: { 'zh-cn': '对象', 'zh-tw': '物件', en: 'an object' } },
  TYPE_ARRAY: { status: 400, texts: { 'zh-cn': '列表', 'zh-tw': '清單', en: 'a list' } },
  TYPE_NULL: { status: 400, texts: { 'zh-cn': '空值', 'zh-tw': '空值', en: 'null' } },
  TYPE_OR: { status: 400, texts: { 'zh-cn': '或', 'zh-tw': '或', en: ' or ' } },
  COLUMN_RANGE: {
    status: 400,
    texts: {
      'zh-cn': '{field}必须在 {min} 到 {max} 之间',
      'zh-tw': '{field}必須在 {min} 到 {max} 之間',
      en: '{field} must be between {min} and {max}',
    },
  },
  COLUMN_SCALE: {
    status: 400,
    texts: {
      'zh-cn': '{field}最多 {scale} 位小数',
      'zh-tw': '{field}最多 {scale} 位小數',
      en: '{field} must have at most {scale} decimal places',
    },
  },
  NOT_A_DATE: {
    status: 400,
    texts: {
      'zh-cn': '{field}必须是真实存在的日期（YYYY-MM-DD）',
      'zh-tw': '{field}必須是真實存在的日期（YYYY-MM-DD）',
      en: '{field} must be a real date (YYYY-MM-DD)',
    },
  },
  NOT_A_DATETIME: {
    status: 400,
    texts: {
      'zh-cn': '{field}必须是真实存在的日期时间（YYYY-MM-DD HH:mm:ss）',
      'zh-tw': '{field}必須是真實存在的日期時間（YYYY-MM-DD HH:mm:ss）',
      en: '{field} must be a real date and time (YYYY-MM-DD HH:mm:ss)',
    },
  },
});
