import { CODE, defineErrors } from './define.js';

/** Envelope, sign-in, routing, HTTP framing and database availability. */
export const GENERAL = defineErrors({
  // A path is an identifier: it is followed by an ASCII colon in every language (clients split on `path: `).
  FIELD_PROBLEM: {
    status: 400,
    texts: { 'zh-cn': '{path}: {problem}', 'zh-tw': '{path}: {problem}', en: '{path}: {problem}' },
  },
  SESSION_EXPIRED: {
    status: 401,
    texts: {
      'zh-cn': '登录失效~',
      'zh-tw': '登入失效，請重新登入',
      en: 'Your session has expired, please log in again',
    },
  },
  UNAUTHORIZED: {
    status: 401,
    texts: {
      'zh-cn': '登录失效或无权限访问~',
      'zh-tw': '登入失效或無權限訪問',
      en: 'Session expired or access denied',
    },
  },
  FORBIDDEN: {
    status: 403,
    texts: {
      'zh-cn': '登录失效或无权限访问~',
      'zh-tw': '登入失效或無權限訪問',
      en: 'Session expired or access denied',
    },
  },
  // zh-cn: the original's (Midway's) own text, PROTOCOL §4.
  ROUTE_NOT_FOUND: {
    status: 404,
    texts: { 'zh-cn': '{path} Not Found', 'zh-tw': '找不到 {path}', en: '{path} Not Found' },
  },
  INTERNAL: {
    status: 500,
    code: CODE.coreFail,
    texts: { 'zh-cn': '服务器内部错误', 'zh-tw': '伺服器內部錯誤', en: 'Internal server error' },
  },
  DB_UNAVAILABLE: {
    status: 503,
    code: CODE.coreFail,
    texts: {
      'zh-cn': '数据库暂时不可用，请稍后重试',
      'zh-tw': '資料庫暫時無法使用，請稍後再試',
      en: 'The database is unavailable for the moment; please try again shortly',
    },
  },
  DB_WRITE_MET_ANOTHER: {
    status: 503,
    code: CODE.coreFail,
    texts: {
      'zh-cn': '数据库正忙：本次修改与同时进行的其他修改冲突，未保存任何内容，请重试',
      'zh-tw': '資料庫忙碌：本次修改與同時進行的其他修改衝突，未儲存任何內容，請重試',
      en: 'The database is busy: this change met another made at the same moment and nothing was saved; please try again',
    },
  },
  DB_DISK_FULL: {
    status: 503,
    code: CODE.coreFail,
    texts: {
      'zh-cn': '数据库无法写入：磁盘已满 (SQLITE_FULL)',
      'zh-tw': '資料庫無法寫入：磁碟已滿 (SQLITE_FULL)',
      en: 'The database cannot write: the disk is full (SQLITE_FULL)',
    },
  },
  DB_READ_ONLY: {
    status: 503,
    code: CODE.coreFail,
    texts: {
      'zh-cn': '数据库无法写入：文件为只读 (SQLITE_READONLY)',
      'zh-tw': '資料庫無法寫入：檔案為唯讀 (SQLITE_READONLY)',
      en: 'The database cannot write: its file is read-only (SQLITE_READONLY)',
    },
  },
  BODY_TOO_LARGE: {
    status: 413,
    code: CODE.validateFail,
    texts: {
      'zh-cn': '请求内容过大：此接口最多接受 {limit}',
      'zh-tw': '請求內容過大：此介面最多接受 {limit}',
      en: 'The request body is too large: this route takes at most {limit}',
    },
  },
  BODY_NOT_JSON: {
    status: 400,
    texts: {
      'zh-cn': '请求内容不是有效的 JSON',
      'zh-tw': '請求內容不是有效的 JSON',
      en: 'The request body is not valid JSON',
    },
  },
  BODY_EMPTY_JSON: {
    status: 400,
    texts: {
      'zh-cn': '请求内容为空，但内容类型声明为 JSON',
      'zh-tw': '請求內容為空，但內容類型宣告為 JSON',
      en: 'The request body is empty but the content type says JSON',
    },
  },
  MEDIA_TYPE_UNSUPPORTED: {
    status: 415,
    code: CODE.validateFail,
    texts: { 'zh-cn': '不支持的内容类型', 'zh-tw': '不支援的內容類型', en: 'Unsupported content type' },
  },
  REQUEST_INVALID: {
    status: 400,
    texts: { 'zh-cn': '请求无效', 'zh-tw': '請求無效', en: 'The request is not valid' },
  },
  URL_BAD_ENCODING: {
    status: 400,
    texts: {
      'zh-cn': '网址无效（百分号编码错误）',
      'zh-tw': '網址無效（百分比編碼錯誤）',
      en: 'The URL is not valid (bad percent-encoding)',
    },
  },
  URL_TOO_LONG: {
    status: 414,
    texts: { 'zh-cn': '网址过长', 'zh-tw': '網址過長', en: 'The URL is too long' },
  },
  NOT_ROUTABLE: {
    status: 400,
    texts: { 'zh-cn': '无法处理此请求', 'zh-tw': '無法處理此請求', en: 'The request could not be routed' },
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    texts: { 'zh-cn': '请求头过大', 'zh-tw': '請求標頭過大', en: 'The request headers are too large' },
  },
  NOT_HTTP: {
    status: 400,
    texts: { 'zh-cn': '请求不是有效的 HTTP', 'zh-tw': '請求不是有效的 HTTP', en: 'The request is not valid HTTP' },
  },
  REQUEST_TIMEOUT: {
    status: 408,
    texts: { 'zh-cn': '请求传输超时', 'zh-tw': '請求傳輸逾時', en: 'The request took too long to arrive' },
  },
  INPUT_TOO_DEEP: {
    status: 400,
    texts: { 'zh-cn': '嵌套层级过深', 'zh-tw': '巢狀層級過深', en: 'is nested too deeply' },
  },
  INPUT_NUL: {
    status: 400,
    texts: { 'zh-cn': '不能包含 NUL 字符', 'zh-tw': '不能包含 NUL 字元', en: 'must not contain NUL characters' },
  },
  INPUT_LONE_SURROGATE: {
    status: 400,
    texts: {
      'zh-cn': '包含无效的 Unicode（孤立的代理项）',
      'zh-tw': '包含無效的 Unicode（孤立的代理項）',
      en: 'contains invalid Unicode (a lone surrogate)',
    },
  },
  INPUT_KEY_NOT_ALLOWED: {
    status: 400,
    texts: { 'zh-cn': '不是允许的键名', 'zh-tw': '不是允許的鍵名', en: 'is not an allowed key' },
  },
  FORM_SCHEMA_NOT_OBJECT: {
    status: 400,
    texts: { 'zh-cn': 'schema 必须是对象', 'zh-tw': 'schema 必須是物件', en: 'schema must be an object' },
  },
  FORM_SCHEMA_UNCOMPILABLE: {
    status: 400,
    texts: {
      'zh-cn': '表单结构无法编译：{reason}',
      'zh-tw': '表單結構無法編譯：{reason}',
      en: 'The form schema cannot be compiled: {reason}',
    },
  },
  FORM_SCHEMA_TOO_LARGE: {
    status: 400,
    texts: {
      'zh-cn': '表单结构无法编译：超过 {limit} 字节',
      'zh-tw': '表單結構無法編譯：超過 {limit} 位元組',
      en: 'The form schema cannot be compiled: larger than {limit} bytes',
    },
  },
  FORM_SCHEMA_NEEDS_MODULE: {
    status: 400,
    texts: {
      'zh-cn': '表单结构无法编译：需要模块 {name}',
      'zh-tw': '表單結構無法編譯：需要模組 {name}',
      en: 'The form schema cannot be compiled: it needs {name}',
    },
  },
  FORM_VALIDATOR_NOT_FOUND: {
    status: 404,
    texts: { 'zh-cn': '表单校验代码不存在', 'zh-tw': '表單校驗程式碼不存在', en: 'No such form validator' },
  },
});
