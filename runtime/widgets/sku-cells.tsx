import { useTranslation } from 'react-i18next';
import type { CellProps } from './cells';
import { formatMoney } from './money';
import { groupsOf, skuSummary } from './sku-shape';

/** Spec groups in a table cell: "尺寸: 1.6m, 1.8m · 漆面: 哑光". */
export function SpecsCell({ value }: CellProps) {
  const groups = groupsOf(value).filter((g) => g.name !== '');
  if (groups.length === 0) return <span className="text-faint">—</span>;
  const text = groups.map((g) => `${g.name}: ${g.values.join(', ')}`).join(' · ');
  return (
    <span className="block truncate" title={text}>
      {text}
    </span>
  );
}

/** SKUs in a table cell: the price range in yuan (¥a–¥b, one price when they agree) over the total stock. */
export function SkusCell({ value }: CellProps) {
  const { t } = useTranslation('entity');
  const summary = skuSummary(value);
  if (!summary) return <span className="text-faint">—</span>;
  const range =
    summary.min === summary.max ? formatMoney(summary.min) : `${formatMoney(summary.min)}–${formatMoney(summary.max)}`;
  return (
    <span className="flex flex-col leading-tight" data-sku-summary="">
      <span className="whitespace-nowrap font-medium tabular-nums" data-price-range="">
        {range}
      </span>
      <span className="whitespace-nowrap text-xs text-muted tabular-nums" data-total-stock="">
        {t('sku.totalStock', { count: summary.stock })}
      </span>
    </span>
  );
}
