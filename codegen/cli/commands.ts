import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError } from './cli-error.js';
import { loadEntities, schemasDirOf } from './load-entities.js';
import { generateTypes } from '../generate-types.js';
import { generateServerTables } from '../generate-server-tables.js';
import { SERVER_TABLES } from '../../server/core/db/server-tables.js';
import { generateOpenApi } from '../generate-openapi.js';
import { declaredRoutes, generateClient, type ClientEntity } from '../generate-client.js';
import { connect, entitiesFromServer, serverCall } from './from-server.js';
import {
  fieldsFromCsv,
  fieldsFromSample,
  proposalToSchema,
  ProposalError,
  FIELD_KINDS,
  type ProposalField,
} from '../proposal/index.js';
import { openDatabase } from '../../server/core/db/database.js';
import { planSchemaSync } from '../../server/core/db/schema-sync.js';
import { ENTITY_DEF_TABLE, readStoredEntities } from '../../server/core/registry/stored-entities.js';
import { prepareEntity } from '../../server/core/registry/register-entity.js';
import { planDicts, readStoredDicts, type StoredDicts } from '../../server/core/registry/reconcile-dicts.js';
import type { DictSeed } from '../../server/modules/base/seed/seed-dicts.js';
import type { Entity } from '../../server/core/registry/entity-types.js';
import { SEED_DIR } from '../../server/paths.js';

export type Options = Record<string, string | boolean | string[] | undefined>;
export type Io = { out: (text: string) => void; err: (text: string) => void };

const str = (v: Options[string]): string | undefined => (typeof v === 'string' ? v : undefined);

function write(io: Io, file: string | undefined, text: string): void {
  if (!file) {
    io.out(text);
    return;
  }
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, text);
  io.err(`wrote ${file}`);
}

/** The entities a generator works on: the schemas folder, or with --from the eps of a running server. */
async function sourceEntities(o: Options, io: Io): Promise<ClientEntity[]> {
  const from = str(o.from);
  if (from) {
    const server = await connect(from, { token: str(o.token), user: str(o.user), password: str(o.password) });
    io.err(`reading eps from ${server.base}…`);
    const entities = await entitiesFromServer(server);
    io.err(`read ${entities.length} entities from ${server.base}`);
    return entities;
  }
  const dir = schemasDirOf(str(o.schemas));
  const entities = loadEntities(dir);
  io.err(`read ${entities.length} schemas from ${dir}`);
  return entities.map((entity) => ({ entity, routes: declaredRoutes(entity) }));
}

export async function typesCommand(o: Options, io: Io): Promise<number> {
  if (o['server-tables']) {
    // Columns as stored are in the schema files only (eps describes the wire), so this reads the folder.
    if (str(o.from)) throw new CliError('--server-tables reads the schemas folder, not a server: leave out --from');
    const entities = (await sourceEntities(o, io)).map((e) => e.entity);
    write(io, str(o.out), generateServerTables(entities, SERVER_TABLES));
    return 0;
  }
  write(io, str(o.out), generateTypes((await sourceEntities(o, io)).map((e) => e.entity)));
  return 0;
}

export async function clientCommand(o: Options, io: Io): Promise<number> {
  const entities = await sourceEntities(o, io);
  try {
    write(io, str(o.out), generateClient(entities));
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  return 0;
}

/**
 * Writes the entities made on a running server (the AI-code page) as schema files, so they can be kept in source
 * control; from then on the file defines the entity (the server ignores its stored copy, and says so at start).
 */
export async function pullCommand(o: Options, io: Io): Promise<number> {
  const from = str(o.from);
  if (!from) throw new CliError('give the server with --from http://host:port');
  const server = await connect(from, { token: str(o.token), user: str(o.user), password: str(o.password) });
  const dir = schemasDirOf(str(o.schemas));
  const { stored } = await serverCall<{ stored: { prefix: string }[] }>(server, 'GET', '/admin/base/coding/options');
  if (stored.length === 0) {
    io.out(`${server.base} has no entities made on it: nothing to pull`);
    return 0;
  }
  // Everything is fetched and checked before anything is written.
  const files: { file: string; text: string; same: boolean }[] = [];
  for (const [i, { prefix }] of stored.entries()) {
    io.err(`[${i + 1}/${stored.length}] ${prefix}`);
    const { schema } = await serverCall<{ schema: Record<string, unknown> }>(
      server,
      'GET',
      `/admin/base/coding/schema?prefix=${encodeURIComponent(prefix)}`,
    );
    const file = path.join(dir, `${prefix}.json`);
    const text = `${JSON.stringify({ $schema: `${'../'.repeat(prefix.split('/').length - 1)}entity.schema.json`, ...schema }, null, 2)}\n`;
    try {
      prepareEntity({ schema: JSON.parse(text), origin: file });
    } catch (e) {
      throw new CliError(`${prefix}: ${(e as Error).message}`);
    }
    const same = fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text;
    if (fs.existsSync(file) && !same && !o.force)
      throw new CliError(`${file} exists and differs from ${prefix} on the server (use --force to replace it)`);
    files.push({ file, text, same });
  }
  for (const f of files) {
    if (f.same) io.err(`${f.file} is up to date`);
    else write(io, f.file, f.text);
  }
  io.out(`${files.length} entit${files.length === 1 ? 'y' : 'ies'} in ${dir}`);
  return 0;
}

export async function openapiCommand(o: Options, io: Io): Promise<number> {
  const dir = schemasDirOf(str(o.schemas));
  loadEntities(dir); // clear errors before the app starts
  io.err('building the route table (in-memory database)…');
  const { buildApp } = await import('../../server/app.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-openapi-'));
  const app = await buildApp({
    schemasDir: dir,
    databaseUrl: 'sqlite::memory:',
    dataDir,
    seed: false,
    captcha: false,
    uiDir: path.join(dataDir, 'no-ui'),
  });
  try {
    const host = app.joinery;
    const doc = generateOpenApi(host.registry.all(), host.listRoutes());
    io.err(`${Object.keys(doc.paths as object).length} paths`);
    write(io, str(o.out), `${JSON.stringify(doc, null, 2)}\n`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return 0;
}

/** The dictionaries a first start seeds (server/seed/dicts). */
function seededDicts(): StoredDicts {
  const dir = path.join(SEED_DIR, 'dicts');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const seeds = files.map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as DictSeed);
  return new Map(
    seeds.flatMap((s) => s.types.map((t) => [t.key, new Set(t.entries.map((e) => String(e.value)))] as const)),
  );
}

/** Prints what the next start would do to the dictionaries; returns how many a field names that nothing provides. */
function reportDicts(entities: Entity[], stored: StoredDicts, where: string, io: Io): number {
  const plan = planDicts(entities, stored);
  for (const c of plan.create)
    io.out(`+ create dictionary ${c.key} (${c.entries} entries, carried by ${c.origin} field "${c.field}")`);
  for (const a of plan.add) io.out(`+ add dictionary entry ${a.key} = ${a.value} (carried by ${a.origin})`);
  for (const m of plan.missing)
    io.out(
      `! ${m.origin}: field "${m.field}": dictionary "${m.key}" is not in ${where} and no schema carries it (x-dict-entries)`,
    );
  return plan.missing.length;
}

export async function checkCommand(o: Options, io: Io): Promise<number> {
  const dir = schemasDirOf(str(o.schemas));
  const entities = loadEntities(dir);
  io.out(`✓ ${entities.length} schemas in ${dir} are valid`);
  const url = str(o.database) ?? process.env.DATABASE_URL;
  const file = url ? /^sqlite:(.+)$/.exec(url)?.[1] : undefined;
  if (!url || (file && file !== ':memory:' && !fs.existsSync(file))) {
    io.out(
      url
        ? `${url}: no such database file; the first start would create every table (${entities.length})`
        : 'no database given (--database <url> or DATABASE_URL): sync plan skipped',
    );
    const missing = reportDicts(entities, seededDicts(), 'the seeded dictionaries', io);
    if (missing)
      throw new CliError(
        `${missing} dictionar${missing === 1 ? 'y' : 'ies'} missing: carry the entries in the schema (x-dict-entries) or add them to server/seed/dicts`,
      );
    return 0;
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(url);
  } catch (e) {
    throw new CliError(`cannot open ${url}: ${(e as Error).message}`);
  }
  try {
    const tables = new Set((await database.db.introspection.getTables()).map((t) => t.name));
    const stored = tables.has(ENTITY_DEF_TABLE) ? (await readStoredEntities(database)).map(prepareEntity) : [];
    const plan = await planSchemaSync(database, [...entities, ...stored]);
    let destructive = 0;
    let changes = 0;
    for (const p of plan) {
      if (p.create) {
        io.out(`+ create table ${p.entity.table} (${p.entity.origin})`);
        changes++;
      }
      for (const c of p.addColumns) {
        io.out(`+ add column ${p.entity.table}.${c}`);
        changes++;
      }
      for (const problem of p.problems) {
        io.out(`! ${p.entity.table}: ${problem}`);
        destructive++;
      }
      for (const s of p.statements) io.out(`    ${s}`);
    }
    const all = [...entities, ...stored];
    const dicts =
      tables.has('dict_type') && tables.has('dict_info') ? await readStoredDicts(database.db) : seededDicts();
    const missing = reportDicts(all, dicts, 'the database', io);
    io.out(
      `${changes} additive change(s), ${destructive} destructive change(s) the next start would refuse (${url.replace(/\/\/[^@/]*@/, '//…@')})`,
    );
    if (destructive)
      throw new CliError(
        `${destructive} destructive change(s): restore the fields in the schemas or apply a reviewed migration`,
        2,
      );
    if (missing)
      throw new CliError(
        `${missing} dictionar${missing === 1 ? 'y' : 'ies'} missing in the database: create ${missing === 1 ? 'it' : 'them'} in the dictionary screen or carry the entries in the schema (x-dict-entries)`,
      );
    return 0;
  } finally {
    await database.close();
  }
}

/** name:type[:required] → a proposal field. */
function parseFieldFlag(flag: string): ProposalField {
  const [name, type = 'string', ...rest] = flag.split(':');
  if (!FIELD_KINDS.includes(type as never))
    throw new CliError(`--field ${flag}: type must be one of ${FIELD_KINDS.join(', ')}`);
  return { name, type: type as ProposalField['type'], required: rest.includes('required'), label: name };
}

export function entityNewCommand(target: string | undefined, o: Options, io: Io): number {
  const m = /^([a-z][a-z0-9]*)\/([a-z][a-zA-Z0-9]*)$/.exec(target ?? '');
  if (!m) throw new CliError('give the entity as <module>/<name>, e.g. joinery entity new shop/supplier');
  const [, module, name] = m;
  let fields: ProposalField[] = [];
  try {
    if (str(o['from-json'])) fields = fieldsFromSample(fs.readFileSync(str(o['from-json'])!, 'utf8'));
    else if (str(o['from-csv'])) fields = fieldsFromCsv(fs.readFileSync(str(o['from-csv'])!, 'utf8'));
    const flags = o.field === undefined ? [] : Array.isArray(o.field) ? o.field : [String(o.field)];
    fields = [...fields, ...flags.map(parseFieldFlag)];
    if (fields.length === 0)
      throw new CliError(
        'no fields: give --field name:type[:required] (repeatable), --from-json <file> or --from-csv <file>',
      );
    const schema = proposalToSchema({
      module,
      name,
      fields,
      ...(str(o.title) ? { title: str(o.title) } : {}),
      ...(str(o.parent) ? { menu: { parent: str(o.parent) } } : {}),
    });
    const text = `${JSON.stringify({ $schema: '../entity.schema.json', ...schema }, null, 2)}\n`;
    if (o.stdout) {
      io.out(text);
      return 0;
    }
    const file = path.join(schemasDirOf(str(o.schemas)), module, `${name}.json`);
    if (fs.existsSync(file) && !o.force) throw new CliError(`${file} exists (use --force to replace it)`);
    // The new file must pass what the server checks at start.
    prepareEntity({ schema: JSON.parse(text), origin: file });
    write(io, file, text);
    return 0;
  } catch (e) {
    if (e instanceof ProposalError) throw new CliError(e.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
    if (e instanceof CliError) throw e;
    throw new CliError((e as Error).message);
  }
}
