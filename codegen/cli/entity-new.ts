import fs from 'node:fs';
import path from 'node:path';
import { CliError } from './cli-error.js';
import { EXIT, M } from './messages.js';
import { checkWithFolder, schemasDirOf } from './load-entities.js';
import { str, write, type Io, type Options } from './commands.js';
import {
  fieldsFromCsv,
  fieldsFromSample,
  proposalToSchema,
  ProposalError,
  FIELD_KINDS,
  type ProposalField,
} from '../../server/modules/base/coding/proposal/index.js';
import { dirKeys, parentProblem } from '../../server/core/registry/menu-dirs.js';

/** name:type[:required] → a proposal field; a misspelt type or flag is refused, never guessed. */
function parseFieldFlag(flag: string): ProposalField {
  const [name, type = 'string', ...rest] = flag.split(':');
  if (!FIELD_KINDS.includes(type as never)) throw new CliError(M.fieldType(flag, FIELD_KINDS.join(', ')), EXIT.refused);
  if (rest.length > 1 || (rest.length === 1 && rest[0] !== 'required'))
    throw new CliError(M.fieldFlag(flag), EXIT.refused);
  return { name, type: type as ProposalField['type'], required: rest.includes('required'), label: name };
}

function readSample(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(M.cannotRead(file), EXIT.refused, (e as Error).message);
  }
}

/**
 * `joinery entity new <module>/<name>`: a schema file from flags, a sample record or a CSV file, checked as the next
 * start would check it with the folder's other schemas before it is written.
 */
export function entityNewCommand(target: string | undefined, o: Options, io: Io): number {
  const m = /^([a-z][a-z0-9]*)\/([a-z][a-zA-Z0-9]*)$/.exec(target ?? '');
  if (!m) throw new CliError(M.badTarget, EXIT.usage);
  const [, module, name] = m;
  const parent = str(o.parent);
  if (parent !== undefined && parentProblem(parent, module))
    throw new CliError(M.unknownParent(parent, [...dirKeys(), module].join(', ')), EXIT.refused);
  let fields: ProposalField[] = [];
  const json = str(o['from-json']);
  const csv = str(o['from-csv']);
  let schema: Record<string, unknown>;
  try {
    if (json) fields = fieldsFromSample(readSample(json));
    else if (csv) fields = fieldsFromCsv(readSample(csv));
    const flags = o.field === undefined ? [] : Array.isArray(o.field) ? o.field : [String(o.field)];
    fields = [...fields, ...flags.map(parseFieldFlag)];
    if (fields.length === 0) throw new CliError(M.noFields, EXIT.usage);
    schema = proposalToSchema({
      module,
      name,
      fields,
      ...(str(o.title) ? { title: str(o.title) } : {}),
      ...(parent ? { menu: { parent } } : {}),
    }) as Record<string, unknown>;
  } catch (e) {
    if (e instanceof ProposalError)
      throw new CliError(M.proposalRefused, EXIT.refused, e.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
    if (e instanceof CliError) throw e;
    throw new CliError(M.proposalRefused, EXIT.refused, (e as Error).message);
  }
  const text = `${JSON.stringify({ $schema: '../entity.schema.json', ...schema }, null, 2)}\n`;
  const dir = schemasDirOf(str(o.schemas));
  const file = path.join(dir, module, `${name}.json`);
  // What the next start checks: the file on its own and with the folder's other schemas (prefix, table, class).
  checkWithFolder(dir, file, JSON.parse(text));
  if (o.stdout) {
    io.out(text);
    return EXIT.ok;
  }
  if (fs.existsSync(file) && !o.force) throw new CliError(M.fileExists(file), EXIT.refused);
  write(io, file, text);
  return EXIT.ok;
}
