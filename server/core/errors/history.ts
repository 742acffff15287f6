import { defineErrors } from './define.js';

/** The field history and the lost-update check (server/core/crud/history.ts). */
export const HISTORY = defineErrors({
  STALE_RECORD: {
    status: 409,
    texts: {
      'zh-cn': '记录已被他人修改（当前版本 {revision}）：{fields}',
      'zh-tw': '記錄已被他人修改（目前版本 {revision}）：{fields}',
      en: 'The record was changed by someone else since you loaded it (now revision {revision}): {fields}',
    },
  },
  STALE_FIELD: {
    status: 409,
    texts: {
      'zh-cn': '已被 {user} 于 {time} 修改',
      'zh-tw': '已被 {user} 於 {time} 修改',
      en: 'changed by {user} at {time}',
    },
  },
  STALE_UNKNOWN_USER: {
    status: 409,
    texts: { 'zh-cn': '他人', 'zh-tw': '他人', en: 'someone else' },
  },
  REVISION_INVALID: {
    status: 400,
    texts: {
      'zh-cn': '版本须为正整数',
      'zh-tw': '版本須為正整數',
      en: 'the revision must be a positive whole number',
    },
  },
  HISTORY_VERSION_MISSING: {
    status: 404,
    texts: {
      'zh-cn': '{prefix}: 记录 {id} 没有版本 {version} 的历史',
      'zh-tw': '{prefix}: 記錄 {id} 沒有版本 {version} 的歷史',
      en: '{prefix}: record {id} has no history at revision {version}',
    },
  },
  HISTORY_FIELD_UNKNOWN: {
    status: 400,
    texts: {
      'zh-cn': '“{field}”不是可还原的字段',
      'zh-tw': '「{field}」不是可還原的欄位',
      en: '"{field}" is not a field that can be reverted',
    },
  },
  HISTORY_KEEP_DAYS: {
    status: 400,
    texts: {
      'zh-cn': '必须是 1 到 3650 之间的天数',
      'zh-tw': '必須是 1 到 3650 之間的天數',
      en: 'must be a number of days from 1 to 3650',
    },
  },
});
