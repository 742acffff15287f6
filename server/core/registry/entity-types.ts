/** Types of an entity schema file (as written) and of the normalized entity the server works with. */
export type Label = { 'zh-cn': string; 'zh-tw': string; en: string };
export type SearchMode = 'eq' | 'like' | 'keyword' | 'range' | 'in';
export type GenericAction = 'add' | 'delete' | 'update' | 'info' | 'list' | 'page';
export type ColumnType =
  | 'varchar'
  | 'text'
  | 'int'
  | 'bigint'
  | 'tinyint'
  | 'decimal'
  | 'json'
  | 'datetime'
  | 'date'
  | 'boolean';
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';

/** One entry of a dictionary a schema carries (x-dict-entries). */
export type DictEntrySchema = {
  value: number | string;
  name: Label;
  color?: 'primary' | 'success' | 'warning' | 'danger' | 'info';
};

export type FieldSchema = {
  type: JsonType | JsonType[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  items?: Record<string, unknown>;
  maxItems?: number;
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
  'x-label': Label;
  'x-column'?: { type?: ColumnType; index?: boolean; unique?: boolean; precision?: number; scale?: number };
  'x-search'?: SearchMode | SearchMode[];
  'x-list'?: boolean | { show?: boolean; width?: number; fixed?: 'left' | 'right'; sortable?: boolean; order?: number };
  'x-ui'?: {
    widget?: string;
    order?: number;
    span?: number;
    hidden?: boolean;
    readonly?: boolean;
    placeholder?: Label;
    rowsOf?: string;
    widgetBy?: { field: string; widgets: Record<string, string> };
  };
  'x-dict'?: string;
  /** The x-dict dictionary's entries, carried by the schema (created when missing, never overwritten). */
  'x-dict-entries'?: DictEntrySchema[];
  'x-ref'?: {
    entity: string;
    key?: string;
    label?: string;
    fields?: Record<string, string>;
    keyword?: string[];
    multiple?: boolean;
    /** Columns shown after the label in pickers (an address's contact, phone, city…). */
    detail?: string[];
    /** Related column → this entity's field: pickers offer only the records matching the record being edited. */
    match?: Record<string, string>;
    /** Aliases (from fields) shown as list columns; default all. */
    columns?: string[];
    /** Related column → the values pickers offer (a menu's parent: directories and pages). */
    offer?: Record<string, (number | string)[]>;
  };
  'x-money'?: boolean;
  /** Spec groups `[{name, values}]`: the items come from the keyword (server/core/registry/sku-shape.ts). */
  'x-specs'?: boolean;
  /** SKUs `[{specs, price, stock, code?, image?}]` over the groups of the named x-specs field (sku-shape.ts). */
  'x-skus'?: string;
  /** One SKU's `specs` map, its groups those of the record the named x-ref field points at (sku-shape.ts). */
  'x-sku-specs'?: string;
  'x-secret'?: boolean;
  'x-readonly'?: boolean;
  'x-virtual'?: boolean;
  /** Replies send the value as text (a number the original keeps in a varchar column); see entity.schema.json. */
  'x-wire'?: 'string';
};

/** A button the generic screen shows for an action: it posts {ids, ...body} (and a remark when asked). */
export type ActionButton = {
  key: string;
  label: Label;
  on?: 'row' | 'selection' | 'both';
  /** Row states that allow it: field → allowed values. */
  when?: Record<string, (number | string | boolean)[]>;
  confirm?: Label;
  body?: Record<string, number | string | boolean>;
  remark?: 'optional' | 'required';
  tone?: 'default' | 'primary' | 'danger';
  done?: Label;
  /** The name the ids are sent under (default `ids`). */
  idsAs?: string;
  /** A record of another entity chosen in the dialog, sent as `field`. */
  pick?: { field: string; entity: string; label: Label };
};

export type ActionSchema = {
  name: string;
  /** Another entity's action, offered as buttons on this entity's rows (not routed here). */
  entity?: string;
  method: 'get' | 'post';
  summary: string;
  label?: Label;
  access?: string;
  ui?: ActionButton[];
};

export type EntityMenu = { router: string; viewPath: string; icon?: string; parent?: string; orderNum?: number };

export type EntitySchema = {
  $schema?: string;
  $comment?: string;
  title?: string;
  description?: string;
  type: 'object';
  required?: string[];
  /** Optional: derived from the prefix (derive-names.ts); when given it must be the prefix's first segment. */
  'x-module'?: string;
  'x-prefix': string;
  /** Optional overrides of what the prefix says (derive-names.ts). */
  'x-table'?: string;
  'x-class'?: string;
  'x-title': Label;
  'x-api'?: GenericAction[];
  'x-actions'?: ActionSchema[];
  'x-recycle'?: boolean;
  /** Who besides a super admin sees its deleted rows in the recycle bin (recycle-bin.ts); default every admin. */
  'x-scope'?: RecycleScope;
  /** Its rows decide who may do what: a non-super admin's writes run inside the delegation guard. Default false. */
  'x-rights'?: boolean;
  /** Every write is recorded in the field history (server/core/crud/history.ts); default true. */
  'x-history'?: boolean;
  'x-order'?: { column: string; dir: 'asc' | 'desc' }[];
  'x-unique'?: string[][];
  'x-menu'?: { router?: string; viewPath?: string; icon?: string; parent?: string; orderNum?: number };
  'x-tenant'?: boolean;
  'x-tabs'?: string;
  /** Named filters offered as toggles above the list (page/list params the module understands). */
  'x-presets'?: { key: string; label: Label; filters: Record<string, string | number | boolean> }[];
  /** Records of other entities shown in a record's details: their field holding this record's id. */
  'x-related'?: { entity: string; field: string; label?: Label }[];
  'x-master'?: string;
  'x-tree'?: boolean;
  properties: Record<string, FieldSchema>;
};

/** How a value is stored and converted between the wire and the database. */
export type Storage = 'string' | 'integer' | 'number' | 'boolean' | 'json' | 'datetime' | 'date';

export type Field = {
  name: string;
  schema: FieldSchema;
  label: Label;
  storage: Storage;
  columnType: ColumnType;
  nullable: boolean;
  required: boolean;
  system: boolean;
  secret: boolean;
  readonly: boolean;
  /** No column: the value lives elsewhere (a link table) and module hooks read and write it. */
  virtual: boolean;
  search: SearchMode[];
  unique: boolean;
  index: boolean;
};

/** A column joined from another entity into page/list rows. */
export type JoinedColumn = {
  alias: string;
  table: string;
  column: string;
  localField: string;
  key: string;
  keyword: boolean;
  joinAlias: string;
};

/**
 * Who sees an entity's deleted rows in the recycle bin besides a super admin: `owner`, the admin who deleted them (rows
 * that carry rights: roles, menus); `{ department: field }`, an admin whose departments include the row's department
 * (the field holding its id; `id` for the departments themselves).
 */
export type RecycleScope = 'owner' | { department: string };

export type Entity = {
  prefix: string;
  module: string;
  table: string;
  className: string;
  title: Label;
  /** Fields in declaration order, system fields included (id first, times last). */
  fields: Field[];
  fieldMap: Map<string, Field>;
  api: GenericAction[];
  actions: ActionSchema[];
  recycle: boolean;
  /** x-scope: who besides a super admin sees its deleted rows; null: every admin who may read the bin. */
  scope: RecycleScope | null;
  /** x-rights: its writes by a non-super admin are judged by the delegation guard (server/core/auth/delegation.ts). */
  rights: boolean;
  /** Writes are recorded in the field history (x-history, default true). */
  history: boolean;
  order: { column: string; dir: 'asc' | 'desc' }[];
  uniques: string[][];
  joins: JoinedColumn[];
  /** x-menu with router and viewPath filled in from the prefix where the schema does not override them. */
  menu?: EntityMenu;
  /** A field whose values are tabs above the list. */
  tabs?: string;
  /** A single relation whose records are listed beside the list, filtering it (x-master). */
  master?: string;
  presets: NonNullable<EntitySchema['x-presets']>;
  related: NonNullable<EntitySchema['x-related']>;
  /** The records form a tree by parentId (x-tree): screens list them as a tree table. */
  tree: boolean;
  source: EntitySchema;
  /** Where the schema came from: a file path, or 'database' for entities made on the AI-code page. */
  origin: string;
};
