import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { useEps } from '../engine/eps';
import { VIEW_PATH_TITLES } from '../screens/view-registry';
import { VIEW_OVERRIDES } from '../overrides/view-overrides';
import { labelOf } from './label-of';
import { fieldAria, invalid } from './form-widgets';
import { inputClass, invalidInputClass } from './ui-classes';

/**
 * A menu page's view path, picked from the views that exist: the console's own screens and every entity's list (as
 * the page resolves it, screens/view-registry.ts). Still a text field (a combobox with a list), so an http address
 * (shown in a frame) or a view yet to come can be typed; below it, what the value opens, or that nothing does.
 */
export function ViewPathWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation('shell');
  const { byViewPath } = useEps();
  const listId = useId();
  const noteId = useId();
  const views = useMemo(() => {
    const out = new Map<string, string>();
    for (const [path, key] of Object.entries(VIEW_PATH_TITLES)) out.set(path, t(key));
    for (const [path, entry] of byViewPath)
      if (!out.has(path)) out.set(path, entry.joinery ? labelOf(entry.joinery.title, i18n.language) : path);
    for (const path of Object.keys(VIEW_OVERRIDES)) if (!out.has(path)) out.set(path, path);
    return [...out].sort((a, b) => a[0].localeCompare(b[0]));
  }, [byViewPath, t, i18n.language]);
  const value = typeof props.value === 'string' ? props.value : '';
  const trimmed = value.trim().replace(/^cool\//, '');
  const opens = views.find(([path]) => path === trimmed)?.[1];
  const note = !trimmed
    ? undefined
    : /^https?:\/\//i.test(trimmed)
      ? t('viewPath.frame')
      : opens
        ? t('viewPath.opens', { title: opens })
        : t('viewPath.unknown');
  const aria = fieldAria(props);
  return (
    <div className="grid gap-1">
      <input
        id={props.id}
        name={props.id}
        list={listId}
        className={`${inputClass} ${invalid(props) ? invalidInputClass : ''}`}
        value={value}
        maxLength={255}
        disabled={props.disabled}
        readOnly={props.readonly}
        autoComplete="off"
        placeholder={t('viewPath.placeholder')}
        {...aria}
        aria-describedby={[aria['aria-describedby'], note ? noteId : undefined].filter(Boolean).join(' ') || undefined}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={(e) => props.onBlur(props.id, e.target.value)}
        onFocus={(e) => props.onFocus(props.id, e.target.value)}
        data-testid="view-path-input"
      />
      <datalist id={listId}>
        {views.map(([path, title]) => (
          <option key={path} value={path}>
            {title}
          </option>
        ))}
      </datalist>
      {note && (
        <span
          id={noteId}
          className={`text-xs ${opens || note === t('viewPath.frame') ? 'text-muted' : 'text-warning'}`}
        >
          {note}
        </span>
      )}
    </div>
  );
}
