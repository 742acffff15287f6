import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RelationPicker } from '../../widgets/relation-picker';
import { useRelationOptions } from '../../widgets/relation-options';
import { formatMoney } from '../../widgets/money';
import { buttonClass, inputClass } from '../../widgets/ui-classes';
import { productSkus } from './product-skus';

/** One line being written: the product, its SKU (by the picker's key) and the quantity as typed. */
export type DraftLine = { key: number; goodId?: number; sku?: string; quantity: string };

const PRODUCT_REF = { entity: 'product/info', label: 'name', detail: ['code'] };

/** The body line the server takes, or undefined while the line is not complete. */
export function lineBody(
  line: DraftLine,
  products: Map<string, Record<string, unknown>>,
): { goodId: number; quantity: number; specs?: Record<string, string>; skuCode?: string } | undefined {
  const quantity = Number(line.quantity);
  if (line.goodId === undefined || !Number.isInteger(quantity) || quantity < 1 || quantity > 9999) return undefined;
  const skus = productSkus(products.get(String(line.goodId)));
  if (skus.length === 0) return { goodId: line.goodId, quantity };
  const sku = skus.find((s) => s.key === line.sku);
  if (!sku) return undefined;
  return { goodId: line.goodId, quantity, ...(sku.code ? { skuCode: sku.code } : { specs: sku.specs }) };
}

/** The product rows the pickers offer, by id (their SKUs and prices). */
export function useProducts(): Map<string, Record<string, unknown>> {
  const { options } = useRelationOptions(PRODUCT_REF);
  return new Map(options.map((o) => [String(o.value), o.row ?? {}]));
}

/** The order's lines: a product, its SKU when it has SKUs, and a quantity each; lines added and removed. */
export function OrderLinesEditor({
  lines,
  products,
  onChange,
}: {
  lines: DraftLine[];
  products: Map<string, Record<string, unknown>>;
  onChange: (lines: DraftLine[]) => void;
}) {
  const { t } = useTranslation('entity');
  const base = useId();
  const set = (key: number, patch: Partial<DraftLine>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  return (
    <fieldset className="space-y-2" data-testid="order-lines">
      <legend className="mb-1 text-[13px] font-medium text-ink">{t('orderAdd.lines')}</legend>
      {lines.map((line, i) => {
        const skus = productSkus(products.get(String(line.goodId)));
        const product = products.get(String(line.goodId));
        const id = `${base}-${line.key}`;
        return (
          <div
            key={line.key}
            className="grid grid-cols-[1fr_auto] gap-2 rounded-md border border-line p-2 sm:grid-cols-[2fr_1.5fr_90px_auto]"
            data-testid="order-line"
          >
            <div className="col-span-2 min-w-0 sm:col-span-1">
              <label htmlFor={`${id}-p`} className="sr-only">
                {t('orderAdd.product', { n: i + 1 })}
              </label>
              <RelationPicker
                id={`${id}-p`}
                refTo={PRODUCT_REF}
                value={line.goodId}
                placeholder={t('orderAdd.product', { n: i + 1 })}
                onChange={(v) => set(line.key, { goodId: v === undefined ? undefined : Number(v), sku: undefined })}
              />
            </div>
            <div className="min-w-0">
              <label htmlFor={`${id}-s`} className="sr-only">
                {t('orderAdd.sku', { n: i + 1 })}
              </label>
              <select
                id={`${id}-s`}
                className={inputClass}
                value={line.sku ?? ''}
                disabled={skus.length === 0}
                onChange={(e) => set(line.key, { sku: e.target.value || undefined })}
              >
                <option value="">
                  {line.goodId === undefined
                    ? t('orderAdd.skuFirst')
                    : skus.length === 0
                      ? `${t('orderAdd.noSku')} · ${formatMoney(product?.price)}`
                      : t('orderAdd.chooseSku')}
                </option>
                {skus.map((s) => (
                  <option key={s.key} value={s.key}>
                    {`${s.label} · ${formatMoney(s.price)}`}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-q`} className="sr-only">
                {t('orderAdd.quantity', { n: i + 1 })}
              </label>
              <input
                id={`${id}-q`}
                className={inputClass}
                type="number"
                min={1}
                max={9999}
                step={1}
                inputMode="numeric"
                value={line.quantity}
                onChange={(e) => set(line.key, { quantity: e.target.value })}
              />
            </div>
            <button
              type="button"
              className={buttonClass.linkDanger}
              disabled={lines.length === 1}
              onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
              aria-label={t('orderAdd.removeLine', { n: i + 1 })}
            >
              {t('action.remove')}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className={buttonClass.default}
        onClick={() => onChange([...lines, { key: Math.max(0, ...lines.map((l) => l.key)) + 1, quantity: '1' }])}
      >
        <span aria-hidden="true">+</span> {t('orderAdd.addLine')}
      </button>
    </fieldset>
  );
}
