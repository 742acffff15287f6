import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { useEps } from '../engine/eps';
import { useDismiss } from '../shell/use-dismiss';
import { fieldAria, invalid } from './form-widgets';
import { inputBaseClass, inputClass, invalidInputClass } from './ui-classes';
import { Chevron } from './chevron';
import { permGroups } from './perm-groups';

/** Splits a stored permissions value ("a:b:c,d:e:f") into its strings. */
export const splitPerms = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
    : [];

/**
 * The permissions of a menu's permission row: chosen from the calls the server routes (grouped by entity, searched by
 * permission, entity or call), shown as chips; strings the server does not route (yet) are kept and marked.
 */
export function PermsWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation('entity');
  const { entries } = useEps();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // Escape (or a press outside) closes the panel; focus that was in it goes back to the button that opened it.
  useDismiss(box, open, () => {
    const inside = box.current?.contains(document.activeElement);
    setOpen(false);
    if (inside) opener.current?.focus();
  });
  const chosen = splitPerms(props.value);
  const groups = useMemo(() => permGroups(entries, i18n.language), [entries, i18n.language]);
  const known = useMemo(() => new Set(groups.flatMap((g) => g.perms.map((p) => p.perm))), [groups]);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    if (!f) return groups;
    return groups
      .map((g) => ({
        ...g,
        perms:
          g.title.toLowerCase().includes(f) || g.prefix.includes(f)
            ? g.perms
            : g.perms.filter((p) => p.perm.toLowerCase().includes(f) || p.summary.toLowerCase().includes(f)),
      }))
      .filter((g) => g.perms.length > 0);
  }, [groups, filter]);
  const set = (next: string[]) => props.onChange(next.length ? [...new Set(next)].join(',') : null);
  const toggle = (perm: string) => set(chosen.includes(perm) ? chosen.filter((p) => p !== perm) : [...chosen, perm]);
  const disabled = props.disabled || props.readonly;

  // The chosen permissions are chips, each with its remove button; the button after them opens the panel: no control
  // sits inside another. The panel is a set of checkbox groups (one per entity), not a listbox.
  return (
    <div ref={box} className="relative" data-jy-popover={open ? 'open' : undefined}>
      <div
        className={`${inputBaseClass} flex min-h-8 w-full flex-wrap items-center gap-1 py-1 text-left h-auto ${invalid(props) ? invalidInputClass : ''}`}
      >
        {chosen.map((p) => (
          <span
            key={p}
            data-perm={p}
            className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-[12px] ${known.has(p) ? 'bg-primary-9 text-primary' : 'bg-warning-soft text-warning'}`}
            title={known.has(p) ? p : t('perms.unknown', { perm: p })}
          >
            {p}
            {!disabled && (
              <button
                type="button"
                aria-label={t('perms.remove', { perm: p })}
                className="leading-none opacity-70 hover:opacity-100"
                onClick={() => toggle(p)}
              >
                ×
              </button>
            )}
          </span>
        ))}
        <button
          ref={opener}
          id={props.id}
          type="button"
          disabled={disabled}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          {...fieldAria(props)}
          data-testid="perms-open"
          onClick={() => setOpen((o) => !o)}
          className="flex min-w-16 flex-1 items-center justify-between gap-1 self-stretch text-left text-faint disabled:cursor-not-allowed"
        >
          <span>{chosen.length === 0 ? t('perms.choose') : ''}</span>
          <Chevron className="shrink-0" />
        </button>
      </div>
      {open && (
        <div
          id={panelId}
          className="mt-1 w-full rounded-lg border border-line bg-surface p-2"
          data-testid="perms-panel"
        >
          <input
            className={`${inputClass} mb-2 h-7 text-[12px]`}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the panel opens for filtering; focus belongs in its filter, Escape brings it back
            autoFocus
            placeholder={t('perms.filter')}
            aria-label={t('perms.filter')}
          />
          <div className="max-h-60 overflow-auto">
            {shown.length === 0 && <p className="px-2 py-3 text-center text-[12px] text-muted">{t('perms.none')}</p>}
            {shown.map((g) => (
              <fieldset key={g.prefix} className="mb-1 min-w-0">
                <legend className="px-1 pt-1 text-[12px] font-semibold text-muted">
                  {g.title} <span className="font-normal">{g.prefix}</span>
                </legend>
                {g.perms.map((p) => (
                  <label
                    key={p.perm}
                    className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-[12px] hover:bg-hover"
                  >
                    <input
                      type="checkbox"
                      className="accent-primary"
                      checked={chosen.includes(p.perm)}
                      onChange={() => toggle(p.perm)}
                    />
                    <span className="font-mono text-ink">{p.perm}</span>
                    <span className="truncate text-muted">{p.summary}</span>
                  </label>
                ))}
              </fieldset>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
