import { request } from '../engine/request';

/**
 * Extra actions a few entities offer on their rows (and on a selection), beyond the generic ones. Each names an action
 * of the entity's eps api taking `{ids}`; it shows only where eps lists it and the user holds its permission.
 */
export type RowAction = {
  name: string;
  /** Keys in the 'entity' i18n namespace. */
  labelKey: string;
  doneKey: string;
  run: (prefix: string, ids: number[]) => Promise<unknown>;
};

const postIds = (action: string) => (prefix: string, ids: number[]) => request(`/admin/${prefix}/${action}`, { method: 'POST', data: { ids } });

export const ROW_ACTIONS: Record<string, RowAction[]> = {
  'recycle/data': [{ name: 'restore', labelKey: 'action.restore', doneKey: 'dialog.restored', run: postIds('restore') }],
};
