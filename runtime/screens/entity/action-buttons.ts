import type { EpsButton } from '../../engine/eps';
import type { EntityRow } from '../../engine/use-entity-list';
import { entityApi } from '../../engine/entity-api';

/** Whether a row's state allows a button (its `when`: field → allowed values; loose, as values come from JSON). */
export function allows(button: EpsButton, row: EntityRow): boolean {
  return Object.entries(button.when ?? {}).every(([field, values]) =>
    values.some((v) => String(v) === String(row[field])),
  );
}

export const onRow = (b: EpsButton) => b.on !== 'selection';
export const onSelection = (b: EpsButton) => b.on !== 'row';

/** Posts a button's action for these ids: {ids (or its idsAs), ...body} plus the remark and the picked record when given. */
export function runButton(
  prefix: string,
  button: EpsButton,
  ids: number[],
  remark?: string,
  picked?: number | string,
): Promise<unknown> {
  const data: Record<string, unknown> = { [button.idsAs ?? 'ids']: ids, ...button.body };
  if (remark !== undefined && remark.trim() !== '') data.remark = remark.trim();
  if (button.pick && picked !== undefined) data[button.pick.field] = picked;
  return entityApi(button.entity ?? prefix).post(button.action, data);
}
