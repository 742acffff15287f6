import type { TFunction } from 'i18next';
import type { EntityRow } from '../../engine/use-entity-list';
import { labelOf } from '../../widgets/label-of';
import { buttonClass } from '../../widgets/ui-classes';
import { allows } from './action-buttons';
import { RowMenu } from './row-menu';
import type { EntityScreenModel } from './use-entity-screen';

/** How many row actions a wide screen shows as links (the width of the pinned column follows). */
export function rowActionCount(s: EntityScreenModel): number {
  const { can } = s.ctrl;
  return (can.update ? 1 : 0) + (can.delete ? 1 : 0) + Math.min(s.rowButtons.length, 3) + 1;
}

/**
 * A row's actions (details, its state buttons, edit, delete): links on a wide screen; on a phone (xs) one "⋯" menu
 * of them, so the pinned column stays narrow. Each names its row for a screen reader ("编辑 Alice"), and carries a key
 * its stand-in keeps after a list refresh, so focus can go back to it when the dialog it opened closes
 * (focus-return.ts). Given the screen's model by reference (entity-screen.tsx): drawn from it as it is then, and
 * pressed with it as it is at the press.
 */
export function RowActions({
  model,
  row,
  phone,
  t,
}: {
  model: { readonly current: EntityScreenModel };
  row: EntityRow;
  phone: boolean;
  /** The list screen's `entity` texts (one translation hook for the screen, not one a row). */
  t: TFunction<'entity'>;
}) {
  const s = model.current;
  const { can, lang } = s.ctrl;
  const items = [
    { key: 'info', label: t('action.info'), onSelect: () => model.current.setViewing(row) },
    ...s.rowButtons
      .filter((b) => allows(b, row))
      .map((b) => ({
        key: b.key,
        label: labelOf(b.label, lang),
        danger: b.tone === 'danger',
        action: b.key,
        onSelect: () => model.current.press(b, [row.id]),
      })),
    ...(can.update ? [{ key: 'edit', label: t('action.edit'), onSelect: () => model.current.setEditing(row) }] : []),
    ...(can.delete
      ? [
          {
            key: 'delete',
            label: t('action.delete'),
            danger: true,
            onSelect: () => model.current.setDeleting([row.id]),
          },
        ]
      : []),
  ];
  if (phone)
    return (
      <RowMenu
        label={t('table.actionsOf', { name: s.rowLabel(row) })}
        focusKey={`menu:${row.id}`}
        items={items.map((a) => ({ ...a, testId: `row-action-${a.key}` }))}
      />
    );
  return (
    <span className="inline-flex items-center gap-1">
      {items.map((a) => (
        <button
          key={a.key}
          type="button"
          data-action={'action' in a ? a.action : undefined}
          data-focus-key={`${a.key}:${row.id}`}
          className={'danger' in a && a.danger ? buttonClass.linkDanger : buttonClass.link}
          onClick={a.onSelect}
        >
          {a.label}
          <span className="sr-only"> {s.rowLabel(row)}</span>
        </button>
      ))}
    </span>
  );
}
