import type { GenericAction } from './entity-types.js';

/** The six generic actions, with their HTTP method and the original's eps summary. */
export const GENERIC_ACTIONS: readonly GenericAction[] = ['add', 'delete', 'update', 'info', 'list', 'page'];

export const GENERIC_ACTION_META: Record<GenericAction, { method: 'get' | 'post'; summary: string }> = {
  add: { method: 'post', summary: '新增' },
  delete: { method: 'post', summary: '删除' },
  update: { method: 'post', summary: '修改' },
  info: { method: 'get', summary: '单个信息' },
  list: { method: 'post', summary: '列表查询' },
  page: { method: 'post', summary: '分页查询' },
};
