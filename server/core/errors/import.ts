import { defineErrors } from './define.js';

/** `<prefix>/import`: the file, its header and its cells. */
export const IMPORT = defineErrors({
  IMPORT_NOT_MULTIPART: {
    status: 400,
    texts: {
      'zh-cn': '请以 multipart/form-data 发送文件（字段 file）',
      'zh-tw': '請以 multipart/form-data 傳送檔案（欄位 file）',
      en: 'send the file as multipart/form-data (field "file")',
    },
  },
  IMPORT_NOT_UTF8: {
    status: 400,
    texts: {
      'zh-cn': '{name}: 文件不是 UTF-8 文本，请另存为“CSV UTF-8”',
      'zh-tw': '{name}: 檔案不是 UTF-8 文字，請另存為「CSV UTF-8」',
      en: '{name}: the file is not UTF-8 text; save it as CSV UTF-8',
    },
  },
  IMPORT_XLSX_UNREADABLE: {
    status: 415,
    texts: {
      'zh-cn': '{name}: 不是可读取的 .xlsx 工作簿',
      'zh-tw': '{name}: 不是可讀取的 .xlsx 活頁簿',
      en: '{name}: not a readable .xlsx workbook',
    },
  },
  IMPORT_XLSX_TOO_LARGE: {
    status: 413,
    texts: {
      'zh-cn': '{name}: 工作簿解压后为 {size} 字节（最多 {max}）',
      'zh-tw': '{name}: 活頁簿解壓縮後為 {size} 位元組（最多 {max}）',
      en: '{name}: the workbook unpacks into {size} bytes (at most {max})',
    },
  },
  IMPORT_FILE_TYPE: {
    status: 415,
    texts: {
      'zh-cn': '{name}: 导入只接受 .csv 或 .xlsx 文件',
      'zh-tw': '{name}: 匯入只接受 .csv 或 .xlsx 檔案',
      en: '{name}: import takes .csv or .xlsx files',
    },
  },
  IMPORT_FILE_TOO_LARGE: {
    status: 413,
    texts: {
      'zh-cn': '{name}: 文件超过 {max}',
      'zh-tw': '{name}: 檔案超過 {max}',
      en: '{name}: larger than {max}',
    },
  },
  IMPORT_ONE_FILE: {
    status: 400,
    texts: { 'zh-cn': '每次只能导入一个文件', 'zh-tw': '每次只能匯入一個檔案', en: 'one file per import' },
  },
  IMPORT_FILE_UNREADABLE: {
    status: 400,
    texts: { 'zh-cn': '文件无法读取', 'zh-tw': '檔案無法讀取', en: 'the file could not be read' },
  },
  IMPORT_FILE_EMPTY: {
    status: 400,
    texts: { 'zh-cn': '没有文件，或文件为空', 'zh-tw': '沒有檔案，或檔案為空', en: 'no file, or an empty one' },
  },
  IMPORT_NO_ROWS: {
    status: 400,
    texts: {
      'zh-cn': '{name}: 表头下没有数据行',
      'zh-tw': '{name}: 標題列下沒有資料列',
      en: '{name}: no rows under the header',
    },
  },
  IMPORT_TOO_MANY_ROWS: {
    status: 413,
    texts: {
      'zh-cn': '{name}: {count} 行，每次最多导入 {max} 行',
      'zh-tw': '{name}: {count} 列，每次最多匯入 {max} 列',
      en: '{name}: {count} rows; at most {max} per import',
    },
  },
  IMPORT_HEADER_BAD: {
    status: 400,
    texts: { 'zh-cn': '{name}: {problems}', 'zh-tw': '{name}: {problems}', en: '{name}: {problems}' },
  },
  IMPORT_HEADER_UNKNOWN: {
    status: 400,
    texts: {
      'zh-cn': '“{column}”不是{entity}的列',
      'zh-tw': '「{column}」不是{entity}的欄',
      en: '"{column}" is not a column of {entity}',
    },
  },
  IMPORT_HEADER_TWICE: {
    status: 400,
    texts: {
      'zh-cn': '“{column}”与另一列对应同一字段（{field}）',
      'zh-tw': '「{column}」與另一欄對應同一欄位（{field}）',
      en: '"{column}" names the same field as another column ({field})',
    },
  },
  IMPORT_ROWS_BAD: {
    status: 400,
    texts: {
      'zh-cn': '{name}: {count} 处问题，未导入任何数据 — {first}',
      'zh-tw': '{name}: {count} 處問題，未匯入任何資料 — {first}',
      en: '{name}: {count} problem(s), nothing was imported — {first}',
    },
  },
  IMPORT_ROW_AT: {
    status: 400,
    texts: {
      'zh-cn': '第 {row} 行{column}：{problem}',
      'zh-tw': '第 {row} 列{column}：{problem}',
      en: 'row {row}{column}: {problem}',
    },
  },
  IMPORT_NEEDS_UPDATE: {
    status: 400,
    texts: {
      'zh-cn': '更新记录需要 {permission} 权限',
      'zh-tw': '更新記錄需要 {permission} 權限',
      en: 'updating records needs the {permission} permission',
    },
  },
  CELL_NOT_WHOLE: {
    status: 400,
    texts: { 'zh-cn': '“{text}”不是整数', 'zh-tw': '「{text}」不是整數', en: '"{text}" is not a whole number' },
  },
  CELL_NOT_NUMBER: {
    status: 400,
    texts: { 'zh-cn': '“{text}”不是数字', 'zh-tw': '「{text}」不是數字', en: '"{text}" is not a number' },
  },
  CELL_NOT_YUAN: {
    status: 400,
    texts: {
      'zh-cn': '“{text}”不是以元为单位的金额',
      'zh-tw': '「{text}」不是以元為單位的金額',
      en: '"{text}" is not an amount in yuan',
    },
  },
  CELL_TOO_PRECISE: {
    status: 400,
    texts: {
      'zh-cn': '“{text}”超过两位小数',
      'zh-tw': '「{text}」超過兩位小數',
      en: '"{text}" has more than two decimals',
    },
  },
  CELL_NOT_YES_NO: {
    status: 400,
    texts: {
      'zh-cn': '“{text}”不是“是”或“否”',
      'zh-tw': '「{text}」不是「是」或「否」',
      en: '"{text}" is not yes or no',
    },
  },
  CELL_NOT_IN_DICT: {
    status: 400,
    texts: {
      'zh-cn': '“{text}”不是 {entries} 之一',
      'zh-tw': '「{text}」不是 {entries} 之一',
      en: '"{text}" is none of {entries}',
    },
  },
  CELL_AMBIGUOUS: {
    status: 400,
    texts: {
      'zh-cn': '“{text}”对应多条 {entity} 记录',
      'zh-tw': '「{text}」對應多筆 {entity} 記錄',
      en: '"{text}" names more than one {entity} record',
    },
  },
  CELL_NO_MATCH: {
    status: 400,
    texts: {
      'zh-cn': '没有名为“{text}”的 {entity} 记录',
      'zh-tw': '沒有名為「{text}」的 {entity} 記錄',
      en: 'no {entity} record is called "{text}"',
    },
  },
  CELL_MONEY_DECIMALS: {
    status: 400,
    texts: {
      'zh-cn': '{paths}：以元填写的金额最多两位小数',
      'zh-tw': '{paths}：以元填寫的金額最多兩位小數',
      en: '{paths}: an amount in yuan has more than two decimals',
    },
  },
  CELL_NOT_JSON: {
    status: 400,
    texts: { 'zh-cn': '不是有效的 JSON', 'zh-tw': '不是有效的 JSON', en: 'is not valid JSON' },
  },
});
