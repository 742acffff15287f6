import fs from 'node:fs';
import path from 'node:path';
import { readSchemaFiles } from '../../server/core/registry/load-schemas.js';
import { checkFits, prepareEntity } from '../../server/core/registry/register-entity.js';
import { Registry } from '../../server/core/registry/registry.js';
import type { Entity } from '../../server/core/registry/entity-types.js';
import { SCHEMAS_DIR } from '../../server/paths.js';
import { CliError } from './cli-error.js';

/** The schemas folder a command reads: --schemas, else the project's. */
export function schemasDirOf(option: string | undefined): string {
  const dir = path.resolve(option ?? SCHEMAS_DIR);
  if (!fs.existsSync(dir))
    throw new CliError(`the schemas folder ${dir} does not exist (give one with --schemas <dir>)`);
  return dir;
}

/** Every schema file checked and normalised exactly as the server does at start; throws naming the file and field. */
export function loadEntities(dir: string): Entity[] {
  try {
    const entities = readSchemaFiles(dir).map(prepareEntity);
    checkFits(new Registry(), entities);
    return entities;
  } catch (e) {
    throw new CliError((e as Error).message);
  }
}
