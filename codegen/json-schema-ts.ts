import { typeName } from './generate-types.js';

type Schema = Record<string, unknown>;

const IDENT = /^[A-Za-z_$][\w$]*$/;
const key = (name: string) => (IDENT.test(name) ? name : JSON.stringify(name));
const wrap = (t: string) => (/[|&]/.test(t) && !/^\{[\s\S]*\}$/.test(t) ? `(${t})` : t);

/**
 * TypeScript types from the JSON Schemas routes declare (server/core/http/route-schema.ts) or an OpenAPI document
 * holds: the subset they use — type (one or a list), enum, const, anyOf/oneOf, properties with required,
 * additionalProperties, items — plus references: `x-name` (a named schema, written once as `export type <name>`),
 * `x-entity` (an entity's record type) and `#/components/schemas/<name>`.
 */
export class SchemaTypes {
  /** Named types met so far, in order, with their definitions. */
  readonly named = new Map<string, string>();

  constructor(
    /** Components of an OpenAPI document, for `$ref`s. */
    private readonly components: Record<string, Schema> = {},
    /** Component names that are entity types already written elsewhere in the file. */
    private readonly known: ReadonlySet<string> = new Set(),
  ) {}

  /** The type of a schema; named schemas it meets are added to `named`. */
  type(schema: unknown, indent = ''): string {
    if (schema === true || schema === undefined) return 'unknown';
    if (schema === false) return 'never';
    const s = schema as Schema;
    if (typeof s['x-entity'] === 'string') return typeName(s['x-entity']);
    if (typeof s['x-name'] === 'string') {
      const { 'x-name': name, ...rest } = s;
      return this.define(name as string, () => this.type(rest));
    }
    if (typeof s.$ref === 'string') {
      const name = s.$ref.replace('#/components/schemas/', '');
      if (this.known.has(name)) return name;
      return this.define(name, () => this.type(this.components[name]));
    }
    if ('const' in s) return JSON.stringify(s.const);
    if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ') || 'never';
    const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
    if (union) return [...new Set(union.map((u) => this.type(u, indent)))].join(' | ');
    if (Array.isArray(s.type)) return s.type.map((t) => this.type({ ...s, type: t }, indent)).join(' | ');
    switch (s.type) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array':
        return s.items === undefined ? 'unknown[]' : `${wrap(this.type(s.items, indent))}[]`;
      case 'object':
        return this.object(s, indent);
      default:
        return s.properties ? this.object(s, indent) : 'unknown';
    }
  }

  private object(s: Schema, indent: string): string {
    const props = Object.entries((s.properties ?? {}) as Record<string, Schema>);
    const extra = s.additionalProperties;
    if (props.length === 0)
      return extra && extra !== true ? `Record<string, ${this.type(extra, indent)}>` : 'Record<string, unknown>';
    // Other keys allowed and said so (additionalProperties: true or a schema): an index signature keeps them typed.
    const required = new Set((s.required ?? []) as string[]);
    const inner = `${indent}  `;
    const lines = props.map(
      ([name, p]) => `${inner}${key(name)}${required.has(name) ? '' : '?'}: ${this.type(p, inner)};`,
    );
    if (extra) lines.push(`${inner}[key: string]: unknown;`);
    return `{\n${lines.join('\n')}\n${indent}}`;
  }

  private define(name: string, build: () => string): string {
    if (!this.named.has(name)) {
      this.named.set(name, 'unknown'); // a schema that names itself again refers to the type being written
      this.named.set(name, build());
    }
    return name;
  }

  /** `export type <name> = …;` for every named type met. */
  declarations(): string {
    return [...this.named].map(([name, t]) => `export type ${name} = ${t};\n`).join('\n');
  }
}
