import { anyValue, arrayOf, bool, int, mapOf, named, nullable, obj, str } from './route-schema.js';

/*
 * The bodies and replies of routes every entity shares beyond its own fields (route-schema.ts): extra actions,
 * export and import. The generic actions' bodies and records come from each entity's schema
 * (openapi.ts).
 */

/** The body of an extra action: the records it applies to, an optional remark, and what else the action takes. */
export const ACTION_BODY = named('ActionBody', {
  ...obj({ 'ids?': arrayOf(int), 'remark?': str }),
  additionalProperties: true,
});

/** export: the page query's filters and order, and the file's format and columns. */
export const EXPORT_OPTIONS = obj({ 'format?': { enum: ['csv', 'xlsx'] }, 'columns?': arrayOf(str) });

/** import (multipart/form-data): the CSV or XLSX file, and dryRun to only report. */
export const IMPORT_BODY = obj({
  file: { type: 'string', contentMediaType: 'application/octet-stream' },
  'dryRun?': { enum: ['true', 'false'] },
});

/** What import did or, in a dry run, would do: counts, every error by row and column, the rows' changes. */
export const IMPORT_REPORT = named(
  'ImportReport',
  obj({
    dryRun: bool,
    file: str,
    total: int,
    added: int,
    updated: int,
    skipped: int,
    errors: arrayOf(obj({ row: int, column: str, 'field?': str, message: str })),
    rows: arrayOf(
      obj({
        row: int,
        action: { enum: ['add', 'update'] },
        'id?': int,
        'changes?': arrayOf(obj({ field: str, column: str, from: anyValue, to: anyValue })),
      }),
    ),
  }),
);

/** <prefix>/history: one record's timeline (id) or the entity's history searched; newest first, paged. */
export const HISTORY_QUERY = named(
  'HistoryQuery',
  obj({
    'id?': int,
    'userId?': int,
    'field?': str,
    'action?': { enum: ['add', 'update', 'delete', 'restore', 'import', 'revert'] },
    'from?': str,
    'to?': str,
    'page?': int,
    'size?': int,
    'users?': bool,
  }),
);

/** A page of history rows: who changed which fields of which record, from what to what (secrets as "***"). */
export const HISTORY_PAGE = named(
  'HistoryPage',
  obj({
    list: arrayOf(
      obj({
        id: int,
        recordId: int,
        version: int,
        action: str,
        userId: nullable(int),
        userName: nullable(str),
        url: nullable(str),
        createTime: str,
        changes: mapOf(arrayOf(anyValue)),
      }),
    ),
    pagination: obj({ page: int, size: int, total: int }),
    /** With `users: true`: everyone who made a write the search finds (but for its userId), for a filter. */
    'users?': arrayOf(obj({ id: int, name: nullable(str) })),
  }),
);

/** <prefix>/revert: the record's fields (or one) as they were at a version; `revision` the one the caller loaded. */
export const REVERT_BODY = named('RevertBody', obj({ id: int, version: int, 'field?': str, 'revision?': int }));

/** The record's revision after the revert and the fields it wrote. */
export const REVERT_REPLY = named('RevertReply', obj({ revision: int, fields: arrayOf(str) }));
