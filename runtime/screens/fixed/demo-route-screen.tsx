import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** /demo/test/route/:id/:name? — shows the route parameters it was opened with. */
export default function DemoRouteScreen() {
  const { t } = useTranslation('shell');
  const { id, name } = useParams();
  return (
    <section className="rounded-lg border border-line bg-surface shadow-panel">
      <h1 className="border-b border-line px-5 py-3.5 text-[15px] font-semibold text-ink">{t('pages.demoRoute')}</h1>
      <dl className="grid max-w-md grid-cols-[6rem_1fr] gap-y-2 px-5 py-5 text-sm">
        <dt className="text-muted">{t('demoRoute.id')}</dt>
        <dd className="font-mono text-ink" data-testid="route-id">
          {id}
        </dd>
        <dt className="text-muted">{t('demoRoute.name')}</dt>
        <dd className="font-mono text-ink" data-testid="route-name">
          {name ?? t('demoRoute.none')}
        </dd>
      </dl>
      <p className="border-t border-line px-5 py-3 text-xs text-muted">{t('demoRoute.hint')}</p>
    </section>
  );
}
