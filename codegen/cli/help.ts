import type { Lang } from '../../server/core/http/request-language.js';
import { HELP_ZH_CN, HELP_ZH_TW } from './help-zh.js';

/** `joinery --help` and `joinery <command> --help`, in English (help-zh.ts has the Chinese texts). */
const HELP_EN: Record<string, string> = {
  '': `joinery — codegen for Joinery entity schemas

Usage: joinery <command> [options]

Commands:
  types                    TypeScript types for every entity (record, add/update input, page query);
                           with --server-tables, the server's typed database tables
  client                   a typed API client (types included) for Node and browsers
  pull                     write the entities made on a running server as schema files
  openapi                  an OpenAPI 3.1 document of every admin route
  check                    validate every schema; with a database, show what the next start would change
  entity new <module>/<name>   scaffold a schema from flags, a sample JSON record or a CSV file

Commands that read entities take the schemas folder (--schemas) or a running server's eps (--from <url> with
--token <token> or JOINERY_TOKEN, or --user and --password when its login asks no captcha).

Messages are in English unless --lang zh-cn|zh-tw|en or the locale (LC_ALL, LC_MESSAGES, LANG: zh_CN, zh_TW…)
says otherwise. Exit codes: 0 done, 1 refused input (invalid schema or field, unknown parent, file in the way,
missing dictionary), 2 destructive change (check), 3 usage (unknown command or option), 4 server unreachable,
5 server refused the credentials or the call.

Run joinery <command> --help for its options.`,
  types: `Usage: joinery types [--schemas <dir> | --from <url>] [--out <file>]
       joinery types --server-tables [--schemas <dir>] [--out <file>]

Writes TypeScript types for every entity: <Name> (a record), <Name>AddInput, <Name>UpdateInput, <Name>PageQuery.
  --schemas <dir>   the schemas folder (default: the project's schemas/)
  --from <url>      read a running server's eps instead (with --token, JOINERY_TOKEN, or --user/--password)
  --out <file>      write to a file instead of stdout
  --server-tables   instead, the server's Kysely database interface: one interface per built-in table with its
                    columns as stored (booleans 0/1, JSON as text), and SystemTables by table name. The server's
                    copy is regenerated with
                    npx joinery types --server-tables --out server/core/db/system-tables.generated.ts`,
  client: `Usage: joinery client [--schemas <dir> | --from <url>] [--out <file>]

Writes one TypeScript file: the entity types and createClient({ baseUrl, token?, refreshToken?, onTokens? }), with a
method per route — client.product.info.page({ keyWord, status }), client.base.comm.person() — the envelope
unwrapped, refusals thrown as JoineryError (status, code, message, details), and the token refreshed once on a 401.
  --schemas <dir>   the schemas folder (default: the project's schemas/)
  --from <url>      read a running server's eps instead (with --token, JOINERY_TOKEN, or --user/--password)
  --out <file>      write to a file instead of stdout`,
  pull: `Usage: joinery pull --from <url> [--token <token> | --user <name> --password <pw>] [--schemas <dir>] [--force]

Writes every entity made on that server (the AI-code page) as <schemas>/<module>/<name>.json. From then on the file
defines the entity; the server leaves its stored copy unused (its table and rows stay). A file that exists and
differs is refused without --force. Everything is fetched and checked before anything is written.
  --schemas <dir>   the schemas folder to write into (default: the project's schemas/)
  --force           replace files that differ`,
  openapi: `Usage: joinery openapi [--schemas <dir>] [--out <file>]

Writes an OpenAPI 3.1 document of every /admin route (entities and hand-written routes), with permissions and the
request and reply of each.
  --schemas <dir>   the schemas folder (default: the project's schemas/)
  --out <file>      write to a file instead of stdout`,
  check: `Usage: joinery check [--schemas <dir>] [--database <url>]

Validates every schema as start-up does. With a database (--database or DATABASE_URL: sqlite:<file>,
postgres://…, mysql://…) prints the sync plan: tables and columns the next start would add, and destructive changes
it would refuse, with statements that database can run to migrate by hand. Also lists the dictionaries fields name
(x-dict): those the next start would create or extend from x-dict-entries, and those that exist nowhere (in the
database, or without one in the seeded dictionaries). Nothing is written.
Exit code 0 = fine, 1 = invalid schemas or a missing dictionary, 2 = destructive change.`,
  entity: `Usage: joinery entity new <module>/<name> [--field name:type[:required]]… [--from-json <file>] [--from-csv <file>]
                          [--title <text>] [--parent <menu dir key>] [--schemas <dir>] [--stdout] [--force]

Scaffolds schemas/<module>/<name>.json, checked with the folder's other schemas as the next start checks it.
Types: string text richtext integer number money boolean date datetime image json.
  --field           a field, repeatable (e.g. --field name:string:required --field credit:money)
  --from-json       fields from a sample JSON record
  --from-csv        fields from a CSV header and a few rows
  --parent          the menu directory of its page (sys, sys/auth, product, order, …)
  --stdout          print the schema instead of writing it
  --force           replace an existing file`,
};

/** The help of a command ('' = the overview) in a language. */
export function helpText(command: string, lang: Lang): string {
  const texts = lang === 'zh-cn' ? HELP_ZH_CN : lang === 'zh-tw' ? HELP_ZH_TW : HELP_EN;
  return texts[command] ?? texts[''];
}
