import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { entityApi } from '../engine/entity-api';
import type { EntityRow } from '../engine/use-entity-list';
import { DialogFrame } from '../screens/entity/dialog-frame';
import { allows } from '../screens/entity/action-buttons';
import { DictTag } from '../widgets/dict-tag';
import { Thumb } from '../widgets/media-thumbs';
import { formatMoney } from '../widgets/money';
import { labelOf } from '../widgets/label-of';
import { buttonClass } from '../widgets/ui-classes';
import type { InfoViewProps } from './info-views';

type Line = {
  id: number;
  goodName: string;
  code: string | null;
  pic: string | null;
  specs: Record<string, string> | null;
  price: number;
  quantity: number;
  amount: number;
};
type Step = { id: number; toStatus: number; operatorName?: string | null; remark: string | null; createTime: string };
type Detail = EntityRow & {
  orderNo: string;
  status: number;
  amount: number;
  payAmount: number;
  remark: string | null;
  createTime: string;
  pendingTime: string | null;
  completedTime: string | null;
  username?: string | null;
  address?: string | null;
  trackingNumber?: string | null;
  member: { nickName: string | null; phone: string | null; avatarUrl: string | null } | null;
  addressInfo: {
    contact: string;
    phone: string;
    province: string | null;
    city: string | null;
    district: string | null;
    address: string;
  } | null;
  items: Line[];
  history: Step[];
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-[12px] font-semibold tracking-wide text-muted">{title}</h3>
      {children}
    </section>
  );
}

function Lines({ items }: { items: Line[] }) {
  const { t } = useTranslation('entity');
  return (
    // Figures keep a gap and their own line, so on a phone a quantity never runs into an amount ("1¥19,990.00").
    <div className="overflow-x-auto">
      <table className="w-full border-collapse" data-testid="order-items">
        <thead>
          <tr className="border-b border-line text-left text-[12px] text-muted">
            <th className="py-1.5 font-medium">{t('order.product')}</th>
            <th className="whitespace-nowrap py-1.5 pl-4 text-right font-medium">{t('order.unitPrice')}</th>
            <th className="whitespace-nowrap py-1.5 pl-4 text-right font-medium">{t('order.quantity')}</th>
            <th className="whitespace-nowrap py-1.5 pl-4 text-right font-medium">{t('order.lineAmount')}</th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 && (
            <tr>
              <td colSpan={4} className="py-3 text-center text-muted">
                {t('order.noItems')}
              </td>
            </tr>
          )}
          {items.map((line) => (
            <tr key={line.id} className="border-b border-line last:border-0">
              <td className="py-2">
                <div className="flex items-center gap-2">
                  {line.pic ? <Thumb url={line.pic} size={36} /> : null}
                  <div>
                    <div className="font-medium break-words">{line.goodName}</div>
                    <div className="text-[12px] text-muted">
                      {[line.code, ...Object.entries(line.specs ?? {}).map(([k, v]) => `${k}: ${v}`)]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                  </div>
                </div>
              </td>
              <td className="whitespace-nowrap py-2 pl-4 text-right tabular-nums">{formatMoney(line.price)}</td>
              <td className="whitespace-nowrap py-2 pl-4 text-right tabular-nums">{line.quantity}</td>
              <td className="whitespace-nowrap py-2 pl-4 text-right font-medium tabular-nums">
                {formatMoney(line.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function History({ order }: { order: Detail }) {
  const { t } = useTranslation('entity');
  return (
    <ol className="space-y-2 border-l border-line pl-4" data-testid="order-history">
      <li className="relative">
        <span className="absolute top-1.5 -left-[21px] h-2 w-2 rounded-full bg-line-strong" aria-hidden="true" />
        <span className="text-muted">{order.createTime}</span> · {t('order.placed')}
      </li>
      {order.history.map((step) => (
        <li key={step.id} className="relative">
          <span className="absolute top-1.5 -left-[21px] h-2 w-2 rounded-full bg-primary" aria-hidden="true" />
          <span className="text-muted">{step.createTime}</span> · <DictTag dict="orderStatus" value={step.toStatus} />{' '}
          {t('order.by', { name: step.operatorName ?? '—' })}
          {step.remark && <div className="text-[12px] text-muted">{step.remark}</div>}
        </li>
      ))}
    </ol>
  );
}

/** An order as staff handle it: who and where, what was ordered and for how much, what happened to it, what may happen next. */
export default function OrderDetail({ prefix, row, lang, buttons, version, onPress, onClose }: InfoViewProps) {
  const { t } = useTranslation('entity');
  const { data: order, error } = useSWR(
    ['order-detail', prefix, row.id, version],
    () => entityApi(prefix).get<Detail>('detail', { id: row.id }),
    { keepPreviousData: true },
  );
  const next = order ? buttons.filter((b) => allows(b, order)) : [];
  const info = order?.addressInfo;
  const place = info
    ? [info.province, info.city, info.district, info.address].filter(Boolean).join(' ')
    : order?.address;
  return (
    <DialogFrame
      open
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={t('order.title', { no: order?.orderNo ?? String(row.orderNo ?? row.id) })}
      width="max-w-3xl"
      testId="order-detail"
      footer={
        <>
          <button type="button" className={buttonClass.default} onClick={onClose}>
            {t('action.close')}
          </button>
          {next.map((b) => (
            <button
              key={b.key}
              type="button"
              data-action={b.key}
              className={b.tone === 'danger' ? buttonClass.danger : buttonClass.primary}
              onClick={() => onPress(b, [row.id])}
            >
              {labelOf(b.label, lang)}
            </button>
          ))}
        </>
      }
    >
      {error && (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-[13px] text-danger">
          {(error as Error).message}
        </p>
      )}
      {!order && !error && <p className="py-10 text-center text-[13px] text-muted">{t('state.loading')}</p>}
      {order && (
        <div className="space-y-5 text-[13px] text-ink">
          <div className="flex flex-wrap items-center gap-3" data-testid="order-status">
            <DictTag dict="orderStatus" value={order.status} />
            <span className="text-muted">{t('order.created', { time: order.createTime })}</span>
            {order.pendingTime && (
              <span className="text-muted">{t('order.confirmed', { time: order.pendingTime })}</span>
            )}
            {order.completedTime && (
              <span className="text-muted">{t('order.completed', { time: order.completedTime })}</span>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Section title={t('order.member')}>
              <div className="flex items-center gap-3 rounded-md border border-line p-3">
                {order.member?.avatarUrl ? (
                  <Thumb url={order.member.avatarUrl} size={40} />
                ) : (
                  <span className="h-10 w-10 rounded-full bg-subtle" aria-hidden="true" />
                )}
                <div>
                  <div className="font-medium">{order.member?.nickName ?? order.username ?? '—'}</div>
                  <div className="text-muted">{order.member?.phone ?? ''}</div>
                </div>
              </div>
            </Section>
            <Section title={t('order.address')}>
              <div className="rounded-md border border-line p-3">
                {info && (
                  <div className="font-medium">
                    {info.contact} · {info.phone}
                  </div>
                )}
                <div className="text-muted">{place || '—'}</div>
                {order.trackingNumber && (
                  <div className="mt-1 text-muted">{t('order.tracking', { no: order.trackingNumber })}</div>
                )}
              </div>
            </Section>
          </div>
          <Section title={t('order.items')}>
            <Lines items={order.items} />
            <dl className="ml-auto grid w-64 grid-cols-2 gap-y-1 text-right" data-testid="order-amounts">
              <dt className="text-muted">{t('order.amount')}</dt>
              <dd className="tabular-nums">{formatMoney(order.amount)}</dd>
              <dt className="text-muted">{t('order.payAmount')}</dt>
              <dd className="font-semibold text-primary tabular-nums">{formatMoney(order.payAmount)}</dd>
            </dl>
            {order.remark && <p className="rounded-md bg-subtle px-3 py-2 text-[12px] text-muted">{order.remark}</p>}
          </Section>
          <Section title={t('order.history')}>
            <History order={order} />
          </Section>
        </div>
      )}
    </DialogFrame>
  );
}
