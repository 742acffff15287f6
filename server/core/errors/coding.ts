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
  CODING_EVOLVE_SAME_NAME: {
    status: 409,
    texts: {
      'zh-cn': '已有用 AI 编码创建的实体“{prefix}”：选择演进该实体，或换一个名称',
      'zh-tw': '已有以 AI 編碼建立的實體「{prefix}」：選擇演進該實體，或換一個名稱',
      en: 'An entity made here already has the prefix "{prefix}": choose to evolve it, or another name',
    },
  },
  CODING_NAME_USED: {
    status: 409,
    texts: {
      'zh-cn': '已被在此创建的实体使用',
      'zh-tw': '已被在此建立的實體使用',
      en: 'is used by an entity made here',
    },
  },
  CODING_EVOLVE_NEEDS_CHOICE: {
    status: 409,
    texts: {
      'zh-cn': '变更计划中有 {count} 项会改动已有数据，需要逐项选择：转换或拒绝',
      'zh-tw': '變更計畫中有 {count} 項會改動既有資料，需要逐項選擇：轉換或拒絕',
      en: '{count} changes of the plan touch existing data and need a choice each: convert or refuse',
    },
  },
  CODING_EVOLVE_REFUSED: {
    status: 409,
    texts: {
      'zh-cn': '变更未应用：{count} 项被拒绝或有不符合新类型的行，数据保持不变',
      'zh-tw': '變更未套用：{count} 項被拒絕或有不符合新類型的列，資料維持不變',
      en: 'Nothing was changed: {count} changes were refused or have rows that do not fit the new type',
    },
  },
  CODING_EVOLVE_TABLE_CHANGED: {
    status: 409,
    texts: {
      'zh-cn': '数据库拒绝了这次结构变更，未做任何改动；请检查变更计划后重试',
      'zh-tw': '資料庫拒絕了這次結構變更，未做任何改動；請檢查變更計畫後重試',
      en: 'The database refused this change of the table and nothing was changed; check the change plan and try again',
    },
  },
  CODING_DB_SAID: {
    status: 409,
    texts: { 'zh-cn': '数据库：{reason}', 'zh-tw': '資料庫：{reason}', en: 'the database said: {reason}' },
  },
  CODING_EVOLVE_BAD_RENAMES: {
    status: 400,
    texts: {
      'zh-cn': '字段改名有误：请检查原字段名与新字段名',
      'zh-tw': '欄位更名有誤：請檢查原欄位名稱與新欄位名稱',
      en: 'The renames do not match the fields: check the old and new names',
    },
  },
  CODING_EVOLVE_BAD_CHOICES: {
    status: 400,
    texts: {
      'zh-cn': 'choices 须为 { 字段名: convert | refuse | yuan | cents }',
      'zh-tw': 'choices 須為 { 欄位名稱: convert | refuse | yuan | cents }',
      en: 'choices must be { field: convert | refuse | yuan | cents }',
    },
  },
  CODING_EVOLVE_NO_STORED: {
    status: 400,
    texts: {
      'zh-cn': '没有在本服务器创建的实体使用前缀“{prefix}”',
      'zh-tw': '沒有在本伺服器建立的實體使用前綴「{prefix}」',
      en: 'No entity made on this server has the prefix "{prefix}"',
    },
  },
  CODING_RENAMES_LIST: {
    status: 400,
    texts: {
      'zh-cn': '必须是 { from, to } 列表（最多 200 项）',
      'zh-tw': '必須是 { from, to } 清單（最多 200 項）',
      en: 'must be a list of { from, to } (at most 200)',
    },
  },
  CODING_RENAME_PAIR: {
    status: 400,
    texts: { 'zh-cn': '必须是 { from, to }', 'zh-tw': '必須是 { from, to }', en: 'must be { from, to }' },
  },
  CODING_RENAME_NO_OLD: {
    status: 400,
    texts: { 'zh-cn': '不是实体的字段', 'zh-tw': '不是實體的欄位', en: 'names no field of the entity' },
  },
  CODING_RENAME_NO_NEW: {
    status: 400,
    texts: { 'zh-cn': '不是提案中的字段', 'zh-tw': '不是提案中的欄位', en: 'names no field of the proposal' },
  },
  CODING_RENAME_TAKEN: {
    status: 400,
    texts: { 'zh-cn': '实体已有此字段', 'zh-tw': '實體已有此欄位', en: 'is a field the entity has already' },
  },
  CODING_RENAME_TWICE: {
    status: 400,
    texts: { 'zh-cn': '同一字段改名了两次', 'zh-tw': '同一欄位更名了兩次', en: 'renames a field twice' },
  },
  CODING_CHANGE_REFUSED: {
    status: 409,
    texts: { 'zh-cn': '已被管理员拒绝', 'zh-tw': '已被管理員拒絕', en: 'refused by the admin' },
  },
  CODING_CHANGE_REFUSED_ROWS: {
    status: 409,
    texts: {
      'zh-cn': '已拒绝；不符合的行：{rows}',
      'zh-tw': '已拒絕；不符合的列：{rows}',
      en: 'refused; rows that do not fit: {rows}',
    },
  },
  CODING_CHANGE_CHOOSE: {
    status: 409,
    texts: {
      'zh-cn': '{from} → {to}：请选择 {choices}',
      'zh-tw': '{from} → {to}：請選擇 {choices}',
      en: '{from} → {to}: choose {choices}',
    },
  },
  CODING_CHANGE_CHOOSE_ROWS: {
    status: 409,
    texts: {
      'zh-cn': '{from} → {to}：请选择 {choices}；不符合的行：{rows}',
      'zh-tw': '{from} → {to}：請選擇 {choices}；不符合的列：{rows}',
      en: '{from} → {to}: choose {choices}; rows that do not fit: {rows}',
    },
  },
  CODING_CHANGE_NEEDS_UNIT: {
    status: 409,
    texts: {
      'zh-cn': '需要选择：yuan（元）或 cents（分）',
      'zh-tw': '需要選擇：yuan（元）或 cents（分）',
      en: 'needs a choice: yuan or cents',
    },
  },
  CODING_CHANGE_ROWS_DO_NOT_FIT: {
    status: 409,
    texts: {
      'zh-cn': '{count} 行不符合（id {ids}）：请选择 convert 或 refuse',
      'zh-tw': '{count} 列不符合（id {ids}）：請選擇 convert 或 refuse',
      en: '{count} rows do not fit (ids {ids}): choose convert or refuse',
    },
  },
  CODING_CHANGE_DUPLICATES: {
    status: 409,
    texts: {
      'zh-cn': '须唯一，但这些行的值与其他行重复：{rows}；请先修改这些记录',
      'zh-tw': '須唯一，但這些列的值與其他列重複：{rows}；請先修改這些記錄',
      en: 'must be unique, but these rows repeat the value of another: {rows}; edit those records first',
    },
  },
  CODING_TOO_MANY_COLUMNS: {
    status: 400,
    texts: {
      'zh-cn': '{db} 的表最多 {max} 列，该实体需要 {count} 列（含系统字段）',
      'zh-tw': '{db} 的資料表最多 {max} 欄，該實體需要 {count} 欄（含系統欄位）',
      en: '{db} allows at most {max} columns in a table; this entity needs {count} (system fields included)',
    },
  },
  CODING_ROW_TOO_WIDE: {
    status: 400,
    texts: {
      'zh-cn': '{db} 每行最多 {max} 字节，这些字段需要 {bytes} 字节：减少字段，或缩短字符串字段的长度、改用长文本',
      'zh-tw': '{db} 每列最多 {max} 位元組，這些欄位需要 {bytes} 位元組：減少欄位，或縮短字串欄位的長度、改用長文字',
      en: '{db} allows at most {max} bytes per row; these fields need {bytes}: use fewer fields, shorter strings, or long text',
    },
  },
});
