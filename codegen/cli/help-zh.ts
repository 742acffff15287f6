/** `joinery --help` in Chinese (simplified and traditional); help.ts has the English text and picks one. */
export const HELP_ZH_CN: Record<string, string> = {
  '': `joinery — Joinery 实体 schema 的代码生成工具

用法：joinery <命令> [选项]

命令：
  types                    每个实体的 TypeScript 类型（记录、新增/修改输入、分页查询）；
                           加 --server-tables 时生成服务器的数据库表类型
  client                   类型化的 API 客户端（含类型），适用于 Node 和浏览器
  pull                     把运行中的服务器上在线创建的实体写成 schema 文件
  openapi                  所有 admin 路由的 OpenAPI 3.1 文档
  check                    校验每个 schema；指定数据库时显示下次启动会做的变更
  entity new <模块>/<名称>   从选项、JSON 样例记录或 CSV 文件生成 schema

读取实体的命令使用 schema 目录（--schemas），或运行中服务器的 eps（--from <url>，配合 --token <令牌> 或
JOINERY_TOKEN；登录不要求验证码时也可用 --user 和 --password）。

默认用英语输出，--lang zh-cn|zh-tw|en 或区域设置（LC_ALL、LC_MESSAGES、LANG：zh_CN、zh_TW…）可改变语言。
退出码：0 完成，1 输入被拒（schema 或字段无效、未知的上级目录、文件已存在、缺少字典），2 破坏性变更（check），
3 用法错误（未知命令或选项），4 无法连接服务器，5 服务器拒绝了凭据或调用。

运行 joinery <命令> --help 查看其选项。`,
  types: `用法：joinery types [--schemas <目录> | --from <url>] [--out <文件>]
      joinery types --server-tables [--schemas <目录>] [--out <文件>]

为每个实体生成 TypeScript 类型：<Name>（记录）、<Name>AddInput、<Name>UpdateInput、<Name>PageQuery。
  --schemas <目录>  schema 目录（默认：项目的 schemas/）
  --from <url>      改为读取运行中服务器的 eps（配合 --token、JOINERY_TOKEN 或 --user/--password）
  --out <文件>      写入文件而不是标准输出
  --server-tables   改为生成服务器的 Kysely 数据库接口（按存储方式的列类型），服务器中的副本用
                    npx joinery types --server-tables --out server/core/db/system-tables.generated.ts 重新生成`,
  client: `用法：joinery client [--schemas <目录> | --from <url>] [--out <文件>]

生成一个 TypeScript 文件：实体类型和 createClient({ baseUrl, token?, refreshToken?, onTokens? })，每个路由一个方法，
如 client.product.info.page({ keyWord, status })、client.base.comm.person()；自动拆开信封，拒绝以 JoineryError
（status、code、message、details）抛出，遇到 401 时刷新一次令牌。
  --schemas <目录>  schema 目录（默认：项目的 schemas/）
  --from <url>      改为读取运行中服务器的 eps
  --out <文件>      写入文件而不是标准输出`,
  pull: `用法：joinery pull --from <url> [--token <令牌> | --user <用户名> --password <密码>] [--schemas <目录>] [--force]

把该服务器上（AI 编码页面）创建的每个实体写成 <schemas>/<模块>/<名称>.json。此后由文件定义实体，服务器不再使用
其存储的副本（表和数据保留）。已存在且不同的文件需要 --force。写入前会先取得并校验全部内容。
  --schemas <目录>  写入的 schema 目录（默认：项目的 schemas/）
  --force           替换内容不同的文件`,
  openapi: `用法：joinery openapi [--schemas <目录>] [--out <文件>]

生成所有 /admin 路由（实体路由和手写路由）的 OpenAPI 3.1 文档，含权限以及每个路由的请求和回复。
  --schemas <目录>  schema 目录（默认：项目的 schemas/）
  --out <文件>      写入文件而不是标准输出`,
  check: `用法：joinery check [--schemas <目录>] [--database <url>]

按启动时的规则校验每个 schema。指定数据库（--database 或 DATABASE_URL：sqlite:<文件>、postgres://…、mysql://…）时
列出同步计划：下次启动会新增的表和列，以及会拒绝的破坏性变更和该数据库可执行的手动迁移语句。还列出字段引用的
字典（x-dict）：下次启动会创建或补充的，以及哪里都没有的。不写入任何内容。
退出码 0 = 正常，1 = schema 无效或缺少字典，2 = 破坏性变更。`,
  entity: `用法：joinery entity new <模块>/<名称> [--field 名称:类型[:required]]… [--from-json <文件>] [--from-csv <文件>]
                          [--title <标题>] [--parent <菜单目录>] [--schemas <目录>] [--stdout] [--force]

生成 schemas/<模块>/<名称>.json，并与目录中其他 schema 一起按下次启动的规则校验。
类型：string text richtext integer number money boolean date datetime image json。
  --field           一个字段，可重复（如 --field name:string:required --field credit:money）
  --from-json       从 JSON 样例记录得到字段
  --from-csv        从 CSV 表头和几行数据得到字段
  --parent          页面所在的菜单目录（sys、sys/auth、product、order…）
  --stdout          输出 schema 而不写入文件
  --force           替换已有文件`,
};

export const HELP_ZH_TW: Record<string, string> = {
  '': `joinery — Joinery 實體 schema 的程式碼產生工具

用法：joinery <命令> [選項]

命令：
  types                    每個實體的 TypeScript 型別（記錄、新增/修改輸入、分頁查詢）；
                           加 --server-tables 時產生伺服器的資料庫表型別
  client                   型別化的 API 客戶端（含型別），適用於 Node 和瀏覽器
  pull                     把執行中的伺服器上線上建立的實體寫成 schema 檔案
  openapi                  所有 admin 路由的 OpenAPI 3.1 文件
  check                    校驗每個 schema；指定資料庫時顯示下次啟動會做的變更
  entity new <模組>/<名稱>   從選項、JSON 樣本記錄或 CSV 檔案產生 schema

讀取實體的命令使用 schema 目錄（--schemas），或執行中伺服器的 eps（--from <url>，配合 --token <權杖> 或
JOINERY_TOKEN；登入不要求驗證碼時也可用 --user 和 --password）。

預設以英語輸出，--lang zh-cn|zh-tw|en 或地區設定（LC_ALL、LC_MESSAGES、LANG：zh_CN、zh_TW…）可改變語言。
結束碼：0 完成，1 輸入被拒（schema 或欄位無效、未知的上層目錄、檔案已存在、缺少字典），2 破壞性變更（check），
3 用法錯誤（未知命令或選項），4 無法連線伺服器，5 伺服器拒絕了憑據或呼叫。

執行 joinery <命令> --help 查看其選項。`,
  types: `用法：joinery types [--schemas <目錄> | --from <url>] [--out <檔案>]
      joinery types --server-tables [--schemas <目錄>] [--out <檔案>]

為每個實體產生 TypeScript 型別：<Name>（記錄）、<Name>AddInput、<Name>UpdateInput、<Name>PageQuery。
  --schemas <目錄>  schema 目錄（預設：專案的 schemas/）
  --from <url>      改為讀取執行中伺服器的 eps（配合 --token、JOINERY_TOKEN 或 --user/--password）
  --out <檔案>      寫入檔案而不是標準輸出
  --server-tables   改為產生伺服器的 Kysely 資料庫介面（按儲存方式的欄型別），伺服器中的副本用
                    npx joinery types --server-tables --out server/core/db/system-tables.generated.ts 重新產生`,
  client: `用法：joinery client [--schemas <目錄> | --from <url>] [--out <檔案>]

產生一個 TypeScript 檔案：實體型別和 createClient({ baseUrl, token?, refreshToken?, onTokens? })，每個路由一個方法，
如 client.product.info.page({ keyWord, status })、client.base.comm.person()；自動拆開信封，拒絕以 JoineryError
（status、code、message、details）拋出，遇到 401 時重新整理一次權杖。
  --schemas <目錄>  schema 目錄（預設：專案的 schemas/）
  --from <url>      改為讀取執行中伺服器的 eps
  --out <檔案>      寫入檔案而不是標準輸出`,
  pull: `用法：joinery pull --from <url> [--token <權杖> | --user <使用者名稱> --password <密碼>] [--schemas <目錄>] [--force]

把該伺服器上（AI 編碼頁面）建立的每個實體寫成 <schemas>/<模組>/<名稱>.json。此後由檔案定義實體，伺服器不再使用
其儲存的副本（表和資料保留）。已存在且不同的檔案需要 --force。寫入前會先取得並校驗全部內容。
  --schemas <目錄>  寫入的 schema 目錄（預設：專案的 schemas/）
  --force           取代內容不同的檔案`,
  openapi: `用法：joinery openapi [--schemas <目錄>] [--out <檔案>]

產生所有 /admin 路由（實體路由和手寫路由）的 OpenAPI 3.1 文件，含權限以及每個路由的請求和回覆。
  --schemas <目錄>  schema 目錄（預設：專案的 schemas/）
  --out <檔案>      寫入檔案而不是標準輸出`,
  check: `用法：joinery check [--schemas <目錄>] [--database <url>]

按啟動時的規則校驗每個 schema。指定資料庫（--database 或 DATABASE_URL：sqlite:<檔案>、postgres://…、mysql://…）時
列出同步計畫：下次啟動會新增的表和欄，以及會拒絕的破壞性變更和該資料庫可執行的手動遷移語句。還列出欄位引用的
字典（x-dict）：下次啟動會建立或補充的，以及哪裡都沒有的。不寫入任何內容。
結束碼 0 = 正常，1 = schema 無效或缺少字典，2 = 破壞性變更。`,
  entity: `用法：joinery entity new <模組>/<名稱> [--field 名稱:類型[:required]]… [--from-json <檔案>] [--from-csv <檔案>]
                          [--title <標題>] [--parent <選單目錄>] [--schemas <目錄>] [--stdout] [--force]

產生 schemas/<模組>/<名稱>.json，並與目錄中其他 schema 一起按下次啟動的規則校驗。
類型：string text richtext integer number money boolean date datetime image json。
  --field           一個欄位，可重複（如 --field name:string:required --field credit:money）
  --from-json       從 JSON 樣本記錄得到欄位
  --from-csv        從 CSV 表頭和幾列資料得到欄位
  --parent          頁面所在的選單目錄（sys、sys/auth、product、order…）
  --stdout          輸出 schema 而不寫入檔案
  --force           取代已有檔案`,
};
