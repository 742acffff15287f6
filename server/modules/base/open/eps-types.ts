/**
 * The one source of the types of GET /admin/base/open/eps (PROTOCOL §6 and our `joinery` hints).
 *
 * The server builds its reply as these types (server/modules/base/eps.ts), the runtime reads it through them
 * (runtime/engine/eps.ts re-exports them) and `joinery types|client --from <url>` reads a server's eps with them
 * (codegen/cli/from-server.ts). Types only and no imports, so the browser build, the server and the CLI share the file.
 */

export type EpsLanguage = 'zh-cn' | 'zh-tw' | 'en';
export type EpsLabel = Record<EpsLanguage, string>;
export type EpsSearchMode = 'eq' | 'like' | 'keyword' | 'range' | 'in';
export type EpsStorage = 'string' | 'integer' | 'number' | 'boolean' | 'json' | 'datetime' | 'date';
export type EpsWidget =
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
  | 'files'
  | 'video'
  | 'relation'
  | 'json'
  | 'richtext'
  | 'password'
  | 'cron'
  | 'tree-select'
  | 'icon'
  | 'entity'
  | 'perms'
  | 'view-path'
  | 'tone'
  | 'hidden';

export type EpsApi = {
  method: 'get' | 'post';
  /** Path below the prefix, e.g. '/page'. */
  path: string;
  summary: string;
  /** The controller's prefix, e.g. '/admin/product/info'. */
  prefix: string;
  ignoreToken: boolean;
  /**
   * What the route checks (Joinery's; the original's eps has none): 'public', 'login' (any signed-in user) or the
   * permission string — a schema's `x-actions[].access` where it sets one, else `<prefix as colons>:<action>`.
   */
  access?: string;
  dts: Record<string, unknown>;
  tag: string;
};

/** A column as the original reports it (PROTOCOL §6.2). */
export type EpsColumn = {
  propertyName: string;
  type: string;
  length: string;
  comment?: string;
  nullable: boolean;
  defaultValue?: unknown;
  dict?: string;
  source: string;
};

export type EpsListHint =
  | boolean
  | { show?: boolean; width?: number; fixed?: 'left' | 'right'; sortable?: boolean; order?: number };
export type EpsUiHint = {
  widget?: EpsWidget;
  order?: number;
  span?: number;
  hidden?: boolean;
  readonly?: boolean;
  placeholder?: EpsLabel;
  rowsOf?: string;
  widgetBy?: { field: string; widgets: Record<string, EpsWidget> };
};
export type EpsRef = {
  entity: string;
  key?: string;
  label?: string;
  fields?: Record<string, string>;
  keyword?: string[];
  multiple?: boolean;
  /** Related columns shown after the label in pickers. */
  detail?: string[];
  /** Related column → this entity's field: pickers offer only the records matching the record being edited. */
  match?: Record<string, string>;
  /** Aliases (from fields) shown as list columns; default all. */
  columns?: string[];
  /** Related column → the values pickers offer (a menu's parent: directories and pages). */
  offer?: Record<string, (number | string)[]>;
};

export type EpsField = {
  name: string;
  label: EpsLabel;
  storage: EpsStorage;
  nullable: boolean;
  required: boolean;
  system: boolean;
  readonly: boolean;
  secret: boolean;
  /** Computed by the server, never stored (no eps column). */
  virtual?: boolean;
  search: EpsSearchMode[];
  list?: EpsListHint;
  ui?: EpsUiHint;
  dict?: string;
  ref?: EpsRef;
  money: boolean;
  enum?: unknown[];
  maxLength?: number;
  default?: unknown;
  format?: string;
  /** JSON fields whose items declare properties: the columns to show them with. */
  columns?: { name: string; label?: EpsLabel; money?: boolean; image?: boolean }[];
  /** Spec groups `[{name, values}]` (x-specs; schemas/README.md "Specs and SKUs"). */
  specs?: true;
  /** SKUs over the spec groups of the named field (x-skus). */
  skus?: string;
  /** One SKU's specs map, its groups those of the record the named x-ref field points at (x-sku-specs). */
  skuSpecs?: string;
};

/** A button an entity declares for one of its actions (schema x-actions[].ui): posts {ids, ...body, remark?}. */
export type EpsButton = {
  action: string;
  /** The entity whose action it is, when not the entity showing the button (audit/good's create on products). */
  entity?: string;
  key: string;
  label: EpsLabel;
  on?: 'row' | 'selection' | 'both';
  when?: Record<string, (number | string | boolean)[]>;
  confirm?: EpsLabel;
  body?: Record<string, number | string | boolean>;
  remark?: 'optional' | 'required';
  tone?: 'default' | 'primary' | 'danger';
  done?: EpsLabel;
  /** The name the ids are sent under (default `ids`). */
  idsAs?: string;
  /** A record of another entity to choose before the call, sent as `field`. */
  pick?: { field: string; entity: string; label: EpsLabel };
};

export type EpsJoin = { alias: string; field: string; entity: string; column: string; keyword: boolean };

/** The runtime hints our server adds to every entity entry. */
export type EpsJoinery = {
  title: EpsLabel;
  menu?: { router: string; viewPath: string };
  /** The form's JSON Schema (x- keywords removed), the same rules the server validates with. */
  schema: { type: 'object'; required: string[]; properties: Record<string, Record<string, unknown>> };
  fields: EpsField[];
  joins: EpsJoin[];
  order: { column: string; dir: 'asc' | 'desc' }[];
  recycle: boolean;
  /** Writes are recorded in the field history: the record dialog has a History tab (`<prefix>/history`, `/revert`). */
  history: boolean;
  /** A field whose values become tabs above the list. */
  tabs?: string;
  /** Named filters offered as toggles above the list (x-presets). */
  presets?: { key: string; label: EpsLabel; filters: Record<string, string | number | boolean> }[];
  /** Records of other entities shown in a record's details: their field holding its id (x-related). */
  related?: { entity: string; field: string; label?: EpsLabel }[];
  /** A single relation whose records are listed beside the list (x-master). */
  master?: string;
  /** The records form a tree by parentId (x-tree): a tree table, listed whole. */
  tree?: boolean;
  /** The generic export and import this caller may use (menus have their own actions of those names). */
  files?: { export?: boolean; import?: boolean };
  /** Buttons of the actions this user may call. */
  actions?: EpsButton[];
  /** Names of the entity's own actions in three languages, by action (their permission rows in the menu tree). */
  actionLabels?: Record<string, EpsLabel>;
};

export type EpsEntry = {
  module: string;
  info: { type: { name: string; description: string } };
  api: EpsApi[];
  name?: string;
  columns: EpsColumn[];
  pageColumns: EpsColumn[];
  pageQueryOp?: { keyWordLikeFields: string[]; fieldEq: string[]; fieldLike: string[] };
  /** '/admin/product/info' */
  prefix: string;
  /** Absent on controllers that are not entities (base/open, base/comm, …). */
  joinery?: EpsJoinery;
};

/** An entity entry: one that carries the runtime hints. */
export type EpsEntity = EpsEntry & { joinery: EpsJoinery };

/** The whole reply: module → its controllers. */
export type Eps = Record<string, EpsEntry[]>;
