import { lazy, Suspense, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { useEps, type EpsField } from '../../engine/eps';
import { entityApi } from '../../engine/entity-api';
import { toast } from '../../shell/toast';
import { useRelationOptions } from '../../widgets/relation-options';
import { labelOf } from '../../widgets/label-of';
import { buttonClass, inputClass } from '../../widgets/ui-classes';
import { useMayCall } from '../../engine/permission';
import { ContextMenu, type ContextMenuItem } from '../../shell/context-menu';
import type { RelationOption } from '../../widgets/relation-options';
import type { EntityRow } from '../../engine/use-entity-list';
import { useEver } from '../../engine/use-ever';
import { useRoving } from './use-roving';
import { useTreeDrag } from './tree-drag';

const EditDialog = lazy(() => import('./edit-dialog'));
// Loaded when a record is first deleted from the panel (a list draws without the dialog library).
const ConfirmDialog = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/**
 * The records of an entity's master relation (schema x-master), beside its list: a dictionary's types beside its
 * items, the departments beside the users. Choosing one filters the list by it — by it and everything below it when
 * the master is a tree and the field takes a list of values — and fills it in new records. The filter lives in the
 * URL like any other.
 *
 * Where the master entity allows it (its api and the user's permissions), its records are managed here too: 新增 in the
 * panel's head; on a record, a right-click, the context-menu key or Shift+F10 opens 新增下级 (a tree), 编辑 (rename)
 * and 删除 — the entity's own form and a ConfirmDialog (departments, dictionary types).
 */
export function MasterPanel({
  field,
  value,
  lang,
  onPick,
}: {
  field: EpsField;
  value: unknown;
  lang: string;
  /** The chosen record, and it with every record below it when the master is a tree (departments). */
  onPick: (value: number | string | undefined, subtree: (number | string)[]) => void;
}) {
  const { t } = useTranslation('entity');
  const { options, isLoading, error } = useRelationOptions(field.ref);
  const { mutate } = useSWRConfig();
  const { byPrefix } = useEps();
  const [filter, setFilter] = useState('');
  const [menu, setMenu] = useState<{ x: number; y: number; option: RelationOption; opener: HTMLElement } | null>(null);
  const [editing, setEditing] = useState<{ row: EntityRow | null; fixed?: Record<string, unknown> } | null>(null);
  const [deleting, setDeleting] = useState<RelationOption | null>(null);
  const deleteUsed = useEver(deleting);
  const head = useRef<HTMLButtonElement>(null);
  const roving = useRoving();
  // A tree master with an `order` call the user may make (departments): nodes are dragged to reorder and re-parent.
  const entity = field.ref?.entity;
  const canOrder =
    !!entity &&
    !filter &&
    options.some((o) => o.row && 'parentId' in o.row) &&
    !!byPrefix.get(entity)?.api.some((a) => a.path === '/order');
  const master = entity ? byPrefix.get(entity) : undefined;
  const drag = useTreeDrag(options, entity, canOrder);
  const offers = (action: string) => !!master?.api.some((a) => a.path === `/${action}`);
  const may = {
    add: useMayCall(entity, 'add'),
    update: useMayCall(entity, 'update'),
    delete: useMayCall(entity, 'delete'),
  };
  const isTree = options.some((o) => o.row && 'parentId' in o.row);
  const masterName = labelOf(field.label, lang);
  const reload = () => mutate((key) => Array.isArray(key) && key[0] === 'relation-options' && key[1] === entity);
  const menuItems = (o: RelationOption): ContextMenuItem[] => [
    ...(may.add && isTree
      ? [
          {
            key: 'addChild',
            label: t('master.addChild'),
            testId: 'master-add-child',
            onSelect: () => setEditing({ row: null, fixed: { parentId: o.value } }),
          },
        ]
      : []),
    ...(may.update && o.row
      ? [
          {
            key: 'edit',
            label: isTree ? t('master.rename') : t('action.edit'),
            testId: 'master-edit',
            onSelect: () => setEditing({ row: o.row as EntityRow }),
          },
        ]
      : []),
    ...(may.delete
      ? [
          {
            key: 'delete',
            label: t('action.delete'),
            danger: true,
            testId: 'master-delete',
            onSelect: () => setDeleting(o),
          },
        ]
      : []),
  ];
  const openMenu = (e: ReactMouseEvent<HTMLElement>, o: RelationOption) => {
    if (menuItems(o).length === 0) return;
    e.preventDefault();
    // The context-menu key and Shift+F10 report (0, 0): open under the record instead.
    const box = e.currentTarget.getBoundingClientRect();
    const byKey = e.clientX === 0 && e.clientY === 0;
    setMenu({
      x: byKey ? box.left + 12 : e.clientX,
      y: byKey ? box.bottom + 2 : e.clientY,
      option: o,
      opener: e.currentTarget,
    });
  };
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? options.filter((o) => o.label.toLowerCase().includes(f)) : options;
  }, [options, filter]);
  const item = (active: boolean) =>
    `flex w-full items-center rounded-md px-2.5 py-1.5 text-left text-[13px] transition-colors ${
      active ? 'bg-primary-9 font-medium text-primary' : 'text-ink hover:bg-hover'
    }`;
  const roveKeys = ['', ...shown.map((o) => String(o.value))];
  const first = Array.isArray(value) ? value[0] : value;
  const selected = first === undefined || first === null || first === '' ? undefined : String(first);
  const subtree = (at: number) => {
    // A record no longer listed (just deleted, the list read again) stands alone.
    if (at < 0) return deleting ? [deleting.value] : [];
    const ids = [options[at].value];
    for (let i = at + 1; i < options.length && options[i].depth > options[at].depth; i++) ids.push(options[i].value);
    return ids;
  };
  const below = deleting ? subtree(options.indexOf(deleting)).length - 1 : 0;
  return (
    <aside
      className="flex max-h-48 w-full shrink-0 flex-col border-b border-line sm:max-h-none sm:w-56 sm:border-r sm:border-b-0"
      data-testid="master-panel"
      aria-label={labelOf(field.label, lang)}
    >
      <div className="flex gap-1.5 border-b border-line p-2">
        <input
          className={`${inputClass} h-7 w-full text-[12px]`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t('master.filter', { label: labelOf(field.label, lang) })}
          aria-label={t('master.filter', { label: labelOf(field.label, lang) })}
        />
        {may.add && (
          <button
            ref={head}
            type="button"
            className={`${buttonClass.icon} h-7 w-7`}
            aria-label={t('master.add', { label: masterName })}
            title={t('master.add', { label: masterName })}
            data-testid="master-add"
            onClick={() => setEditing({ row: null })}
          >
            <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
              <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </div>
      {/* One Tab stop for the list (APG toolbar of toggle buttons, vertical): ↑↓ Home End move between records. */}
      <div
        className="min-h-0 flex-1 overflow-auto p-1.5"
        role="toolbar"
        aria-orientation="vertical"
        aria-label={masterName}
        onKeyDown={roving.onKeyDown}
        onFocus={roving.onFocus}
      >
        <button
          type="button"
          className={item(selected === undefined)}
          aria-pressed={selected === undefined}
          data-rove=""
          tabIndex={roving.tabIndex('', selected ?? '', roveKeys)}
          onClick={() => onPick(undefined, [])}
        >
          {t('master.all')}
        </button>
        {isLoading && <p className="px-2.5 py-2 text-[12px] text-muted">{t('state.loading')}</p>}
        {error && (
          <p role="alert" className="px-2.5 py-2 text-[12px] text-danger">
            {error.message}
          </p>
        )}
        {shown.map((o) => (
          <button
            key={String(o.value)}
            type="button"
            data-master={String(o.value)}
            data-rove={String(o.value)}
            tabIndex={roving.tabIndex(String(o.value), selected ?? '', roveKeys)}
            aria-pressed={selected === String(o.value)}
            className={`${item(selected === String(o.value))} ${drag.look(o.value)}`}
            style={{ paddingLeft: 10 + o.depth * 14 }}
            onClick={() => onPick(o.value, subtree(options.indexOf(o)))}
            onContextMenu={(e) => openMenu(e, o)}
            aria-haspopup={menuItems(o).length ? 'menu' : undefined}
            aria-keyshortcuts={menuItems(o).length ? 'Shift+F10' : undefined}
            onKeyUp={(e) => {
              if (e.key === 'F10' && e.shiftKey)
                e.currentTarget.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, clientX: 0, clientY: 0 }));
            }}
            {...drag.handlers(o.value)}
          >
            <span className="truncate">{o.label}</span>
          </button>
        ))}
      </div>
      {menu && (
        <ContextMenu
          x={menu.x}
          y={menu.y}
          label={menu.option.label}
          testId="master-menu"
          items={menuItems(menu.option)}
          onClose={(refocus) => {
            if (refocus) menu.opener.focus();
            setMenu(null);
          }}
        />
      )}
      {editing && master && entity && (
        <Suspense fallback={null}>
          <EditDialog
            entry={master}
            prefix={entity}
            lang={lang}
            row={editing.row}
            fetchInfo={offers('info')}
            fixed={editing.fixed}
            onClose={() => setEditing(null)}
            onSaved={() => void reload()}
          />
        </Suspense>
      )}
      {deleteUsed && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={deleting !== null}
            title={t('master.deleteTitle', { label: masterName })}
            confirmLabel={t('action.delete')}
            busyLabel={t('state.deleting')}
            testId="master-confirm-delete"
            onClose={() => setDeleting(null)}
            onConfirm={async () => {
              const gone = deleting!;
              // A tree record goes with everything below it (no record is left under a parent that is gone).
              const ids = subtree(options.indexOf(gone));
              await entityApi(entity!).post('delete', { ids }, { quiet: true });
              if (selected !== undefined && ids.some((id) => String(id) === selected)) onPick(undefined, []);
              await reload();
              toast.success(t('master.deleted', { name: gone.label }));
            }}
          >
            <p>
              {below > 0
                ? t('master.deleteTreeText', { name: deleting?.label ?? '', count: below })
                : t('master.deleteText', { name: deleting?.label ?? '' })}{' '}
              {entity === 'base/sys/department' && t('master.deleteDepartmentUsers')}{' '}
              {master?.joinery?.recycle ? t('dialog.deleteRecycle') : t('dialog.deleteForever')}
            </p>
          </ConfirmDialog>
        </Suspense>
      )}
    </aside>
  );
}
