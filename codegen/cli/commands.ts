import fs from 'node:fs';
import path from 'node:path';
import { CliError } from './cli-error.js';
import { loadEntities, schemasDirOf } from './load-entities.js';
import { generateTypes } from '../generate-types.js';
import { generateServerTables } from '../generate-server-tables.js';
import { SERVER_TABLES } from '../../server/core/db/server-tables.js';
import { routeTable } from './route-table.js';
import type { Entity } from '../../server/core/registry/entity-types.js';
import { generateClient, type OpenApiDoc } from '../generate-client.js';
import { connect, entitiesFromServer, serverCall, serverDocument } from './from-server.js';
import { prepareEntity } from '../../server/core/registry/register-entity.js';
import type { Lang } from '../../server/core/http/request-language.js';
import type { Texts } from '../../server/core/errors.js';
import { EXIT, M } from './messages.js';

export type Options = Record<string, string | boolean | string[] | undefined>;
/** Where a command writes: stdout, stderr, and the language of its messages. */
export type Io = { out: (text: string) => void; err: (text: string) => void; lang: Lang };

/** A message in the user's language. */
export const say = (io: Io, texts: Texts): string => texts[io.lang];

export const str = (v: Options[string]): string | undefined => (typeof v === 'string' ? v : undefined);

const credentials = (o: Options, io: Io) => ({
  token: str(o.token),
  user: str(o.user),
  password: str(o.password),
  language: io.lang,
});

export function write(io: Io, file: string | undefined, text: string): void {
  if (!file) {
    io.out(text);
    return;
  }
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, text);
  io.err(say(io, M.wrote(file)));
}

/** The entities a generator works on: the schemas folder, or with --from the eps of a running server. */
async function sourceEntities(o: Options, io: Io): Promise<Entity[]> {
  const from = str(o.from);
  if (from) {
    const server = await connect(from, credentials(o, io));
    io.err(say(io, M.readingEps(server.base)));
    const entities = await entitiesFromServer(server);
    io.err(say(io, M.readEntities(entities.length, server.base)));
    return entities;
  }
  const dir = schemasDirOf(str(o.schemas));
  const entities = loadEntities(dir);
  io.err(say(io, M.readSchemas(entities.length, dir)));
  return entities;
}

export async function typesCommand(o: Options, io: Io): Promise<number> {
  if (o['server-tables']) {
    // Columns as stored are in the schema files only (eps describes the wire), so this reads the folder.
    if (str(o.from)) throw new CliError(M.serverTablesFrom, EXIT.usage);
    write(io, str(o.out), generateServerTables(await sourceEntities(o, io), SERVER_TABLES));
    return EXIT.ok;
  }
  write(io, str(o.out), generateTypes(await sourceEntities(o, io)));
  return EXIT.ok;
}

/**
 * A client of every route: from a server, its eps (entities) and its OpenAPI document (routes, as this token may
 * call them); from the schemas folder, an app built on it in memory (the routes a server started on it answers).
 */
export async function clientCommand(o: Options, io: Io): Promise<number> {
  const from = str(o.from);
  let source: { entities: Entity[]; doc: OpenApiDoc };
  if (from) {
    const server = await connect(from, credentials(o, io));
    io.err(say(io, M.readingEps(server.base)));
    const entities = await entitiesFromServer(server);
    io.err(say(io, M.readEntities(entities.length, server.base)));
    source = { entities, doc: await serverDocument(server) };
  } else {
    const dir = schemasDirOf(str(o.schemas));
    io.err(say(io, M.readSchemas(loadEntities(dir).length, dir)));
    io.err(say(io, M.buildingRoutes));
    source = await routeTable(dir);
  }
  let text: string;
  try {
    text = generateClient(source.entities, source.doc);
  } catch (e) {
    throw new CliError(M.clientClash, EXIT.refused, (e as Error).message);
  }
  write(io, str(o.out), text);
  return EXIT.ok;
}

/**
 * Writes the entities made on a running server (the AI-code page) as schema files, so they can be kept in source
 * control; from then on the file defines the entity (the server ignores its stored copy, and says so at start).
 */
export async function pullCommand(o: Options, io: Io): Promise<number> {
  const from = str(o.from);
  if (!from) throw new CliError(M.needFrom, EXIT.usage);
  const server = await connect(from, credentials(o, io));
  const dir = schemasDirOf(str(o.schemas));
  const { stored } = await serverCall<{ stored: { prefix: string }[] }>(server, 'GET', '/admin/base/coding/options');
  if (stored.length === 0) {
    io.out(say(io, M.nothingToPull(server.base)));
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
      throw new CliError(M.invalidSchemas, EXIT.refused, `${prefix}: ${(e as Error).message}`);
    }
    const same = fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text;
    if (fs.existsSync(file) && !same && !o.force) throw new CliError(M.pullDiffers(file, prefix), EXIT.refused);
    files.push({ file, text, same });
  }
  for (const f of files) {
    if (f.same) io.err(say(io, M.upToDate(f.file)));
    else write(io, f.file, f.text);
  }
  io.out(say(io, M.pulled(files.length, dir)));
  return 0;
}

export async function openapiCommand(o: Options, io: Io): Promise<number> {
  const dir = schemasDirOf(str(o.schemas));
  loadEntities(dir); // clear errors before the app starts
  io.err(say(io, M.buildingRoutes));
  const { doc } = await routeTable(dir);
  io.err(say(io, M.paths(Object.keys(doc.paths ?? {}).length)));
  write(io, str(o.out), `${JSON.stringify(doc, null, 2)}\n`);
  return EXIT.ok;
}
