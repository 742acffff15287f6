import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import type { ErrorObject } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { RE2JS } from 're2js';
import { WIRE_FORMATS } from './wire-formats.js';

// ajv-formats ships CommonJS; under ESM its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  addFormatsModule) as FormatsPlugin;

/** x- keywords of entity schemas: known to ajv so strict mode accepts them, they validate nothing. */
export const X_KEYWORDS = [
  'x-module',
  'x-prefix',
  'x-table',
  'x-class',
  'x-title',
  'x-api',
  'x-actions',
  'x-recycle',
  'x-scope',
  'x-rights',
  'x-order',
  'x-unique',
  'x-menu',
  'x-tenant',
  'x-label',
  'x-column',
  'x-search',
  'x-list',
  'x-ui',
  'x-dict',
  'x-dict-entries',
  'x-ref',
  'x-money',
  'x-specs',
  'x-skus',
  'x-sku-specs',
  'x-secret',
  'x-readonly',
  'x-virtual',
  'x-wire',
];

/**
 * Every `pattern` (and `patternProperties`) of every schema ajv compiles here — schema files, AI-code entities, plugin
 * configs, task parameters — runs on RE2JS, an engine whose matching time is linear in the value's length: a pattern
 * such as `^(a+)+$` cannot hold the event loop (server/core/registry/README.md). JavaScript syntax is translated
 * (`\u4e00`, named groups); what RE2 cannot do in linear time (look-arounds, back-references) does not compile, so the
 * schema is refused when it is applied, naming the pattern.
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    let compiled: RE2JS;
    try {
      compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
    } catch (e) {
      throw new Error(
        `pattern ${JSON.stringify(pattern)} is not supported (${(e as Error).message}); patterns run on a linear-time engine: no look-arounds or back-references`,
      );
    }
    // ajv keys its compiled patterns by this text, so it must differ from pattern to pattern.
    return { test: (s: string) => compiled.matcher(s).find(), toString: () => `/${pattern}/${flags}` };
  },
  { code: 'linearRegExp' },
);

/** One ajv instance set up for entity schemas and the records they describe. */
export function createAjv(options: { useDefaults?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    useDefaults: options.useDefaults ?? false,
    allowUnionTypes: true,
    code: { regExp: linearRegExp },
  });
  addFormats(ajv);
  // Our wire formats (wire-formats.ts): 'YYYY-MM-DD HH:mm:ss' date-times (ISO also accepted), plain dates, phone, email.
  for (const [name, re] of Object.entries(WIRE_FORMATS)) ajv.addFormat(name, re);
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
