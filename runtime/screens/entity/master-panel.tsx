import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EpsField } from '../../engine/eps';
import { useRelationOptions } from '../../widgets/relation-options';
import { labelOf } from '../../widgets/label-of';
import { inputClass } from '../../widgets/ui-classes';

/**
 * The records of an entity's master relation (schema x-master), beside its list: a dictionary's types beside its
 * items, the departments beside the users. Choosing one filters the list by it — by it and everything below it when
 * the master is a tree and the field takes a list of values — and fills it in new records. The filter lives in the
 * URL like any other.
 */
export function MasterPanel({ field, value, lang, onPick }: {
  field: EpsField; value: unknown; lang: string;
  /** The chosen record, and it with every record below it when the master is a tree (departments). */
  onPick: (value: number | string | undefined, subtree: (number | string)[]) => void;
}) {
  const { t } = useTranslation('entity');
  const { options, isLoading, error } = useRelationOptions(field.ref);
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? options.filter((o) => o.label.toLowerCase().includes(f)) : options;
  }, [options, filter]);
  const item = (active: boolean) => `flex w-full items-center rounded-md px-2.5 py-1.5 text-left text-[13px] transition-colors ${
    active ? 'bg-primary-9 font-medium text-primary' : 'text-ink hover:bg-hover'}`;
  const first = Array.isArray(value) ? value[0] : value;
  const selected = first === undefined || first === null || first === '' ? undefined : String(first);
  const subtree = (at: number) => {
    const ids = [options[at].value];
    for (let i = at + 1; i < options.length && options[i].depth > options[at].depth; i++) ids.push(options[i].value);
    return ids;
  };
  return (
    <aside className="flex w-56 shrink-0 flex-col border-r border-line" data-testid="master-panel" aria-label={labelOf(field.label, lang)}>
      <div className="border-b border-line p-2">
        <input className={`${inputClass} h-7 w-full text-[12px]`} value={filter} onChange={(e) => setFilter(e.target.value)}
          placeholder={t('master.filter', { label: labelOf(field.label, lang) })} aria-label={t('master.filter', { label: labelOf(field.label, lang) })} />
      </div>
      <nav className="min-h-0 flex-1 overflow-auto p-1.5">
        <button type="button" className={item(selected === undefined)} aria-pressed={selected === undefined} onClick={() => onPick(undefined, [])}>
          {t('master.all')}
        </button>
        {isLoading && <p className="px-2.5 py-2 text-[12px] text-muted">{t('state.loading')}</p>}
        {error && <p role="alert" className="px-2.5 py-2 text-[12px] text-danger">{error.message}</p>}
        {shown.map((o) => (
          <button key={String(o.value)} type="button" data-master={String(o.value)} aria-pressed={selected === String(o.value)}
            className={item(selected === String(o.value))} style={{ paddingLeft: 10 + o.depth * 14 }} onClick={() => onPick(o.value, subtree(options.indexOf(o)))}>
            <span className="truncate">{o.label}</span>
          </button>
        ))}
      </nav>
    </aside>
  );
}
