import type { EpsField } from '../engine/eps';

/** The kinds of field the widget registry knows; every eps field maps to exactly one. */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'money'
  | 'switch'
  | 'select'
  | 'radio'
  | 'date'
  | 'datetime'
  | 'image'
  | 'images'
  | 'file'
  | 'video'
  | 'relation'
  | 'json'
  | 'richtext'
  | 'password'
  | 'cron'
  | 'tree-check'
  | 'icon'
  | 'perms'
  | 'view-path'
  | 'tone'
  | 'specs'
  | 'skus'
  | 'skuSpecs'
  | 'hidden';

/** Schema widget names (x-ui.widget) folded onto the kinds we render; later issues may give some their own widget. */
const WIDGET_ALIASES: Record<string, FieldKind> = {
  files: 'file',
  'tree-select': 'relation',
  entity: 'text',
};

const KINDS = new Set<string>([
  'text',
  'textarea',
  'number',
  'money',
  'switch',
  'select',
  'radio',
  'date',
  'datetime',
  'image',
  'images',
  'file',
  'video',
  'relation',
  'json',
  'richtext',
  'password',
  'cron',
  'tree-check',
  'icon',
  'perms',
  'view-path',
  'tone',
  'hidden',
]);

/** The kind of a field, from its x-ui widget when it names one, else from its storage and hints. */
export function fieldKind(field: EpsField): FieldKind {
  // Spec groups and SKUs (x-specs, x-skus; schemas/README.md): their own editors, whatever widget a schema names.
  if (field.specs) return 'specs';
  if (field.skus) return 'skus';
  if (field.skuSpecs) return 'skuSpecs';
  const widget = field.ui?.widget;
  // Many records of a tree, ticked in the tree (a role's menus and departments).
  if (widget === 'tree-select' && field.ref?.multiple) return 'tree-check';
  if (widget) {
    if (WIDGET_ALIASES[widget]) return WIDGET_ALIASES[widget];
    if (KINDS.has(widget)) return widget as FieldKind;
  }
  if (field.secret) return 'password';
  if (field.money) return 'money';
  if (field.ref) return 'relation';
  if (field.dict || field.enum) return 'select';
  switch (field.storage) {
    case 'boolean':
      return 'switch';
    case 'datetime':
      return 'datetime';
    case 'date':
      return 'date';
    case 'json':
      return 'json';
    case 'integer':
    case 'number':
      return 'number';
    default:
      return field.maxLength !== undefined && field.maxLength > 500 ? 'textarea' : 'text';
  }
}

/** How a value is shown in a table cell; differs from the form kind where a display is richer (a dict tag for a switch). */
export type CellKind =
  | 'text'
  | 'number'
  | 'money'
  | 'dict'
  | 'enum'
  | 'bool'
  | 'date'
  | 'datetime'
  | 'image'
  | 'images'
  | 'file'
  | 'video'
  | 'relation'
  | 'json'
  | 'richtext'
  | 'entity'
  | 'icon'
  | 'tone'
  | 'specs'
  | 'skus';

/** The cell kind of a field. */
export function cellKind(field: EpsField): CellKind {
  const kind = fieldKind(field);
  if (field.ui?.widget === 'entity') return 'entity';
  if (kind === 'icon') return 'icon';
  if (kind === 'tone') return 'tone';
  if (kind === 'specs' || kind === 'skus') return kind;
  if (kind === 'money' || field.money) return 'money';
  if (kind === 'image' || kind === 'images' || kind === 'file' || kind === 'video') return kind;
  if (field.dict) return 'dict';
  if (field.enum && kind !== 'switch') return 'enum';
  if (kind === 'switch' || field.storage === 'boolean') return 'bool';
  if (field.storage === 'datetime' || kind === 'datetime') return 'datetime';
  if (field.storage === 'date' || kind === 'date') return 'date';
  if (kind === 'relation' || kind === 'tree-check') return 'relation';
  if (kind === 'json' || field.storage === 'json') return 'json';
  if (kind === 'richtext') return 'richtext';
  if (kind === 'number') return 'number';
  return 'text';
}
