import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { entityApi } from '../../engine/entity-api';
import { DialogFrame } from '../../screens/entity/dialog-frame';
import { toast } from '../../shell/toast';
import { labelOf } from '../../widgets/label-of';
import { formatMoney } from '../../widgets/money';
import { RelationPicker } from '../../widgets/relation-picker';
import { buttonClass, textareaClass } from '../../widgets/ui-classes';
import type { AddViewProps } from '../add-views';
import { type DraftLine, lineBody, OrderLinesEditor, useProducts } from './order-lines-editor';

type QuoteLine = {
  goodId: number;
  goodName: string;
  specs: Record<string, string> | null;
  price: number;
  quantity: number;
  amount: number;
};
type Quote = { items: QuoteLine[]; amount: number; discount: number; payAmount: number };

/**
 * New order: a member, one of their addresses, lines of products (and SKUs) with quantities; the server's quote of
 * the amounts (order/order/quote, the same computation add makes) is shown before saving. No id is typed anywhere.
 */
export default function OrderAdd({ entry, lang, onClose, onSaved }: AddViewProps) {
  const { t } = useTranslation('entity');
  const fields = new Map((entry.joinery?.fields ?? []).map((f) => [f.name, f]));
  const userRef = fields.get('userId')?.ref;
  const addressRef = fields.get('addressId')?.ref;
  const [userId, setUserId] = useState<number | undefined>();
  const [addressId, setAddressId] = useState<number | undefined>();
  const [lines, setLines] = useState<DraftLine[]>([{ key: 1, quantity: '1' }]);
  const [remark, setRemark] = useState(String(fields.get('remark')?.default ?? ''));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const products = useProducts();
  const items = lines.map((l) => lineBody(l, products));
  const complete = items.every((i) => i !== undefined) ? (items as NonNullable<(typeof items)[number]>[]) : undefined;
  const body = useMemo(() => (complete ? JSON.stringify({ userId, items: complete }) : null), [complete, userId]);
  const quote = useSWR(userId && body ? ['order-quote', body] : null, () =>
    entityApi('order/order').post<Quote>('quote', JSON.parse(body!), { quiet: true }),
  );
  const label = (name: string) => labelOf(fields.get(name)?.label, lang);

  const save = async () => {
    if (!userId || !complete) return;
    setSaving(true);
    setError(null);
    try {
      await entityApi('order/order').add({ userId, addressId: addressId ?? null, items: complete, remark });
      toast.success(t('dialog.added'));
      onSaved();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <DialogFrame
      open
      onOpenChange={(o) => {
        if (!o && !saving) onClose();
      }}
      testId="order-add"
      width="max-w-3xl"
      title={t('dialog.addTitle', { title: labelOf(entry.joinery?.title, lang) })}
      footer={
        <>
          <button type="button" className={buttonClass.default} onClick={onClose} disabled={saving}>
            {t('action.cancel')}
          </button>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={saving || !userId || !complete || !quote.data}
            onClick={() => void save()}
          >
            {saving ? t('state.saving') : t('action.save')}
          </button>
        </>
      }
    >
      <div className="space-y-4 text-[13px]">
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="min-w-0 space-y-1">
            <label htmlFor="order-add-member" className="text-muted">
              {label('userId')} <span className="text-danger">*</span>
            </label>
            {userRef && (
              <RelationPicker
                id="order-add-member"
                refTo={{ ...userRef, detail: ['phone'] }}
                value={userId}
                required
                onChange={(v) => {
                  setUserId(v === undefined ? undefined : Number(v));
                  setAddressId(undefined);
                }}
              />
            )}
          </div>
          <div className="min-w-0 space-y-1">
            <label htmlFor="order-add-address" className="text-muted">
              {label('addressId')}
            </label>
            {addressRef && (
              <RelationPicker
                id="order-add-address"
                refTo={addressRef}
                value={addressId}
                values={{ userId }}
                waitingText={t('form.chooseFirst', { label: label('userId') })}
                onChange={(v) => setAddressId(v === undefined ? undefined : Number(v))}
              />
            )}
          </div>
        </div>
        <OrderLinesEditor lines={lines} products={products} onChange={setLines} />
        <section aria-live="polite" data-testid="order-quote" className="rounded-md bg-subtle px-3 py-2">
          {!userId || !complete ? (
            <p className="text-muted">{t('orderAdd.quoteWaiting')}</p>
          ) : quote.error ? (
            <p role="alert" className="text-danger">
              {quote.error instanceof Error ? quote.error.message : String(quote.error)}
            </p>
          ) : !quote.data ? (
            <p className="text-muted">{t('state.loading')}</p>
          ) : (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
              {quote.data.items.map((l, i) => (
                <div key={`${l.goodId}-${i}`} className="contents">
                  <dt className="text-muted">
                    {l.goodName}
                    {l.specs ? ` · ${Object.values(l.specs).join(' / ')}` : ''} × {l.quantity}
                  </dt>
                  <dd className="text-right tabular-nums">{formatMoney(l.amount)}</dd>
                </div>
              ))}
              <dt className="border-t border-line pt-1 text-ink">{t('order.amount')}</dt>
              <dd className="border-t border-line pt-1 text-right tabular-nums" data-testid="quote-amount">
                {formatMoney(quote.data.amount)}
              </dd>
              <dt className="text-ink">
                {t('order.payAmount')}
                {quote.data.discount < 1 && (
                  <span className="ml-1 text-muted">
                    {t('orderAdd.discount', {
                      rate: Math.round(quote.data.discount * 1000) / 10,
                      off: Math.round((1 - quote.data.discount) * 1000) / 10,
                    })}
                  </span>
                )}
              </dt>
              <dd className="text-right font-semibold text-primary tabular-nums" data-testid="quote-pay">
                {formatMoney(quote.data.payAmount)}
              </dd>
            </dl>
          )}
        </section>
        <div className="space-y-1">
          <label htmlFor="order-add-remark" className="text-muted">
            {label('remark')}
          </label>
          <textarea
            id="order-add-remark"
            className={textareaClass}
            maxLength={20000}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </div>
        {error && (
          <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
            {error}
          </p>
        )}
      </div>
    </DialogFrame>
  );
}
