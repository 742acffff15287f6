import { E, fieldsError } from '../../core/errors.js';
import { ajvIssue, schemaLabels } from '../../core/registry/ajv-issues.js';
import { createAjv, describeAjvError } from '../../core/registry/schema-validator.js';
import { compiledSchema } from '../../core/registry/compiled-schemas.js';

/**
 * A plugin package's content, as stored in plugin_info.content (`{ type: 'joinery', data: PluginContent }`).
 * Declarative only: entity schemas (their tables, routes, menu pages and buttons follow), dictionaries, and task
 * handlers of the kinds the server defines. No file of a package is ever run (PROTOCOL §0).
 */
export type PluginManifest = {
  name: string;
  keyName: string;
  version: string;
  description?: string;
  author?: string;
  hook?: string;
  order?: number;
  enable?: boolean;
  logo?: string;
  configSchema?: Record<string, unknown>;
  config?: Record<string, unknown>;
};
export type PluginDict = {
  key: string;
  name: string;
  items: { name: string; value?: string | number; orderNum?: number }[];
};
/** purgeOlderThan: deletes the rows of one of the plugin's entities whose date column is older than keepDays. */
export type PluginTask = {
  name: string;
  summary: string;
  kind: 'purgeOlderThan';
  entity: string;
  column?: string;
  keepDays?: number;
};
export type PluginContent = {
  schemas: { file: string; schema: Record<string, unknown> }[];
  dicts: PluginDict[];
  tasks: PluginTask[];
};
export type PluginPackage = {
  manifest: PluginManifest;
  content: PluginContent;
  readme: string | null;
  logo: string | null;
};

export const CONTENT_TYPE = 'joinery';

/** The plugin's module name: its entities' prefixes start with it (the module pattern of the entity meta-schema). */
const KEY_NAME = '^[a-z][a-z0-9]{1,39}$';

const MANIFEST_SCHEMA = {
  type: 'object',
  required: ['name', 'keyName', 'version'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    keyName: { type: 'string', pattern: KEY_NAME },
    version: { type: 'string', pattern: '^[0-9A-Za-z][0-9A-Za-z.+-]{0,49}$' },
    description: { type: 'string', maxLength: 255 },
    author: { type: 'string', maxLength: 255 },
    hook: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,99}$' },
    order: { type: 'integer', minimum: 0, maximum: 9999 },
    enable: { type: 'boolean' },
    logo: { type: 'string', pattern: '^logo\\.(png|svg|jpg|jpeg|webp)$' },
    configSchema: { type: 'object' },
    config: { type: 'object' },
  },
} as const;

const DICTS_SCHEMA = {
  type: 'array',
  maxItems: 50,
  items: {
    type: 'object',
    required: ['key', 'name', 'items'],
    additionalProperties: false,
    properties: {
      key: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,99}$' },
      name: { type: 'string', minLength: 1, maxLength: 100 },
      items: {
        type: 'array',
        maxItems: 500,
        items: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100 },
            value: { type: ['string', 'number'] },
            orderNum: { type: 'integer' },
          },
        },
      },
    },
  },
} as const;

const TASKS_SCHEMA = {
  type: 'array',
  maxItems: 50,
  items: {
    type: 'object',
    required: ['name', 'summary', 'kind', 'entity'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', pattern: '^[a-z][a-z0-9]*\\.[A-Za-z][A-Za-z0-9_-]{0,99}$' },
      summary: { type: 'string', minLength: 1, maxLength: 255 },
      kind: { enum: ['purgeOlderThan'] },
      entity: { type: 'string' },
      column: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]*$' },
      keepDays: { type: 'integer', minimum: 1, maximum: 3650 },
    },
  },
} as const;

const ajv = createAjv();
const checkManifest = ajv.compile(MANIFEST_SCHEMA);
const checkDicts = ajv.compile(DICTS_SCHEMA);
const checkTasks = ajv.compile(TASKS_SCHEMA);

/** An incomplete or wrong package: the install reply of type 0 carries this message (PROTOCOL §7.13). */
export class IncompletePackage extends Error {}

function parseJson(files: Map<string, Buffer>, name: string): unknown {
  const raw = files.get(name);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new IncompletePackage(`${name} is not valid JSON (${(e as Error).message})`);
  }
}

function firstProblem(file: string, errors: Parameters<typeof describeAjvError>[0][] | null | undefined): string {
  const e = errors?.[0];
  if (!e) return `${file}: invalid`;
  const { path, message } = describeAjvError(e);
  return `${file}: ${path || '(top level)'} ${message}`;
}

/**
 * The logo of a plugin whose package brings none, and of the built-ins: a puzzle piece, as a data URL (shown through
 * any proxy, like a package's own logo). A row's `logo` is never null: the original client shows a broken image for it.
 */
export const DEFAULT_PLUGIN_LOGO =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA2NCA2NCI+PHJlY3Qgd2lkdGg9IjY0IiBoZWlnaHQ9IjY0IiByeD0iMTQiIGZpbGw9IiM0MTY1ZDciLz48cGF0aCBkPSJNMTggMjBoMTBhNCA0IDAgMCAxIDggMGgxMHYxMGE0IDQgMCAwIDEgMCA4djEwSDM2YTQgNCAwIDAgMC04IDBIMThWMzhhNCA0IDAgMCAwIDAtOHoiIGZpbGw9IiNmZmYiLz48L3N2Zz4=';

const LOGO_TYPES: Record<string, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * Reads the files of a package into its manifest and content. Which files a package may hold:
 * `plugin.json` (required), `README.md`, the logo the manifest names, `schemas/*.json`, `dicts.json`, `tasks.json`.
 * Any other file — code above all — refuses the package (nothing of it is run, so nothing of it is taken silently).
 */
export function parsePackage(files: Map<string, Buffer>): PluginPackage {
  const manifest = parseJson(files, 'plugin.json');
  if (manifest === undefined) throw new IncompletePackage('plugin.json is missing at the top of the package');
  if (!checkManifest(manifest)) throw new IncompletePackage(firstProblem('plugin.json', checkManifest.errors));
  const m = manifest as PluginManifest;
  const allowed = (name: string) =>
    name === 'plugin.json' ||
    name === 'README.md' ||
    name === 'dicts.json' ||
    name === 'tasks.json' ||
    (m.logo !== undefined && name === m.logo) ||
    /^schemas\/[A-Za-z0-9_-]+\.json$/.test(name);
  const stray = [...files.keys()].filter((n) => !allowed(n));
  if (stray.length) {
    throw new IncompletePackage(
      `the package holds files a plugin may not carry: ${stray.slice(0, 5).join(', ')} (allowed: plugin.json, README.md, its logo, schemas/*.json, dicts.json, tasks.json; no code is installed)`,
    );
  }
  if (m.configSchema) {
    if (m.configSchema.type !== 'object')
      throw new IncompletePackage('plugin.json: configSchema must be a JSON Schema of type object');
    let validate: ReturnType<typeof compiledSchema>;
    try {
      validate = compiledSchema(m.configSchema);
    } catch (e) {
      throw new IncompletePackage(`plugin.json: configSchema is not a valid JSON Schema (${(e as Error).message})`);
    }
    if (!validate(m.config ?? {})) throw new IncompletePackage(firstProblem('plugin.json config', validate.errors));
  }
  const dicts = parseJson(files, 'dicts.json') ?? [];
  if (!checkDicts(dicts)) throw new IncompletePackage(firstProblem('dicts.json', checkDicts.errors));
  const tasks = parseJson(files, 'tasks.json') ?? [];
  if (!checkTasks(tasks)) throw new IncompletePackage(firstProblem('tasks.json', checkTasks.errors));
  const schemas = [...files.keys()]
    .filter((n) => n.startsWith('schemas/'))
    .sort()
    .map((file) => {
      const schema = parseJson(files, file);
      if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
        throw new IncompletePackage(`${file}: an entity schema is a JSON object`);
      const prefix = (schema as Record<string, unknown>)['x-prefix'];
      if (typeof prefix !== 'string' || !prefix.startsWith(`${m.keyName}/`)) {
        throw new IncompletePackage(
          `${file}: x-prefix must start with the plugin's keyName ("${m.keyName}/…"), found ${JSON.stringify(prefix ?? null)}`,
        );
      }
      // Its tables are its own: a package may not point an entity at a table of the server (sessions, role links…)
      // that no entity registers, and so could otherwise take over as long as its columns matched.
      const module = (schema as Record<string, unknown>)['x-module'];
      if (module !== undefined && module !== m.keyName)
        throw new IncompletePackage(
          `${file}: x-module must be the plugin's keyName "${m.keyName}", found ${JSON.stringify(module)}`,
        );
      const table = (schema as Record<string, unknown>)['x-table'];
      if (table !== undefined && (typeof table !== 'string' || !table.startsWith(`${m.keyName}_`))) {
        throw new IncompletePackage(`${file}: x-table must start with "${m.keyName}_", found ${JSON.stringify(table)}`);
      }
      return { file, schema: schema as Record<string, unknown> };
    });
  const prefixes = new Set(schemas.map((s) => s.schema['x-prefix'] as string));
  for (const t of tasks as PluginTask[]) {
    if (!t.name.startsWith(`${m.keyName}.`))
      throw new IncompletePackage(`tasks.json: task handler "${t.name}" must be named "${m.keyName}.<name>"`);
    if (!prefixes.has(t.entity))
      throw new IncompletePackage(
        `tasks.json: task handler "${t.name}" names entity "${t.entity}", which is not one of the package's schemas`,
      );
  }
  const keys = (dicts as PluginDict[]).map((d) => d.key);
  const twice = keys.find((k, i) => keys.indexOf(k) !== i);
  if (twice) throw new IncompletePackage(`dicts.json: dictionary "${twice}" appears twice`);
  const readme = files.get('README.md')?.toString('utf8') ?? null;
  const logoBytes = m.logo ? files.get(m.logo) : undefined;
  if (m.logo && !logoBytes)
    throw new IncompletePackage(`plugin.json names the logo ${m.logo}, which the package does not hold`);
  if (logoBytes && logoBytes.length > 256 * 1024) throw new IncompletePackage(`${m.logo} is larger than 256 KB`);
  const logo = logoBytes
    ? `data:${LOGO_TYPES[m.logo!.split('.').pop()!]};base64,${logoBytes.toString('base64')}`
    : null;
  return {
    manifest: m,
    content: { schemas, dicts: dicts as PluginDict[], tasks: tasks as PluginTask[] },
    readme,
    logo,
  };
}

/** The content stored on a plugin row, or undefined for a row without one (added by hand, from the original's CRUD). */
export function contentOfRow(value: unknown): PluginContent | undefined {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const c = v as { type?: unknown; data?: PluginContent };
  if (c.type !== CONTENT_TYPE || typeof c.data !== 'object' || c.data === null) return undefined;
  return { schemas: c.data.schemas ?? [], dicts: c.data.dicts ?? [], tasks: c.data.tasks ?? [] };
}

/** Checks a configuration against the plugin's config schema; throws 400 naming `config.<path>`. */
export function checkConfig(configSchema: unknown, config: unknown): void {
  if (!configSchema || typeof configSchema !== 'object') return;
  const validate = compiledSchema(configSchema);
  if (validate(config ?? {})) return;
  // Named by the setting's label (its x-label or title) in the caller's language, as the settings form shows it.
  const labels = schemaLabels(configSchema);
  const issues = (validate.errors ?? []).slice(0, 5).map((e) => ajvIssue(e, labels, 'config.'));
  throw fieldsError(E.VALIDATION_FAILED, issues);
}
