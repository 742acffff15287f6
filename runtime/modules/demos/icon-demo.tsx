import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_ICONS, Icon, MENU_ICONS } from '../../shell/icons';
import { toast } from '../../shell/toast';
import { inputClass } from '../../widgets/ui-classes';
import { DemoFrame } from './demo-frame';

/** The icon plugin: every icon of the set; a click copies the name a menu row uses. */
export default function IconDemo() {
  const { t } = useTranslation('plugin');
  const [filter, setFilter] = useState('');
  const shown = ALL_ICONS.filter((n) => n.includes(filter.trim().toLowerCase()));
  const copy = (name: string) => {
    navigator.clipboard?.writeText(name).then(
      () => toast.success(t('demo.icon.copied', { name })),
      () => toast.error(name),
    );
  };
  return (
    <DemoFrame hint={t('demo.icon.hint', { count: ALL_ICONS.length, menu: MENU_ICONS.length })}>
      <input
        className={`${inputClass} mb-3 max-w-xs`}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        placeholder={t('demo.icon.search')}
        aria-label={t('demo.icon.search')}
      />
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(96px,1fr))] gap-2" aria-label={t('demos.icon.all')}>
        {shown.map((name) => {
          const full = MENU_ICONS.includes(`icon-${name}`) ? `icon-${name}` : name;
          return (
            <li key={name}>
              <button
                type="button"
                onClick={() => copy(full)}
                title={full}
                className="flex w-full flex-col items-center gap-1.5 rounded-md border border-line px-1 py-3 text-muted hover:border-primary-4 hover:text-primary"
              >
                <Icon name={name} size={22} />
                <span className="w-full truncate text-center text-[11px]">{full}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </DemoFrame>
  );
}
