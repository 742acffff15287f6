import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewHead } from '../../widgets/view-layouts';
import { buttonClass } from '../../widgets/ui-classes';
import { DemoFrame } from './demo-frame';
import { formatMoney } from '../../widgets/money';

const ORDERS = [
  { no: 'SO-20260301-0007', customer: '华东贸易', amount: 1248000, state: 'paid' },
  { no: 'SO-20260302-0013', customer: 'Northwind', amount: 326000, state: 'shipped' },
] as const;

/** Top detail: a list of orders; one opened shows a bar with back, its number and actions above its details. */
export default function ViewHeadDemo() {
  const { t } = useTranslation('plugin');
  const [open, setOpen] = useState<string | null>(null);
  const order = ORDERS.find((o) => o.no === open);
  return (
    <DemoFrame hint={t('demo.view.headHint')}>
      {order ? (
        <ViewHead
          title={order.no}
          subtitle={order.customer}
          onBack={() => setOpen(null)}
          actions={
            <button type="button" className={buttonClass.default}>
              {t('demo.view.ship')}
            </button>
          }
        >
          <dl className="grid max-w-md grid-cols-[7rem_1fr] gap-y-2 text-[13px]">
            <dt className="text-muted">{t('demo.view.customer')}</dt>
            <dd className="text-ink">{order.customer}</dd>
            <dt className="text-muted">{t('demo.print.amount')}</dt>
            <dd className="text-ink tabular-nums">{formatMoney(order.amount)}</dd>
            <dt className="text-muted">{t('demo.view.state')}</dt>
            <dd className="text-ink">{t(`demo.view.states.${order.state}`)}</dd>
          </dl>
        </ViewHead>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
          {ORDERS.map((o) => (
            <li key={o.no} className="flex items-center justify-between gap-3 px-3 py-2 text-[13px]">
              <span className="text-ink">
                {o.no} · {o.customer}
              </span>
              <button type="button" className={buttonClass.link} onClick={() => setOpen(o.no)}>
                {t('demo.view.open')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </DemoFrame>
  );
}
