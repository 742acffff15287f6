import { parseArgs } from 'node:util';
import { CliError } from './cli-error.js';
import {
  checkCommand,
  clientCommand,
  entityNewCommand,
  openapiCommand,
  pullCommand,
  typesCommand,
  type Io,
  type Options,
} from './commands.js';

const HELP: Record<string, string> = {
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
method per route — client.product.info.page({ keyWord, status }) — the envelope unwrapped, refusals thrown as
JoineryError (status, code, message, details), and the token refreshed once on a 401.
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

Writes an OpenAPI 3.1 document of every /admin route (entities and hand-written routes), with permissions.
  --schemas <dir>   the schemas folder (default: the project's schemas/)
  --out <file>      write to a file instead of stdout`,
  check: `Usage: joinery check [--schemas <dir>] [--database <url>]

Validates every schema as start-up does. With a database (--database or DATABASE_URL: sqlite:<file>,
postgres://…, mysql://…) prints the sync plan: tables and columns the next start would add, and destructive changes
it would refuse. Also lists the dictionaries fields name (x-dict): those the next start would create or extend from
x-dict-entries, and those that exist nowhere (in the database, or without one in the seeded dictionaries). Nothing is
written. Exit code 0 = fine, 1 = invalid schemas, a missing dictionary or error, 2 = destructive change.`,
  entity: `Usage: joinery entity new <module>/<name> [--field name:type[:required]]… [--from-json <file>] [--from-csv <file>]
                          [--title <text>] [--parent <menu dir key>] [--schemas <dir>] [--stdout] [--force]

Scaffolds schemas/<module>/<name>.json. Types: string text richtext integer number money boolean date datetime image json.
  --field           a field, repeatable (e.g. --field name:string:required --field credit:money)
  --from-json       fields from a sample JSON record
  --from-csv        fields from a CSV header and a few rows
  --stdout          print the schema instead of writing it
  --force           replace an existing file`,
};

/** Runs the CLI; returns the exit code. */
export async function main(
  argv: string[],
  io: Io = { out: (t) => console.log(t), err: (t) => console.error(t) },
): Promise<number> {
  const [command, ...rest] = argv;
  const sub = command === 'entity' ? rest[0] : undefined;
  const args = command === 'entity' ? rest.slice(1) : rest;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(HELP[command === 'help' && rest[0] ? rest[0] : ''] ?? HELP['']);
    return 0;
  }
  if (!HELP[command]) {
    io.err(`joinery: unknown command "${command}"\n\n${HELP['']}`);
    return 1;
  }
  let parsed: { values: Options; positionals: string[] };
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        schemas: { type: 'string' },
        out: { type: 'string', short: 'o' },
        database: { type: 'string' },
        field: { type: 'string', multiple: true },
        'from-json': { type: 'string' },
        'from-csv': { type: 'string' },
        title: { type: 'string' },
        parent: { type: 'string' },
        stdout: { type: 'boolean' },
        force: { type: 'boolean' },
        from: { type: 'string' },
        'server-tables': { type: 'boolean' },
        token: { type: 'string' },
        user: { type: 'string' },
        password: { type: 'string' },
      },
    }) as { values: Options; positionals: string[] };
  } catch (e) {
    io.err(`joinery ${command}: ${(e as Error).message}\n\n${HELP[command]}`);
    return 1;
  }
  if (parsed.values.help || (command === 'entity' && sub === '--help')) {
    io.out(HELP[command]);
    return 0;
  }
  try {
    switch (command) {
      case 'types':
        return await typesCommand(parsed.values, io);
      case 'client':
        return await clientCommand(parsed.values, io);
      case 'pull':
        return await pullCommand(parsed.values, io);
      case 'openapi':
        return await openapiCommand(parsed.values, io);
      case 'check':
        return await checkCommand(parsed.values, io);
      case 'entity':
        if (sub !== 'new')
          throw new CliError(`unknown entity command "${sub ?? ''}": use joinery entity new <module>/<name>`);
        return entityNewCommand(parsed.positionals[0], parsed.values, io);
    }
  } catch (e) {
    if (e instanceof CliError) {
      io.err(`joinery ${command}: ${e.message}`);
      return e.exitCode;
    }
    throw e;
  }
  return 1;
}
