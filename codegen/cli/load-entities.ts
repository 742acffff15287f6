import fs from 'node:fs';
import path from 'node:path';
import { readSchemaFiles } from '../../server/core/registry/load-schemas.js';
import { checkFits, prepareEntity } from '../../server/core/registry/register-entity.js';
import { Registry } from '../../server/core/registry/registry.js';
import type { Entity } from '../../server/core/registry/entity-types.js';
import { SCHEMAS_DIR } from '../../server/paths.js';
import { CliError } from './cli-error.js';
import { EXIT, M } from './messages.js';

/** The schemas folder a command reads: --schemas, else the project's. */
export function schemasDirOf(option: string | undefined): string {
  const dir = path.resolve(option ?? SCHEMAS_DIR);
  if (!fs.existsSync(dir)) throw new CliError(M.noSchemasDir(dir), EXIT.refused);
  return dir;
}

/** Every schema file checked and normalised exactly as the server does at start; throws naming the file and field. */
export function loadEntities(dir: string): Entity[] {
  try {
    const entities = readSchemaFiles(dir).map(prepareEntity);
    checkFits(new Registry(), entities);
    return entities;
  } catch (e) {
    throw new CliError(M.invalidSchemas, EXIT.refused, (e as Error).message);
  }
}

/**
 * Checks a schema `entity new` is about to write at `file` together with the folder's other schemas, as the next
 * start would (a prefix, table or class another file already has stops it); throws naming the clash.
 */
export function checkWithFolder(dir: string, file: string, schema: unknown): void {
  let others: Entity[];
  try {
    others = readSchemaFiles(dir)
      .filter((s) => path.resolve(s.origin) !== path.resolve(file))
      .map(prepareEntity);
  } catch (e) {
    throw new CliError(M.invalidSchemas, EXIT.refused, (e as Error).message);
  }
  try {
    checkFits(new Registry(), [...others, prepareEntity({ schema, origin: path.relative(process.cwd(), file) })]);
  } catch (e) {
    throw new CliError(M.wouldStopStart, EXIT.refused, (e as Error).message);
  }
}
