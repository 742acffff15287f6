import type { ErrorObject } from 'ajv';
import { E, type Issue, issue, joinTexts, same, type Texts } from '../errors.js';

/** A field's label in each language by its path segments, where the schema has one. */
export type LabelOf = (segments: readonly string[]) => Texts | undefined;

const TYPE_WORDS: Record<string, Texts> = {
  string: E.TYPE_STRING.texts,
  number: E.TYPE_NUMBER.texts,
  integer: E.TYPE_INTEGER.texts,
  boolean: E.TYPE_BOOLEAN.texts,
  object: E.TYPE_OBJECT.texts,
  array: E.TYPE_ARRAY.texts,
  null: E.TYPE_NULL.texts,
};

/** A label as schemas write it: a text, or a text per language (`x-label`). */
export function labelTexts(value: unknown): Texts | undefined {
  if (typeof value === 'string' && value.trim()) return same(value);
  if (value && typeof value === 'object') {
    const v = value as Partial<Texts>;
    const any = v['zh-cn'] ?? v.en ?? v['zh-tw'];
    if (typeof any === 'string')
      return { 'zh-cn': v['zh-cn'] ?? any, 'zh-tw': v['zh-tw'] ?? v['zh-cn'] ?? any, en: v.en ?? any };
  }
  return undefined;
}

/** Labels read from a JSON Schema: a property's `x-label`, else its `title`, found through properties and items. */
export function schemaLabels(root: unknown): LabelOf {
  return (segments) => {
    let at: unknown = root;
    for (const s of segments) {
      const node = at as { properties?: Record<string, unknown>; items?: unknown } | undefined;
      if (!node || typeof node !== 'object') return undefined;
      if (node.properties && Object.hasOwn(node.properties, s)) at = node.properties[s];
      else if (/^\d+$/.test(s) && node.items && typeof node.items === 'object') at = node.items;
      else return undefined;
    }
    const node = at as { 'x-label'?: unknown; title?: unknown } | undefined;
    return node && segments.length ? (labelTexts(node['x-label']) ?? labelTexts(node.title)) : undefined;
  };
}

const list = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/**
 * One ajv error as a field detail in every language: the path of the field (for `required` and
 * `additionalProperties` the missing or extra property), its problem said with its label.
 */
export function ajvIssue(error: ErrorObject, labelOf: LabelOf = () => undefined, prefix = ''): Issue {
  const segments = error.instancePath.split('/').filter(Boolean);
  const p = error.params as Record<string, unknown>;
  const named = (extra?: string) => {
    const segs = extra === undefined ? segments : [...segments, extra];
    const path = (prefix + segs.join('.')).replace(/\.$/, '') || '(body)';
    return { path, field: labelOf(segs) ?? same(path) };
  };
  const limit = String(p.limit ?? '');
  switch (error.keyword) {
    case 'required': {
      const { path, field } = named(String(p.missingProperty));
      return issue(path, E.AJV_REQUIRED, { field });
    }
    case 'dependentRequired': {
      const { path, field } = named(String(p.missingProperty));
      return issue(path, E.AJV_DEPENDENT_REQUIRED, { field, property: String(p.property) });
    }
    case 'additionalProperties': {
      const { path, field } = named(String(p.additionalProperty));
      return issue(path, E.AJV_ADDITIONAL_PROPERTY, { field });
    }
    default:
  }
  const { path, field } = named();
  switch (error.keyword) {
    case 'type': {
      const types = String(p.type).split(',');
      const type = joinTexts(
        types.map((t) => TYPE_WORDS[t] ?? same(t)),
        E.TYPE_OR.texts,
      );
      return issue(path, E.AJV_TYPE, { field, type });
    }
    case 'minLength':
      return issue(path, E.AJV_MIN_LENGTH, { field, limit });
    case 'maxLength':
      return issue(path, E.AJV_MAX_LENGTH, { field, limit });
    case 'minimum':
      return issue(path, E.AJV_MINIMUM, { field, limit });
    case 'maximum':
      return issue(path, E.AJV_MAXIMUM, { field, limit });
    case 'exclusiveMinimum':
      return issue(path, E.AJV_EXCLUSIVE_MINIMUM, { field, limit });
    case 'exclusiveMaximum':
      return issue(path, E.AJV_EXCLUSIVE_MAXIMUM, { field, limit });
    case 'multipleOf':
      return issue(path, E.AJV_MULTIPLE_OF, { field, limit: String(p.multipleOf) });
    case 'pattern':
      return issue(path, E.AJV_PATTERN, { field, pattern: String(p.pattern) });
    case 'format':
      if (p.format === 'phone') return issue(path, E.AJV_FORMAT_PHONE, { field });
      if (p.format === 'email') return issue(path, E.AJV_FORMAT_EMAIL, { field });
      return issue(path, E.AJV_FORMAT, { field, format: String(p.format) });
    case 'enum':
      return issue(path, E.AJV_ENUM, { field, values: list((p.allowedValues as unknown[]) ?? []) });
    case 'const':
      return issue(path, E.AJV_CONST, { field, value: JSON.stringify(p.allowedValue) });
    case 'minItems':
      return issue(path, E.AJV_MIN_ITEMS, { field, limit });
    case 'maxItems':
      return issue(path, E.AJV_MAX_ITEMS, { field, limit });
    case 'uniqueItems':
      return issue(path, E.AJV_UNIQUE_ITEMS, { field, i: Number(p.j), j: Number(p.i) });
    case 'minProperties':
      return issue(path, E.AJV_MIN_PROPERTIES, { field, limit });
    case 'maxProperties':
      return issue(path, E.AJV_MAX_PROPERTIES, { field, limit });
    default:
      return issue(path, E.AJV_INVALID, { field });
  }
}
