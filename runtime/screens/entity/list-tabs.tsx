import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import type { EpsEntry } from '../../engine/eps';
import { findDictEntry, useDict } from '../../engine/dict';
import { entityApi } from '../../engine/entity-api';
import { pageBody, type ListState } from '../../engine/use-list-state';

type Props = {
  entry: EpsEntry;
  prefix: string;
  state: ListState;
  /** Picks a tab: the field's value, or undefined for all. */
  onPick: (value: string | undefined) => void;
  /** Changes whenever the rows may have changed (a write), so the counts follow. */
  version: unknown;
};

/**
 * Tabs for the values of one field (the schema's x-tabs: order status, audit status), each with the number of rows the
 * current search finds in it. A tab is the field's equality filter, so it lives in the URL like any other filter.
 */
export function ListTabs({ entry, prefix, state, onPick, version }: Props) {
  const { t } = useTranslation('entity');
  const name = entry.joinery?.tabs;
  const field = entry.joinery?.fields.find((f) => f.name === name);
  const dict = useDict(field?.dict);
  const values = (field?.enum ?? dict.map((d) => d.value)).map(String);
  const others = { ...state, filters: Object.fromEntries(Object.entries(state.filters).filter(([k]) => k !== name)) };
  const { data: counts } = useSWR(
    field
      ? ['tab-counts', prefix, name, JSON.stringify(pageBody({ ...others, page: 1, size: 1 })), version, values.join()]
      : null,
    async () => {
      const count = async (value?: string) => {
        const body = pageBody({
          ...others,
          page: 1,
          size: 1,
          filters: value === undefined ? others.filters : { ...others.filters, [name!]: value },
        });
        return (await entityApi(prefix).page(body, { quiet: true })).pagination.total;
      };
      const totals = await Promise.all([count(), ...values.map((v) => count(v))]);
      return new Map<string | undefined, number>([
        [undefined, totals[0]],
        ...values.map((v, i) => [v, totals[i + 1]] as const),
      ]);
    },
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  if (!field || !name) return null;
  const current = state.filters[name] === undefined ? undefined : String(state.filters[name]);
  const tab = (value: string | undefined, label: string) => {
    const active = current === value;
    return (
      <button
        key={value ?? 'all'}
        type="button"
        role="tab"
        aria-selected={active}
        data-testid={`tab-${value ?? 'all'}`}
        onClick={() => onPick(value)}
        className={`-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-[13px] transition-colors ${active ? 'border-primary font-medium text-primary' : 'border-transparent text-muted hover:text-ink'}`}
      >
        {label}
        {counts?.has(value) && (
          <span
            className={`rounded-full px-1.5 text-[11px] leading-4 ${active ? 'bg-primary-9 text-primary' : 'bg-subtle text-muted'}`}
          >
            {counts.get(value)}
          </span>
        )}
      </button>
    );
  };
  return (
    <div role="tablist" className="flex flex-wrap gap-1 border-b border-line px-3" data-testid="list-tabs">
      {tab(undefined, t('search.all'))}
      {values.map((v) => tab(v, findDictEntry(dict, v)?.name ?? v))}
    </div>
  );
}
