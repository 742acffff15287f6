import { useTranslation } from 'react-i18next';
import type { DashboardData } from '../../engine/use-dashboard';
import { formatMoney } from '../../widgets/money';

/** The best-selling products by units sold. */
export function HotProducts({ items }: { items: DashboardData['hotProducts'] }) {
  const { t } = useTranslation('dashboard');
  return (
    <section className="rounded-lg border border-line bg-surface shadow-panel" data-testid="hot-products">
      <h2 className="border-b border-line px-4 py-2.5 text-sm font-medium text-ink">{t('hotProducts')}</h2>
      {items.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-faint">{t('noData')}</p>
      ) : (
        <table className="w-full text-[13px]">
          <thead>
            <tr className="text-left text-xs text-faint">
              <th className="w-16 whitespace-nowrap px-4 py-2 font-normal">{t('rank')}</th>
              <th className="py-2 font-normal">{t('product')}</th>
              <th className="py-2 text-right font-normal">{t('price')}</th>
              <th className="px-4 py-2 text-right font-normal">{t('sold')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((p) => (
              <tr key={p.id} className="border-t border-line" data-testid="hot-product">
                <td className="px-4 py-2">
                  <span
                    className={`inline-flex h-5 w-5 items-center justify-center rounded-full text-[11px] font-medium ${p.rank <= 3 ? 'bg-primary text-on-primary' : 'bg-subtle text-muted'}`}
                  >
                    {p.rank}
                  </span>
                </td>
                <td className="py-2">
                  <div className="flex min-w-0 items-center gap-2.5">
                    {p.pic ? (
                      <img src={p.pic} alt="" className="h-8 w-8 shrink-0 rounded border border-line object-cover" />
                    ) : (
                      <span className="h-8 w-8 shrink-0 rounded bg-subtle" />
                    )}
                    <div className="min-w-0">
                      <div className="truncate text-ink">{p.name}</div>
                      <div className="truncate text-xs text-faint">{p.categoryName ?? t('uncategorized')}</div>
                    </div>
                  </div>
                </td>
                <td className="py-2 text-right tabular-nums text-muted">{formatMoney(p.price)}</td>
                <td className="px-4 py-2 text-right tabular-nums text-ink">{p.sales.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
