import fs from 'node:fs';
import path from 'node:path';
import type { EntitySchema } from './entity-types.js';
import { createAjv, describeAjvError } from './schema-validator.js';
import { checkEntitySemantics } from './check-entity.js';
import { META_SCHEMA_PATH } from '../../paths.js';

let metaValidator: ReturnType<ReturnType<typeof createAjv>['compile']> | undefined;

function validateMeta(data: unknown) {
  if (!metaValidator) {
    const meta = JSON.parse(fs.readFileSync(META_SCHEMA_PATH, 'utf8')) as Record<string, unknown>;
    metaValidator = createAjv().compile(meta);
  }
  return { ok: metaValidator(data) as boolean, errors: metaValidator.errors ?? [] };
}

/** Explains the first meta-schema failures in terms of the file's fields. */
function explain(file: string, errors: ReturnType<typeof validateMeta>['errors']): string {
  const lines = errors.slice(0, 5).map((e) => {
    const { path: p, message } = describeAjvError(e);
    const m = /^properties\.([^.]+)(?:\.(.*))?$/.exec(p);
    return m ? `field "${m[1]}"${m[2] ? ` (${m[2]})` : ''}: ${message}` : `${p || '(top level)'}: ${message}`;
  });
  return `${file}: ${lines.join('; ')}`;
}

/** Checks one parsed schema document; throws an Error naming the file and field on failure. */
export function checkEntitySchema(data: unknown, file: string): EntitySchema {
  const { ok, errors } = validateMeta(data);
  if (!ok) throw new Error(`Invalid entity schema ${explain(file, errors)}`);
  const schema = data as EntitySchema;
  const problem = checkEntitySemantics(schema);
  if (problem) throw new Error(`Invalid entity schema ${file}: ${problem}`);
  return schema;
}

function listJsonFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return listJsonFiles(full);
    return d.name.endsWith('.json') && d.name !== 'entity.schema.json' ? [full] : [];
  });
}

/** Reads every entity file under a schemas folder as parsed JSON, not yet checked (sorted, so start-up is deterministic). */
export function readSchemaFiles(dir: string): { schema: unknown; origin: string }[] {
  const root = path.resolve(dir);
  return listJsonFiles(root)
    .sort()
    .map((full) => {
      const file = path.relative(process.cwd(), full);
      let schema: unknown;
      try {
        schema = JSON.parse(fs.readFileSync(full, 'utf8')) as unknown;
      } catch (e) {
        throw new Error(`Invalid entity schema ${file}: not valid JSON (${(e as Error).message})`);
      }
      // The file's place says its prefix (schemas/product/info.json is product/info), so the two cannot disagree.
      const place = path
        .relative(root, full)
        .split(path.sep)
        .join('/')
        .replace(/\.json$/, '');
      const prefix = (schema as { 'x-prefix'?: unknown } | null)?.['x-prefix'];
      if (typeof prefix === 'string' && prefix !== place) {
        throw new Error(
          `Invalid entity schema ${file}: x-prefix "${prefix}" does not match the file's place; it belongs in ${prefix}.json under the schemas folder, or its x-prefix is "${place}"`,
        );
      }
      return { schema, origin: file };
    });
}

/** Reads and checks every entity file under a schemas folder. */
export function loadSchemaFiles(dir: string): { schema: EntitySchema; file: string }[] {
  return readSchemaFiles(dir).map(({ schema, origin }) => ({
    schema: checkEntitySchema(schema, origin),
    file: origin,
  }));
}
