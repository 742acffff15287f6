import type { EpsEntry } from '../../engine/eps';
import { labelOf } from '../../widgets/label-of';
import { buttonClass } from '../../widgets/ui-classes';

type Preset = NonNullable<NonNullable<EpsEntry['joinery']>['presets']>[number];
type Filters = Record<string, unknown>;

const isOn = (preset: Preset, filters: Filters) =>
  Object.entries(preset.filters).every(([k, v]) => String(filters[k]) === String(v));

/** The filters of the presets that are on: a search from the search panel keeps them (they are not its fields). */
export function presetFilters(entry: EpsEntry, filters: Filters): Filters {
  const out: Filters = {};
  for (const p of entry.joinery?.presets ?? []) if (isOn(p, filters)) Object.assign(out, p.filters);
  return out;
}

/**
 * The schema's named filters (x-presets: an audit queue's "My queue") as toggle buttons: pressing one puts its filters
 * into the list's address, pressing it again takes them out. aria-pressed says which are on.
 */
export function PresetToggles({
  entry,
  filters,
  lang,
  onChange,
}: {
  entry: EpsEntry;
  filters: Filters;
  lang: string;
  onChange: (filters: Filters) => void;
}) {
  const presets = entry.joinery?.presets ?? [];
  return presets.map((p) => {
    const on = isOn(p, filters);
    return (
      <button
        key={p.key}
        type="button"
        aria-pressed={on}
        data-preset={p.key}
        className={on ? buttonClass.primary : buttonClass.default}
        onClick={() => {
          const next = { ...filters };
          for (const [k, v] of Object.entries(p.filters)) {
            if (on) delete next[k];
            else next[k] = v;
          }
          onChange(next);
        }}
      >
        {labelOf(p.label, lang)}
      </button>
    );
  });
}
