import type { ValidateFunction } from 'ajv';
import { createAjv } from './schema-validator.js';

const ajv = createAjv();
const compiled = new Map<string, ValidateFunction>();
/** Distinct schemas kept; past it the cache starts again (AI-code previews and plugin installs add new ones). */
const MAX_KEPT = 5000;

/**
 * A JSON Schema compiled once per process, by its text: every app built (a restart, each of a test file's apps, a
 * plugin re-checked at start) compiles the same field and config schemas again, and ajv keeps what it compiled by
 * object, not by content. Throws as ajv does for an invalid schema (nothing is kept then).
 */
export function compiledSchema(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    if (compiled.size >= MAX_KEPT) compiled.clear();
    compiled.set(key, validate);
  }
  return validate;
}
