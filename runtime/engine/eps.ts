import useSWR from 'swr';
import { useMemo } from 'react';
import type { Language } from '../i18n/index';
import { request } from './request';
import { useSession } from './session';
import { indexEps } from './eps-index';

/** Types of GET /admin/base/open/eps, mirroring server/modules/base/eps.ts. */
export type EpsLabel = Record<Language, string>;
export type EpsSearchMode = 'eq' | 'like' | 'keyword' | 'range' | 'in';
export type EpsStorage = 'string' | 'integer' | 'number' | 'boolean' | 'json' | 'datetime' | 'date';
export type EpsWidget =
  | 'text' | 'textarea' | 'number' | 'money' | 'switch' | 'select' | 'radio' | 'date' | 'datetime' | 'image' | 'images'
  | 'file' | 'files' | 'video' | 'relation' | 'json' | 'richtext' | 'password' | 'cron' | 'tree-select' | 'icon' | 'entity' | 'hidden';

export type EpsApi = {
  method: 'get' | 'post';
  /** Path below the prefix, e.g. '/page'. */
  path: string;
  summary: string;
  prefix: string;
  ignoreToken: boolean;
  dts: Record<string, unknown>;
  tag: string;
};

export type EpsColumn = {
  propertyName: string; type: string; length: string; comment?: string; nullable: boolean;
  defaultValue?: unknown; dict?: string; source: string;
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
  search: EpsSearchMode[];
  list?: boolean | { show?: boolean; width?: number; fixed?: 'left' | 'right'; sortable?: boolean; order?: number };
  ui?: { widget?: EpsWidget; order?: number; span?: number; hidden?: boolean; readonly?: boolean; placeholder?: EpsLabel; rowsOf?: string; widgetBy?: { field: string; widgets: Record<string, EpsWidget> } };
  dict?: string;
  ref?: { entity: string; key?: string; label?: string; fields?: Record<string, string>; keyword?: string[]; multiple?: boolean };
  money: boolean;
  enum?: unknown[];
  maxLength?: number;
  default?: unknown;
  format?: string;
  /** JSON fields whose items declare properties: the columns to show them with. */
  columns?: { name: string; label?: EpsLabel; money?: boolean; image?: boolean }[];
};

/** A button an entity declares for one of its actions (schema x-actions[].ui): posts {ids, ...body, remark?}. */
export type EpsButton = {
  action: string;
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
  /** A field whose values become tabs above the list. */
  tabs?: string;
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

export const EPS_KEY = '/admin/base/open/eps';

export type EpsState = {
  entries: EpsEntry[];
  /** Keyed by prefix without '/admin/', e.g. 'product/info'. */
  byPrefix: Map<string, EpsEntry>;
  /** Keyed by joinery.menu.viewPath. */
  byViewPath: Map<string, EpsEntry>;
  /** Keyed by joinery.menu.router. */
  byRouter: Map<string, EpsEntry>;
  isLoading: boolean;
  error?: Error;
};

export { indexEps, shortPrefix } from './eps-index';

/** Entity metadata for the signed-in user (what they may call), fetched once per session. */
export function useEps(): EpsState {
  const session = useSession();
  const { data, error, isLoading } = useSWR<Record<string, EpsEntry[]>, Error>(session ? EPS_KEY : null, (key: string) => request(key), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });
  const index = useMemo(() => indexEps(data), [data]);
  return { ...index, isLoading: isLoading || (!!session && !data && !error), error };
}
