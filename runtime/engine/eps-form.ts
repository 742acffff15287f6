import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { EpsEntry, EpsField } from './eps';
import { fieldKind, type FieldKind } from '../widgets/field-kind';
import { labelOf } from '../widgets/label-of';

/**
 * What each form widget gets in ui:options besides RJSF's own: the eps field and its kind; a spec-group field the SKU
 * field that combines its groups (`skusField`), a SKU field the groups being edited (`groups`, from the form's data).
 */
export type FormFieldOptions = {
  eps: EpsField;
  kind: FieldKind;
  span: number;
  skusField?: string;
  groups?: unknown;
  /** One SKU's specs (x-sku-specs): the entity and the id of the record whose specs it chooses from. */
  ownerEntity?: string;
  ownerLabel?: string;
  owner?: unknown;
};

export type FormSpec = {
  /** The server's own JSON Schema for writable fields, with titles in the current language. */
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** The fields the form edits, in display order. */
  fields: EpsField[];
};

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function schemaTypes(schema: JsonObject): string[] {
  const t = schema.type;
  return Array.isArray(t) ? t.map(String) : typeof t === 'string' ? [t] : [];
}

/** Kinds that take the whole width of the form; the others sit two to a row. */
const WIDE_KINDS = new Set<FieldKind>(['textarea', 'json', 'richtext', 'images', 'perms', 'specs', 'skus', 'skuSpecs']);

/** Kinds whose value is a structured JSON value that no RJSF widget can own: rendered by a custom field. */
const FIELD_KINDS = new Set<FieldKind>(['json', 'specs', 'skus', 'skuSpecs']);

/** One SKU's specs (x-sku-specs): the entity and label of the record whose specs it chooses from. */
function ownerOf(fields: EpsField[], field: EpsField, lang: string): Partial<FormFieldOptions> {
  const ref = field.skuSpecs ? fields.find((f) => f.name === field.skuSpecs) : undefined;
  return ref?.ref ? { ownerEntity: ref.ref.entity, ownerLabel: labelOf(ref.label, lang) } : {};
}

/**
 * The add/edit form of an entity from eps: JSON Schema (the same the server validates with) and a uiSchema that picks
 * each field's widget from the registry. Secret fields (passwords) are required when adding; in edit mode they are
 * optional: blank keeps them.
 */
export function epsForm(entry: EpsEntry, lang: string, mode: 'add' | 'edit'): FormSpec {
  const hints = entry.joinery;
  const base = hints?.schema;
  if (!hints || !isObject(base) || !isObject(base.properties))
    return { schema: { type: 'object', properties: {} }, uiSchema: {}, fields: [] };
  const byName = new Map(hints.fields.map((f, i) => [f.name, { field: f, index: i }]));
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = {};
  const shown: { field: EpsField; rank: number }[] = [];
  for (const [name, raw] of Object.entries(base.properties)) {
    const found = byName.get(name);
    if (!found || !isObject(raw)) continue;
    const { field, index } = found;
    const kind = fieldKind(field);
    if (kind === 'hidden' || field.ui?.hidden) continue;
    const property: JsonObject = { ...raw, title: labelOf(field.label, lang) };
    // Descriptions in schemas are notes for developers (English only); labels carry the user-facing text.
    delete property.description;
    properties[name] = property as RJSFSchema;
    const skusField = field.specs ? hints.fields.find((f) => f.skus === name)?.name : undefined;
    const options: FormFieldOptions = {
      eps: field,
      kind,
      span: field.ui?.span ?? (WIDE_KINDS.has(kind) ? 24 : 12),
      ...(skusField ? { skusField } : {}),
      ...ownerOf(hints.fields, field, lang),
    };
    uiSchema[name] = {
      ...(FIELD_KINDS.has(kind) ? { 'ui:field': kind } : { 'ui:widget': kind }),
      ...(field.ui?.readonly ? { 'ui:readonly': true } : {}),
      ...(field.ui?.placeholder ? { 'ui:placeholder': labelOf(field.ui.placeholder, lang) } : {}),
      'ui:options': options,
    };
    shown.push({ field, rank: field.ui?.order ?? 100 + index });
  }
  shown.sort((a, b) => a.rank - b.rank);
  const order = shown.map((s) => s.field.name);
  uiSchema['ui:order'] = [...order, '*'];
  const requiredBase = Array.isArray(base.required) ? base.required.map(String) : [];
  // A secret (a user's password) is asked for when adding (the server refuses an add without it); when editing it is
  // optional, and its field says that blank keeps it (form-widgets.tsx).
  const secrets = mode === 'add' ? order.filter((n) => byName.get(n)?.field.secret) : [];
  const required = [
    ...requiredBase.filter((n) => properties[n] && !(mode === 'edit' && byName.get(n)?.field.secret)),
    ...secrets.filter((n) => !requiredBase.includes(n)),
  ];
  return {
    schema: { type: 'object', required, properties },
    uiSchema,
    fields: shown.map((s) => s.field),
  };
}

/**
 * The uiSchema for the values being edited: a field whose widget follows a sibling's value (x-ui.widgetBy — a
 * param's data is text, rich text or a file by its dataType) gets the widget for that value. Unchanged otherwise.
 */
export function uiSchemaFor(spec: FormSpec, data: JsonObject | undefined): UiSchema {
  let out: UiSchema | undefined;
  for (const field of spec.fields) {
    const follows = field.skus ?? field.skuSpecs;
    if (follows) {
      // The SKU matrix follows the groups being edited, a SKU's specs the record it belongs to (a new uiSchema
      // re-renders the field when they change).
      const current = spec.uiSchema[field.name] as JsonObject;
      out ??= { ...spec.uiSchema };
      out[field.name] = {
        ...current,
        'ui:options': {
          ...(current['ui:options'] as FormFieldOptions),
          ...(field.skus ? { groups: data?.[follows] } : { owner: data?.[follows] }),
        },
      };
    }
    const by = field.ui?.widgetBy;
    if (!by) continue;
    const value = data?.[by.field];
    const widget = value === undefined || value === null ? undefined : by.widgets[String(value)];
    if (!widget) continue;
    const kind = fieldKind({ ...field, ui: { ...field.ui, widget } });
    const current = spec.uiSchema[field.name] as JsonObject;
    const options = current['ui:options'] as FormFieldOptions;
    out ??= { ...spec.uiSchema };
    out[field.name] = {
      ...current,
      'ui:widget': kind,
      'ui:options': { ...options, kind, span: field.ui?.span ?? (WIDE_KINDS.has(kind) ? 24 : options.span) },
    };
  }
  return out ?? spec.uiSchema;
}

/** A stored record as the form edits it: a boolean field sent as 1/0 (the original's role relevance) becomes true/false. */
export function formValues(spec: FormSpec, record: JsonObject): JsonObject {
  const out: JsonObject = { ...record };
  for (const field of spec.fields) {
    const value = out[field.name];
    if (field.storage === 'boolean' && (value === 0 || value === 1 || value === '0' || value === '1'))
      out[field.name] = value === 1 || value === '1';
  }
  return out;
}

/** True when the field's schema admits null (so a cleared input is sent as null, not left out). */
export function acceptsNull(schema: RJSFSchema | undefined): boolean {
  return !!schema && isObject(schema) && schemaTypes(schema as JsonObject).includes('null');
}

/**
 * The body of an add or update call from the form's data: only the form's own fields, cleared nullable fields as
 * null (RJSF drops empty inputs, which would otherwise leave the old value in place), and a blank secret left out.
 */
export function formBody(spec: FormSpec, data: JsonObject, mode: 'add' | 'edit'): JsonObject {
  const out: JsonObject = {};
  const properties = (spec.schema.properties ?? {}) as Record<string, RJSFSchema>;
  for (const field of spec.fields) {
    const value = data[field.name];
    if (value === undefined || value === '') {
      if (field.secret) continue;
      if (mode === 'edit' && acceptsNull(properties[field.name])) out[field.name] = null;
      continue;
    }
    out[field.name] = value;
  }
  return out;
}
