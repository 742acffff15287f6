import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/lib/compileSchemaValidatorsCode.js';
import type { RJSFSchema } from '@rjsf/utils';
import { appError, CODE, E, issue } from '../errors.js';
import { IMMUTABLE, sendBuilt, type BuiltFile } from './built-ui.js';
import type { DeclaredRoute } from './route-types.js';
import { linearRegExp } from '../registry/schema-validator.js';
import { WIRE_FORMATS } from '../registry/wire-formats.js';
import { obj, str } from './route-schema.js';

/**
 * The console's form validators without eval (so its CSP needs no 'unsafe-eval'): the page posts the JSON Schema of a
 * form (signed in), the server compiles it with ajv's standalone code generation (through RJSF's own
 * compileSchemaValidatorsCode, the functions RJSF's precompiled validator looks up) and answers with the address of a
 * same-origin ES module holding that code; the page imports it (script-src 'self') and hands it to
 * createPrecompiledValidator. Schemas come from eps at run time (entities made live, plugin settings, AI-code
 * previews), so a build-time compile would not cover them.
 *
 * The module runs nothing when loaded: it exports one function that the page calls with the few ajv runtime helpers
 * the code requires (runtime/engine/form-validator.ts), so a module fetched by anything but the page does nothing.
 * Modules are named by a hash of what they were compiled from and kept in the data folder, so every process of the
 * installation (JOINERY_WORKERS) serves every one, and a browser keeps each for a year.
 */

const COMM_URL = '/admin/base/comm/formValidator';
/** Outside /admin: a module is a static file of the installation (like /public/uploads), not an API action (eps). */
export const MODULE_PREFIX = '/form-validators/';
/** The largest form schema compiled (JSON text). An entity's form is a few KB. */
export const MAX_FORM_SCHEMA_BYTES = 256 * 1024;
/** Modules kept in the data folder; past this the oldest tenth is removed. */
export const MAX_FORM_VALIDATORS = 2000;
/** Modules kept in memory. */
const MEMORY_ENTRIES = 200;

/**
 * Schema patterns run on RE2JS in the page as on the server (server/core/registry/README.md): the compiled code takes
 * its pattern engine from this module, which the page supplies (runtime/engine/linear-regexp.ts). A pattern such as
 * `^(a+)+$` cannot freeze the tab of whoever types into its field.
 */
export const LINEAR_REGEXP_MODULE = 'joinery/linear-regexp';
const pageRegExp = Object.assign((pattern: string, flags: string) => linearRegExp(pattern, flags), {
  code: `require(${JSON.stringify(LINEAR_REGEXP_MODULE)}).default`,
});

/** The helpers generated code may require: the page supplies the same ones (runtime/engine/form-validator.ts). */
export const RUNTIME_MODULES = [
  'ajv/dist/runtime/ucs2length',
  'ajv/dist/runtime/equal',
  'ajv/dist/runtime/uri',
  'ajv-formats/dist/formats',
  LINEAR_REGEXP_MODULE,
];

/**
 * The options every console form is compiled with: the server's wire formats ('YYYY-MM-DD HH:mm:ss' date-times, plain
 * dates, phone, email; server/core/registry/wire-formats.ts) and union types (`["string","null"]`).
 */
const OPTIONS = {
  customFormats: WIRE_FORMATS,
  ajvOptionsOverrides: { allowUnionTypes: true, code: { lines: false, regExp: pageRegExp } },
};

const require = createRequire(import.meta.url);
const versionOf = (name: string) => {
  try {
    return String((require(`${name}/package.json`) as { version?: string }).version);
  } catch {
    return '?';
  }
};
/** A new ajv or RJSF compiles differently: their versions are part of every module's name. */
const COMPILER = `2|re2js|ajv ${versionOf('ajv')}|rjsf ${versionOf('@rjsf/validator-ajv8')}|${JSON.stringify(OPTIONS, (_k, v: unknown) => (v instanceof RegExp ? v.source : v))}`;

/** The module text for a schema: ajv's code inside a function that takes the runtime helpers. */
export function formValidatorModule(schema: RJSFSchema): string {
  let code: string;
  try {
    code = compileSchemaValidatorsCode(schema, OPTIONS);
  } catch (e) {
    // The compiler's own words (English), inside a message in the caller's language.
    throw appError(E.FORM_SCHEMA_UNCOMPILABLE, { reason: e instanceof Error ? e.message.slice(0, 300) : '?' });
  }
  for (const m of code.matchAll(/\brequire\(("(?:[^"\\]|\\.)*")\)/g)) {
    const name = JSON.parse(m[1]) as string;
    if (!RUNTIME_MODULES.includes(name)) throw appError(E.FORM_SCHEMA_NEEDS_MODULE, { name: name.slice(0, 100) });
  }
  return `// A form validator compiled by Joinery with ajv's standalone code (server/core/http/form-validators.ts).
export default function formValidators(require) {
const module = { exports: {} };
const exports = module.exports;
${code}
return module.exports;
}
`;
}

type Store = { dir: string; memory: Map<string, BuiltFile> };

function builtFile(key: string, text: string): BuiltFile {
  const identity = Buffer.from(text);
  return {
    type: 'text/javascript; charset=utf-8',
    hash: key,
    cacheControl: IMMUTABLE,
    identity,
    gzip: zlib.gzipSync(identity, { level: 6 }),
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  };
}

function remember(store: Store, key: string, file: BuiltFile): BuiltFile {
  store.memory.delete(key);
  store.memory.set(key, file);
  while (store.memory.size > MEMORY_ENTRIES) store.memory.delete(store.memory.keys().next().value!);
  return file;
}

/** Keeps the folder to MAX_FORM_VALIDATORS modules, dropping the oldest tenth when it is over. */
async function prune(dir: string): Promise<void> {
  const names = (await fs.promises.readdir(dir)).filter((n) => n.endsWith('.js'));
  if (names.length <= MAX_FORM_VALIDATORS) return;
  const dated = await Promise.all(
    names.map(async (n) => ({
      n,
      t: (await fs.promises.stat(path.join(dir, n)).catch(() => undefined))?.mtimeMs ?? 0,
    })),
  );
  dated.sort((a, b) => a.t - b.t);
  await Promise.all(
    dated.slice(0, Math.ceil(names.length / 10)).map(({ n }) => fs.promises.rm(path.join(dir, n), { force: true })),
  );
}

/** POST /admin/base/comm/formValidator {schema} → {url}; GET /form-validators/<key>.js → the module. */
export function registerFormValidators(app: FastifyInstance, dataDir: string, declared: DeclaredRoute[]): void {
  const store: Store = { dir: path.join(dataDir, 'form-validators'), memory: new Map() };
  fs.mkdirSync(store.dir, { recursive: true });
  // Listed with the other hand-written API routes (eps, OpenAPI, the permission matrix), though it replies itself.
  declared.push({
    method: 'post',
    url: COMM_URL,
    access: 'login',
    summary: '表单校验代码',
    schema: { body: obj({ schema: { type: 'object' } }), reply: obj({ url: str }) },
  });

  app.route({
    method: 'POST',
    url: COMM_URL,
    bodyLimit: MAX_FORM_SCHEMA_BYTES + 1024,
    config: { access: 'login', summary: '表单校验代码', opLog: false },
    handler: async (request) => {
      const schema = (request.body as { schema?: unknown } | undefined)?.schema;
      if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
        throw appError(E.FORM_SCHEMA_NOT_OBJECT, {}, [issue('schema', E.FORM_SCHEMA_NOT_OBJECT)]);
      }
      const text = JSON.stringify(schema);
      if (Buffer.byteLength(text) > MAX_FORM_SCHEMA_BYTES)
        throw appError(E.FORM_SCHEMA_TOO_LARGE, { limit: MAX_FORM_SCHEMA_BYTES });
      const key = createHash('sha256').update(COMPILER).update('\n').update(text).digest('base64url').slice(0, 32);
      const file = path.join(store.dir, `${key}.js`);
      if (!store.memory.has(key) && !fs.existsSync(file)) {
        const built = remember(store, key, builtFile(key, formValidatorModule(schema as RJSFSchema)));
        // Written whole under another name, then renamed: another process never reads half a module.
        const temp = `${file}.${process.pid}.tmp`;
        await fs.promises.writeFile(temp, built.identity);
        await fs.promises.rename(temp, file);
        void prune(store.dir).catch(() => undefined);
      }
      return { code: CODE.success, message: 'success', data: { url: `${MODULE_PREFIX}${key}.js` } };
    },
  });

  app.route({
    method: 'GET',
    url: `${MODULE_PREFIX}:file`,
    config: { access: 'public', summary: '表单校验代码', opLog: false },
    handler: async (request, reply) => {
      const name = (request.params as { file: string }).file;
      const key = /^([A-Za-z0-9_-]{32})\.js$/.exec(name)?.[1];
      let built = key ? store.memory.get(key) : undefined;
      if (key && !built) {
        const text = await fs.promises.readFile(path.join(store.dir, `${key}.js`), 'utf8').catch(() => undefined);
        if (text !== undefined) built = remember(store, key, builtFile(key, text));
      }
      if (!built) throw appError(E.FORM_VALIDATOR_NOT_FOUND);
      return sendBuilt(request, reply, built);
    },
  });
}
