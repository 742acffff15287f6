/** A schema proposal: what the AI-code page, `joinery entity new` and the draft builders (form, sample JSON, CSV, TypeORM source, LLM) produce, before it becomes an entity schema. */
export type Label = { 'zh-cn': string; 'zh-tw': string; en: string };

export const FIELD_KINDS = [
  'string',
  'text',
  'richtext',
  'integer',
  'number',
  'money',
  'boolean',
  'date',
  'datetime',
  'image',
  'json',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const SEARCH_KINDS = ['keyword', 'eq', 'range'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const PERMISSIONS = ['page', 'list', 'info', 'add', 'update', 'delete'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const DICT_COLORS = ['primary', 'success', 'warning', 'danger', 'info'] as const;
/** One dictionary entry: an integer value for integer fields, a string for string fields; a name in one or three languages. */
export type DictEntry = { value: number | string; name: string | Label; color?: (typeof DICT_COLORS)[number] };
export const MAX_DICT_ENTRIES = 200;

export type ProposalField = {
  name: string;
  /** One text (used for every language) or the three languages. */
  label?: string | Label;
  type: FieldKind;
  required?: boolean;
  /** Maximum length of string fields. */
  length?: number;
  /** Dictionary type key (dict/type `key`) whose entries the field takes. */
  dict?: string;
  /**
   * The dictionary's entries, carried by the proposal (x-dict-entries): the apply creates the dictionary (named by the
   * field's label) in its own transaction when the server lacks it, and adds entries it lacks; nothing exists before.
   */
  dictEntries?: DictEntry[];
  /** Relation to an existing entity by prefix; `label` is the column shown for it. */
  ref?: { entity: string; label?: string };
  search?: SearchKind;
  /** The value a new record gets when it gives none (money in cents, dates as text). */
  default?: string | number | boolean;
  /** No two records may hold the same value (a unique index; strings of at most 255 characters, numbers, dates). */
  unique?: boolean;
  /** Shown as a list column (default true). */
  list?: boolean;
  sortable?: boolean;
};

export type Proposal = {
  /** Module, the first prefix segment (e.g. shop). */
  module: string;
  /** Entity name, the last prefix segment (e.g. supplier). */
  name: string;
  title?: string | Label;
  fields: ProposalField[];
  /** Where the page goes; router defaults to /<module>/<name>; parent is a directory key of server/seed/menu-dirs.json. */
  menu?: { router?: string; parent?: string; icon?: string; orderNum?: number; name?: string };
  /** Generic actions to expose (default: all six). */
  permissions?: Permission[];
};

/** A refusal that names the offending part of the proposal (`fields.3.name`). */
export type ProposalIssue = { path: string; message: string };

export class ProposalError extends Error {
  constructor(readonly issues: ProposalIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('; '));
    this.name = 'ProposalError';
  }
}
