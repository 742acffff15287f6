import { useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { useEps, type EpsField } from '../../engine/eps';
import { entityApi } from '../../engine/entity-api';
import { toast } from '../../shell/toast';
import { useRelationOptions } from '../../widgets/relation-options';
import { reorder, type Zone } from '../../engine/tree-move';
import { labelOf } from '../../widgets/label-of';
import { inputClass } from '../../widgets/ui-classes';

/**
 * The records of an entity's master relation (schema x-master), beside its list: a dictionary's types beside its
 * items, the departments beside the users. Choosing one filters the list by it — by it and everything below it when
 * the master is a tree and the field takes a list of values — and fills it in new records. The filter lives in the
 * URL like any other.
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
  const [dragging, setDragging] = useState<number | string | null>(null);
  const [over, setOver] = useState<{ value: number | string; zone: Zone } | null>(null);
  // A tree master with an `order` call the user may make (departments): nodes are dragged to reorder and re-parent.
  const entity = field.ref?.entity;
  const canOrder =
    !!entity &&
    !filter &&
    options.some((o) => o.row && 'parentId' in o.row) &&
    !!byPrefix.get(entity)?.api.some((a) => a.path === '/order');
  const zoneOf = (e: DragEvent<HTMLElement>): Zone => {
    const box = e.currentTarget.getBoundingClientRect();
    const y = (e.clientY - box.top) / Math.max(box.height, 1);
    return y < 0.3 ? 'before' : y > 0.7 ? 'after' : 'inside';
  };
  const drop = async (target: number | string, zone: Zone) => {
    const moved = dragging;
    setDragging(null);
    setOver(null);
    if (moved === null || !entity) return;
    const body = reorder(options, moved, target, zone);
    if (!body) return;
    try {
      await entityApi(entity).post('order', body, { quiet: true });
      await mutate((key) => Array.isArray(key) && key[0] === 'relation-options' && key[1] === entity);
      toast.success(t('master.moved'));
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? options.filter((o) => o.label.toLowerCase().includes(f)) : options;
  }, [options, filter]);
  const item = (active: boolean) =>
    `flex w-full items-center rounded-md px-2.5 py-1.5 text-left text-[13px] transition-colors ${
      active ? 'bg-primary-9 font-medium text-primary' : 'text-ink hover:bg-hover'
    }`;
  const first = Array.isArray(value) ? value[0] : value;
  const selected = first === undefined || first === null || first === '' ? undefined : String(first);
  const subtree = (at: number) => {
    const ids = [options[at].value];
    for (let i = at + 1; i < options.length && options[i].depth > options[at].depth; i++) ids.push(options[i].value);
    return ids;
  };
  return (
    <aside
      className="flex w-56 shrink-0 flex-col border-r border-line"
      data-testid="master-panel"
      aria-label={labelOf(field.label, lang)}
    >
      <div className="border-b border-line p-2">
        <input
          className={`${inputClass} h-7 w-full text-[12px]`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t('master.filter', { label: labelOf(field.label, lang) })}
          aria-label={t('master.filter', { label: labelOf(field.label, lang) })}
        />
      </div>
      <nav className="min-h-0 flex-1 overflow-auto p-1.5">
        <button
          type="button"
          className={item(selected === undefined)}
          aria-pressed={selected === undefined}
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
            aria-pressed={selected === String(o.value)}
            className={`${item(selected === String(o.value))} ${over?.value === o.value ? (over.zone === 'inside' ? 'ring-2 ring-primary-4' : over.zone === 'before' ? 'shadow-[inset_0_2px_0_var(--color-primary)]' : 'shadow-[inset_0_-2px_0_var(--color-primary)]') : ''} ${dragging === o.value ? 'opacity-40' : ''}`}
            style={{ paddingLeft: 10 + o.depth * 14 }}
            onClick={() => onPick(o.value, subtree(options.indexOf(o)))}
            draggable={canOrder}
            onDragStart={
              canOrder
                ? (e) => {
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', String(o.value));
                    setDragging(o.value);
                  }
                : undefined
            }
            onDragEnd={
              canOrder
                ? () => {
                    setDragging(null);
                    setOver(null);
                  }
                : undefined
            }
            onDragOver={
              canOrder
                ? (e) => {
                    if (dragging === null) return;
                    e.preventDefault();
                    const zone = zoneOf(e);
                    if (over?.value !== o.value || over.zone !== zone) setOver({ value: o.value, zone });
                  }
                : undefined
            }
            onDrop={
              canOrder
                ? (e) => {
                    e.preventDefault();
                    void drop(o.value, zoneOf(e));
                  }
                : undefined
            }
          >
            <span className="truncate">{o.label}</span>
          </button>
        ))}
      </nav>
    </aside>
  );
}
