import { defineErrors } from './define.js';

/** AI code (`base/coding/*`, `base/sys/menu/parse|create`) and removing an entity made there. */
export const CODING = defineErrors({
  CODING_SUPER_ONLY: {
    status: 403,
    code: 1001,
    texts: {
      'zh-cn': '只有超级管理员可以应用实体（拥有 base:coding:* 的用户可以起草和预览）',
      'zh-tw': '只有超級管理員可以套用實體（擁有 base:coding:* 的用戶可以起草和預覽）',
      en: 'Only a super admin may apply an entity (holders of base:coding:* may draft and preview)',
    },
  },
  CODING_PROPOSAL_INVALID: {
    status: 400,
    texts: {
      'zh-cn': '实体定义有误：{reason}',
      'zh-tw': '實體定義有誤：{reason}',
      en: 'The entity is not valid: {reason}',
    },
  },
  CODING_NO_MENU_DIRECTORY: {
    status: 400,
    texts: {
      'zh-cn': '没有键为“{key}”的菜单目录',
      'zh-tw': '沒有鍵為「{key}」的選單目錄',
      en: 'no menu directory has the key "{key}"',
    },
  },
  CODING_NO_DICTIONARY: {
    status: 400,
    texts: {
      'zh-cn': '字段“{field}”：字典“{dict}”不存在，请先创建',
      'zh-tw': '欄位「{field}」：字典「{dict}」不存在，請先建立',
      en: 'field "{field}": dictionary "{dict}" does not exist; create it first',
    },
  },
  CODING_BODY_OBJECT: {
    status: 400,
    texts: { 'zh-cn': '请求内容必须是对象', 'zh-tw': '請求內容必須是物件', en: 'The body must be an object' },
  },
  CODING_CODES_LIST: {
    status: 400,
    texts: {
      'zh-cn': '请给出 { path, content } 列表',
      'zh-tw': '請給出 { path, content } 清單',
      en: 'give a list of { path, content }',
    },
  },
  CODING_CODES_TOO_MANY: {
    status: 400,
    texts: { 'zh-cn': '一次最多 {max} 个文件', 'zh-tw': '一次最多 {max} 個檔案', en: 'at most {max} files at once' },
  },
  CODING_PATH: {
    status: 400,
    texts: { 'zh-cn': '必须是文件路径', 'zh-tw': '必須是檔案路徑', en: 'must be a file path' },
  },
  CODING_NOT_JSON: {
    status: 400,
    texts: { 'zh-cn': '不是有效的 JSON', 'zh-tw': '不是有效的 JSON', en: 'is not valid JSON' },
  },
  CODING_NOT_SCHEMA: {
    status: 400,
    texts: { 'zh-cn': '必须是实体结构', 'zh-tw': '必須是實體結構', en: 'must be an entity schema' },
  },
  CODING_PATH_PREFIX: {
    status: 400,
    texts: {
      'zh-cn': '{path} 与 x-prefix“{prefix}”不符（须为 schemas/<x-prefix>.json）',
      'zh-tw': '{path} 與 x-prefix「{prefix}」不符（須為 schemas/<x-prefix>.json）',
      en: '{path} does not match x-prefix "{prefix}" (must be schemas/<x-prefix>.json)',
    },
  },
  CODING_NO_ENTITY: {
    status: 400,
    texts: {
      'zh-cn': '没有前缀为“{prefix}”的实体',
      'zh-tw': '沒有前綴為「{prefix}」的實體',
      en: 'no entity has the prefix "{prefix}"',
    },
  },
  CODING_NO_STORED_ENTITY: {
    status: 400,
    texts: {
      'zh-cn': '没有在此服务器上创建的前缀为“{prefix}”的实体（内置实体须从 schemas 目录删除）',
      'zh-tw': '沒有在此伺服器上建立的前綴為「{prefix}」的實體（內建實體須從 schemas 目錄刪除）',
      en: 'no entity made on this server has the prefix "{prefix}" (built-in entities are removed from the schemas folder)',
    },
  },
  CODING_NO_SCHEMA_IN_CODES: {
    status: 400,
    texts: {
      'zh-cn': '文件中没有实体结构或实体类',
      'zh-tw': '檔案中沒有實體結構或實體類別',
      en: 'no entity schema or entity class among the files',
    },
  },
  CODING_REMOVE_REFERENCED: {
    status: 409,
    texts: {
      'zh-cn': '{prefix} 不能删除：{referrers} 关联了它，请先删除这些关联',
      'zh-tw': '{prefix} 不能刪除：{referrers} 關聯了它，請先刪除這些關聯',
      en: '{prefix} cannot be removed: {referrers} relate to it; remove those relations first',
    },
  },
  CODING_REMOVE_CONFIRM: {
    status: 400,
    texts: {
      'zh-cn': '{prefix} 有 {count} 条记录：要删除它，请将其前缀作为 confirm 发送；记录将移入回收站',
      'zh-tw': '{prefix} 有 {count} 筆記錄：要刪除它，請將其前綴作為 confirm 傳送；記錄將移入資源回收筒',
      en: '{prefix} holds {count} record(s): to remove it, send its prefix as confirm; the records go to the recycle bin',
    },
  },
  CODING_CONFIRM_REPEAT: {
    status: 400,
    texts: {
      'zh-cn': '必须重复“{prefix}”（{count} 条记录）',
      'zh-tw': '必須重複「{prefix}」（{count} 筆記錄）',
      en: 'must repeat "{prefix}" ({count} records)',
    },
  },
});
