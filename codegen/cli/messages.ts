import type { Lang } from '../../server/core/http/request-language.js';
import type { Texts } from '../../server/core/errors.js';

/** Exit codes of `joinery` (codegen/README.md lists them). */
export const EXIT = {
  ok: 0,
  /** Refused input: an invalid schema or field, an unknown parent, a file in the way, a missing dictionary. */
  refused: 1,
  /** `check`: a destructive change the next start would refuse. */
  destructive: 2,
  /** Usage: an unknown command or option, a missing or extra argument. */
  usage: 3,
  /** The server cannot be reached, or does not answer as a Joinery server. */
  unreachable: 4,
  /** The server refused the credentials (a bad or expired token, a wrong password, a captcha) or the call. */
  denied: 5,
} as const;

/**
 * The language of the CLI's messages: --lang, else the locale (LC_ALL, LC_MESSAGES, LANG as POSIX orders them):
 * zh_TW, zh_HK, zh_MO and zh_Hant → zh-tw, other zh → zh-cn, anything else → en (the default).
 */
export function cliLanguage(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): Lang {
  const given = flag ?? (env.LC_ALL || env.LC_MESSAGES || env.LANG || '');
  const v = given.toLowerCase().replace(/_/g, '-');
  if (!v.startsWith('zh')) return 'en';
  return /^zh-(tw|hk|mo|hant)/.test(v) ? 'zh-tw' : 'zh-cn';
}

export const LANGS: readonly string[] = ['zh-cn', 'zh-tw', 'en'];

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Every message the CLI writes itself, in the console's three languages. */
export const M = {
  unknownCommand: (c: string): Texts => ({
    'zh-cn': `未知命令“${c}”`,
    'zh-tw': `未知命令「${c}」`,
    en: `unknown command "${c}"`,
  }),
  unknownOption: (o: string): Texts => ({
    'zh-cn': `未知选项 ${o}`,
    'zh-tw': `未知選項 ${o}`,
    en: `unknown option ${o}`,
  }),
  optionValue: (o: string): Texts => ({
    'zh-cn': `选项 ${o} 需要一个值`,
    'zh-tw': `選項 ${o} 需要一個值`,
    en: `option ${o} needs a value`,
  }),
  extraArgument: (a: string): Texts => ({
    'zh-cn': `多余的参数“${a}”`,
    'zh-tw': `多餘的參數「${a}」`,
    en: `unexpected argument "${a}"`,
  }),
  badLang: (l: string): Texts => ({
    'zh-cn': `--lang ${l}：可选 zh-cn、zh-tw、en`,
    'zh-tw': `--lang ${l}：可選 zh-cn、zh-tw、en`,
    en: `--lang ${l}: use zh-cn, zh-tw or en`,
  }),
  entitySubcommand: (s: string): Texts => ({
    'zh-cn': `未知的 entity 子命令“${s}”：用 joinery entity new <模块>/<名称>`,
    'zh-tw': `未知的 entity 子命令「${s}」：用 joinery entity new <模組>/<名稱>`,
    en: `unknown entity command "${s}": use joinery entity new <module>/<name>`,
  }),
  noSchemasDir: (dir: string): Texts => ({
    'zh-cn': `schema 目录 ${dir} 不存在（用 --schemas <目录> 指定）`,
    'zh-tw': `schema 目錄 ${dir} 不存在（用 --schemas <目錄> 指定）`,
    en: `the schemas folder ${dir} does not exist (give one with --schemas <dir>)`,
  }),
  invalidSchemas: {
    'zh-cn': 'schema 无效',
    'zh-tw': 'schema 無效',
    en: 'invalid schema',
  } as Texts,
  wrote: (f: string): Texts => ({ 'zh-cn': `已写入 ${f}`, 'zh-tw': `已寫入 ${f}`, en: `wrote ${f}` }),
  readSchemas: (n: number, dir: string): Texts => ({
    'zh-cn': `从 ${dir} 读取了 ${n} 个 schema`,
    'zh-tw': `從 ${dir} 讀取了 ${n} 個 schema`,
    en: `read ${n} schemas from ${dir}`,
  }),
  readingEps: (base: string): Texts => ({
    'zh-cn': `正在读取 ${base} 的 eps…`,
    'zh-tw': `正在讀取 ${base} 的 eps…`,
    en: `reading eps from ${base}…`,
  }),
  readEntities: (n: number, base: string): Texts => ({
    'zh-cn': `从 ${base} 读取了 ${n} 个实体`,
    'zh-tw': `從 ${base} 讀取了 ${n} 個實體`,
    en: `read ${n} ${plural(n, 'entity', 'entities')} from ${base}`,
  }),
  buildingRoutes: {
    'zh-cn': '正在生成路由表（内存数据库）…',
    'zh-tw': '正在產生路由表（記憶體資料庫）…',
    en: 'building the route table (in-memory database)…',
  } as Texts,
  paths: (n: number): Texts => ({ 'zh-cn': `${n} 个路径`, 'zh-tw': `${n} 個路徑`, en: `${n} paths` }),
  serverTablesFrom: {
    'zh-cn': '--server-tables 读取 schema 目录而不是服务器：去掉 --from',
    'zh-tw': '--server-tables 讀取 schema 目錄而不是伺服器：去掉 --from',
    en: '--server-tables reads the schemas folder, not a server: leave out --from',
  } as Texts,
  clientClash: {
    'zh-cn': '无法生成客户端',
    'zh-tw': '無法產生客戶端',
    en: 'cannot make the client',
  } as Texts,
  // Servers
  needFrom: {
    'zh-cn': '用 --from http://主机:端口 指定服务器',
    'zh-tw': '用 --from http://主機:連接埠 指定伺服器',
    en: 'give the server with --from http://host:port',
  } as Texts,
  notUrl: (from: string): Texts => ({
    'zh-cn': `--from ${from}：不是网址（给出服务器地址，如 http://127.0.0.1:8001）`,
    'zh-tw': `--from ${from}：不是網址（給出伺服器位址，如 http://127.0.0.1:8001）`,
    en: `--from ${from}: not a URL (give the server's address, e.g. http://127.0.0.1:8001)`,
  }),
  onlyHttp: (from: string): Texts => ({
    'zh-cn': `--from ${from}：只能读取 http 和 https 服务器`,
    'zh-tw': `--from ${from}：只能讀取 http 和 https 伺服器`,
    en: `--from ${from}: only http and https servers can be read`,
  }),
  needCredentials: {
    'zh-cn': '--from 需要凭据：--token <令牌>（或 JOINERY_TOKEN），或 --user 和 --password',
    'zh-tw': '--from 需要憑據：--token <權杖>（或 JOINERY_TOKEN），或 --user 和 --password',
    en: '--from needs credentials: --token <token> (or JOINERY_TOKEN), or --user and --password',
  } as Texts,
  unreachable: (base: string): Texts => ({
    'zh-cn': `无法连接 ${base}`,
    'zh-tw': `無法連線 ${base}`,
    en: `cannot reach ${base}`,
  }),
  notJoinery: (url: string, status: number): Texts => ({
    'zh-cn': `${url} 的回复不是 Joinery 服务器的回复（HTTP ${status}）`,
    'zh-tw': `${url} 的回覆不是 Joinery 伺服器的回覆（HTTP ${status}）`,
    en: `${url} did not answer as a Joinery server (HTTP ${status})`,
  }),
  refusedCall: (what: string, status: number): Texts => ({
    'zh-cn': `服务器拒绝了 ${what}（HTTP ${status}）`,
    'zh-tw': `伺服器拒絕了 ${what}（HTTP ${status}）`,
    en: `the server refused ${what} (HTTP ${status})`,
  }),
  badToken: (base: string): Texts => ({
    'zh-cn': `${base} 不接受这个令牌（无效或已过期）：从已登录的会话复制一个新的，或用 --user/--password`,
    'zh-tw': `${base} 不接受這個權杖（無效或已過期）：從已登入的工作階段複製一個新的，或用 --user/--password`,
    en: `${base} does not accept this token (invalid or expired): copy a new one from a signed-in session, or use --user/--password`,
  }),
  loginRefused: (base: string): Texts => ({
    'zh-cn': `${base} 拒绝了登录（要求验证码的服务器需用 --token 代替 --user/--password）`,
    'zh-tw': `${base} 拒絕了登入（要求驗證碼的伺服器需用 --token 代替 --user/--password）`,
    en: `${base} refused the login (a server that asks for a captcha needs --token instead of --user/--password)`,
  }),
  noEntities: (base: string): Texts => ({
    'zh-cn': `${base}：eps 中没有这个令牌可用的实体`,
    'zh-tw': `${base}：eps 中沒有這個權杖可用的實體`,
    en: `${base}: eps lists no entity this token may use`,
  }),
  // pull
  nothingToPull: (base: string): Texts => ({
    'zh-cn': `${base} 上没有在线创建的实体：无需拉取`,
    'zh-tw': `${base} 上沒有線上建立的實體：無需拉取`,
    en: `${base} has no entities made on it: nothing to pull`,
  }),
  pullDiffers: (file: string, prefix: string): Texts => ({
    'zh-cn': `${file} 已存在且与服务器上的 ${prefix} 不同（用 --force 替换）`,
    'zh-tw': `${file} 已存在且與伺服器上的 ${prefix} 不同（用 --force 取代）`,
    en: `${file} exists and differs from ${prefix} on the server (use --force to replace it)`,
  }),
  upToDate: (file: string): Texts => ({
    'zh-cn': `${file} 已是最新`,
    'zh-tw': `${file} 已是最新`,
    en: `${file} is up to date`,
  }),
  pulled: (n: number, dir: string): Texts => ({
    'zh-cn': `${dir} 中有 ${n} 个实体`,
    'zh-tw': `${dir} 中有 ${n} 個實體`,
    en: `${n} ${plural(n, 'entity', 'entities')} in ${dir}`,
  }),
  // check
  schemasValid: (n: number, dir: string): Texts => ({
    'zh-cn': `✓ ${dir} 中的 ${n} 个 schema 有效`,
    'zh-tw': `✓ ${dir} 中的 ${n} 個 schema 有效`,
    en: `✓ ${n} schemas in ${dir} are valid`,
  }),
  noDatabase: {
    'zh-cn': '未指定数据库（--database <url> 或 DATABASE_URL）：跳过同步计划',
    'zh-tw': '未指定資料庫（--database <url> 或 DATABASE_URL）：略過同步計畫',
    en: 'no database given (--database <url> or DATABASE_URL): sync plan skipped',
  } as Texts,
  noDatabaseFile: (url: string, n: number): Texts => ({
    'zh-cn': `${url}：没有这个数据库文件；首次启动会创建全部 ${n} 张表`,
    'zh-tw': `${url}：沒有這個資料庫檔案；首次啟動會建立全部 ${n} 張表`,
    en: `${url}: no such database file; the first start would create every table (${n})`,
  }),
  cannotOpen: (url: string): Texts => ({
    'zh-cn': `无法打开 ${url}`,
    'zh-tw': `無法開啟 ${url}`,
    en: `cannot open ${url}`,
  }),
  planSummary: (adds: number, destructive: number, url: string): Texts => ({
    'zh-cn': `${adds} 项新增、${destructive} 项下次启动会拒绝的破坏性变更（${url}）`,
    'zh-tw': `${adds} 項新增、${destructive} 項下次啟動會拒絕的破壞性變更（${url}）`,
    en: `${adds} additive change(s), ${destructive} destructive change(s) the next start would refuse (${url})`,
  }),
  destructive: (n: number): Texts => ({
    'zh-cn': `${n} 项破坏性变更：在 schema 中恢复这些字段，或执行经过审阅的迁移（上面列出了各数据库可执行的语句）`,
    'zh-tw': `${n} 項破壞性變更：在 schema 中恢復這些欄位，或執行經過審閱的遷移（上面列出了各資料庫可執行的語句）`,
    en: `${n} destructive change(s): restore the fields in the schemas or apply a reviewed migration (the statements above run on this database)`,
  }),
  dictsMissingSeed: (n: number): Texts => ({
    'zh-cn': `缺少 ${n} 个字典：在 schema 中携带条目（x-dict-entries）或加入 server/seed/dicts`,
    'zh-tw': `缺少 ${n} 個字典：在 schema 中攜帶條目（x-dict-entries）或加入 server/seed/dicts`,
    en: `${n} ${plural(n, 'dictionary', 'dictionaries')} missing: carry the entries in the schema (x-dict-entries) or add them to server/seed/dicts`,
  }),
  dictsMissingDb: (n: number): Texts => ({
    'zh-cn': `数据库中缺少 ${n} 个字典：在字典页面创建，或在 schema 中携带条目（x-dict-entries）`,
    'zh-tw': `資料庫中缺少 ${n} 個字典：在字典頁面建立，或在 schema 中攜帶條目（x-dict-entries）`,
    en: `${n} ${plural(n, 'dictionary', 'dictionaries')} missing in the database: create ${plural(n, 'it', 'them')} in the dictionary screen or carry the entries in the schema (x-dict-entries)`,
  }),
  // entity new
  badTarget: {
    'zh-cn': '以 <模块>/<名称> 给出实体，例如 joinery entity new shop/supplier',
    'zh-tw': '以 <模組>/<名稱> 給出實體，例如 joinery entity new shop/supplier',
    en: 'give the entity as <module>/<name>, e.g. joinery entity new shop/supplier',
  } as Texts,
  noFields: {
    'zh-cn': '没有字段：用 --field 名称:类型[:required]（可重复）、--from-json <文件> 或 --from-csv <文件>',
    'zh-tw': '沒有欄位：用 --field 名稱:類型[:required]（可重複）、--from-json <檔案> 或 --from-csv <檔案>',
    en: 'no fields: give --field name:type[:required] (repeatable), --from-json <file> or --from-csv <file>',
  } as Texts,
  fieldType: (flag: string, kinds: string): Texts => ({
    'zh-cn': `--field ${flag}：类型须为 ${kinds} 之一`,
    'zh-tw': `--field ${flag}：類型須為 ${kinds} 之一`,
    en: `--field ${flag}: type must be one of ${kinds}`,
  }),
  fieldFlag: (flag: string): Texts => ({
    'zh-cn': `--field ${flag}：格式为 名称:类型[:required]，第三部分只能是 required`,
    'zh-tw': `--field ${flag}：格式為 名稱:類型[:required]，第三部分只能是 required`,
    en: `--field ${flag}: write name:type[:required]; the third part can only be required`,
  }),
  unknownParent: (parent: string, keys: string): Texts => ({
    'zh-cn': `--parent ${parent}：没有这个菜单目录；可选 ${keys}`,
    'zh-tw': `--parent ${parent}：沒有這個選單目錄；可選 ${keys}`,
    en: `--parent ${parent}: no such menu directory; use one of ${keys}`,
  }),
  cannotRead: (file: string): Texts => ({
    'zh-cn': `无法读取 ${file}`,
    'zh-tw': `無法讀取 ${file}`,
    en: `cannot read ${file}`,
  }),
  fileExists: (file: string): Texts => ({
    'zh-cn': `${file} 已存在（用 --force 替换）`,
    'zh-tw': `${file} 已存在（用 --force 取代）`,
    en: `${file} exists (use --force to replace it)`,
  }),
  proposalRefused: {
    'zh-cn': '字段不符合规则',
    'zh-tw': '欄位不符合規則',
    en: 'the fields break the rules',
  } as Texts,
  wouldStopStart: {
    'zh-cn': '新的 schema 会让下次启动失败，未写入',
    'zh-tw': '新的 schema 會讓下次啟動失敗，未寫入',
    en: 'the new schema would stop the next start, so it was not written',
  } as Texts,
};
