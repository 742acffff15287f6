import { defineErrors } from './define.js';

/** The field history and the lost-update check (server/core/crud/history.ts, stale-merge.ts). */
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
  // Labels of the history export (history-export.ts): not failures; the status is not used.
  HISTORY_COL_TIME: { status: 400, texts: { 'zh-cn': '时间', 'zh-tw': '時間', en: 'Time' } },
  HISTORY_COL_FIELD: { status: 400, texts: { 'zh-cn': '字段', 'zh-tw': '欄位', en: 'Field' } },
  HISTORY_COL_OLD: { status: 400, texts: { 'zh-cn': '原值', 'zh-tw': '原值', en: 'Old value' } },
  HISTORY_COL_NEW: { status: 400, texts: { 'zh-cn': '新值', 'zh-tw': '新值', en: 'New value' } },
  HISTORY_ACTION_ADD: { status: 400, texts: { 'zh-cn': '新增', 'zh-tw': '新增', en: 'Added' } },
  HISTORY_ACTION_UPDATE: { status: 400, texts: { 'zh-cn': '修改', 'zh-tw': '修改', en: 'Edited' } },
  HISTORY_ACTION_DELETE: { status: 400, texts: { 'zh-cn': '删除', 'zh-tw': '刪除', en: 'Deleted' } },
  HISTORY_ACTION_RESTORE: { status: 400, texts: { 'zh-cn': '恢复', 'zh-tw': '恢復', en: 'Restored' } },
  HISTORY_ACTION_IMPORT: { status: 400, texts: { 'zh-cn': '导入', 'zh-tw': '匯入', en: 'Imported' } },
  HISTORY_ACTION_REVERT: { status: 400, texts: { 'zh-cn': '还原', 'zh-tw': '還原', en: 'Reverted' } },
});
