import { useTranslation } from 'react-i18next';
import { Icon } from '../../shell/icons';

/** A page a later release fills: its title and an honest "not available yet". */
export function NotAvailable({ title, icon = 'box' }: { title: string; icon?: string }) {
  const { t } = useTranslation('shell');
  return (
    <section className="rounded-lg border border-line bg-surface shadow-panel" data-testid="not-available">
      <h1 className="border-b border-line px-5 py-3.5 text-[15px] font-semibold text-ink">{title}</h1>
      <div className="flex flex-col items-center px-6 py-16 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary-9 text-primary">
          <Icon name={icon} size={26} />
        </span>
        <p className="mt-4 text-[15px] font-medium text-ink">{t('notAvailable.title')}</p>
        <p className="mt-1 max-w-sm text-sm text-muted">{t('notAvailable.body')}</p>
      </div>
    </section>
  );
}
