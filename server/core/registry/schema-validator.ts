import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import type { ErrorObject } from 'ajv';

// ajv-formats ships CommonJS; under ESM its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as FormatsPlugin;

/** x- keywords of entity schemas: known to ajv so strict mode accepts them, they validate nothing. */
export const X_KEYWORDS = [
  'x-module', 'x-prefix', 'x-table', 'x-class', 'x-title', 'x-api', 'x-actions', 'x-recycle', 'x-order',
  'x-unique', 'x-menu', 'x-tenant', 'x-label', 'x-column', 'x-search', 'x-list', 'x-ui', 'x-dict', 'x-dict-entries', 'x-ref',
  'x-money', 'x-secret', 'x-readonly', 'x-virtual',
];

/** One ajv instance set up for entity schemas and the records they describe. */
export function createAjv(options: { useDefaults?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, useDefaults: options.useDefaults ?? false, allowUnionTypes: true });
  addFormats(ajv);
  // Our wire formats: 'YYYY-MM-DD HH:mm:ss' date-times (ISO also accepted), plain dates.
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/);
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addVocabulary(X_KEYWORDS);
  return ajv;
}

/** Human-readable text for ajv errors, naming the field when there is one. */
export function describeAjvError(error: ErrorObject): { path: string; message: string } {
  const segments = error.instancePath.split('/').filter(Boolean);
  let path = segments.join('.');
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    path = [...segments, missing].join('.');
    message = 'is required';
  } else if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    path = [...segments, extra].join('.');
    message = 'is not allowed here';
  } else if (error.keyword === 'enum') {
    message = `must be one of ${JSON.stringify((error.params as { allowedValues: unknown[] }).allowedValues)}`;
  }
  return { path, message };
}
