import { parseArgs } from 'node:util';
import { CliError } from './cli-error.js';
import type { Io, Options } from './commands.js';
import { helpText } from './help.js';
import { cliLanguage, EXIT, LANGS, M } from './messages.js';
import type { Texts } from '../../server/core/errors.js';

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  lang: { type: 'string' },
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
} as const;

const COMMANDS = new Set(['types', 'client', 'pull', 'openapi', 'check', 'entity']);

/** --lang as given anywhere in argv, read before the rest so even a usage error is in the user's language. */
function langFlag(argv: string[]): string | undefined {
  const at = argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  if (at < 0) return undefined;
  return argv[at].startsWith('--lang=') ? argv[at].slice('--lang='.length) : argv[at + 1];
}

/** parseArgs' refusal (English, for developers) as one of ours. */
function usageError(e: Error & { code?: string }): Texts {
  const option = /'(?:-\w, )?(--?[\w-]+)/.exec(e.message)?.[1] ?? '';
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return M.unknownOption(option);
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return M.optionValue(option);
  if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return M.extraArgument(/'([^']*)'/.exec(e.message)?.[1] ?? '');
  return { 'zh-cn': e.message, 'zh-tw': e.message, en: e.message };
}

/** A message in the user's language. */
const say = (io: Io, texts: Texts): string => texts[io.lang];

/** Runs the CLI; returns the exit code (codegen/README.md lists them). */
export async function main(
  argv: string[],
  streams: Omit<Io, 'lang'> = { out: (t) => console.log(t), err: (t) => console.error(t) },
): Promise<number> {
  const given = langFlag(argv);
  const io: Io = { ...streams, lang: cliLanguage(given) };
  if (given !== undefined && !LANGS.includes(given)) {
    io.err(`joinery: ${say(io, M.badLang(given))}`);
    return EXIT.usage;
  }
  const [command, ...rest] = argv;
  const sub = command === 'entity' ? rest[0] : undefined;
  const args = command === 'entity' ? rest.slice(1) : rest;
  if (!command || command === '--help' || command === '-h' || command === 'help' || command.startsWith('--lang')) {
    io.out(helpText(command === 'help' && rest[0] && COMMANDS.has(rest[0]) ? rest[0] : '', io.lang));
    return EXIT.ok;
  }
  if (!COMMANDS.has(command)) {
    io.err(`joinery: ${say(io, M.unknownCommand(command))}\n\n${helpText('', io.lang)}`);
    return EXIT.usage;
  }
  let parsed: { values: Options; positionals: string[] };
  try {
    parsed = parseArgs({ args, allowPositionals: true, strict: true, options: OPTIONS }) as typeof parsed;
  } catch (e) {
    io.err(`joinery ${command}: ${say(io, usageError(e as Error))}\n\n${helpText(command, io.lang)}`);
    return EXIT.usage;
  }
  if (parsed.values.help || (command === 'entity' && sub === '--help')) {
    io.out(helpText(command, io.lang));
    return EXIT.ok;
  }
  try {
    const extra = parsed.positionals.slice(command === 'entity' ? 1 : 0);
    if (extra.length) throw new CliError(M.extraArgument(extra[0]), EXIT.usage);
    // The commands load the server's code: only once the arguments are known to be right (help and usage errors
    // answer at once).
    switch (command) {
      case 'types':
        return await (await import('./commands.js')).typesCommand(parsed.values, io);
      case 'client':
        return await (await import('./commands.js')).clientCommand(parsed.values, io);
      case 'pull':
        return await (await import('./commands.js')).pullCommand(parsed.values, io);
      case 'openapi':
        return await (await import('./commands.js')).openapiCommand(parsed.values, io);
      case 'check':
        return await (await import('./check-command.js')).checkCommand(parsed.values, io);
      default:
        if (sub !== 'new') throw new CliError(M.entitySubcommand(sub ?? ''), EXIT.usage);
        return (await import('./entity-new.js')).entityNewCommand(parsed.positionals[0], parsed.values, io);
    }
  } catch (e) {
    if (e instanceof CliError) {
      io.err(`joinery ${command}: ${say(io, e.texts)}${e.detail ? `\n${e.detail}` : ''}`);
      return e.exitCode;
    }
    throw e;
  }
}
