import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewGroup } from '../../widgets/view-layouts';
import { DemoFrame } from './demo-frame';

const STORES = [
  {
    id: 1,
    key: 'north',
    stock: [
      ['JY-1001', 120],
      ['JY-2040', 8],
      ['JY-3307', 450],
    ],
  },
  {
    id: 2,
    key: 'south',
    stock: [
      ['JY-1001', 36],
      ['JY-3307', 90],
    ],
  },
  { id: 3, key: 'east', stock: [['JY-2040', 54]] },
  { id: 4, key: 'west', stock: [] },
] as const;

/** Left/right layout: warehouses on the left, the chosen one's stock on the right. */
export default function ViewGroupDemo() {
  const { t } = useTranslation('plugin');
  const [selected, setSelected] = useState<number | string>(1);
  const store = STORES.find((s) => s.id === selected);
  return (
    <DemoFrame hint={t('demo.view.groupHint')}>
      <ViewGroup
        title={t('demo.view.stores')}
        selected={selected}
        onSelect={setSelected}
        items={STORES.map((s) => ({ id: s.id, label: t(`demo.view.store.${s.key}`), hint: String(s.stock.length) }))}
      >
        {store && store.stock.length > 0 ? (
          <table className="w-full text-[13px]">
            <thead>
              <tr className="border-b border-line text-left text-muted">
                <th className="py-1.5 font-medium">{t('demo.print.sku')}</th>
                <th className="py-1.5 font-medium">{t('demo.view.onHand')}</th>
              </tr>
            </thead>
            <tbody>
              {store.stock.map(([sku, n]) => (
                <tr key={sku} className="border-b border-line text-ink">
                  <td className="py-1.5">{sku}</td>
                  <td className="py-1.5">{n}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="py-10 text-center text-[13px] text-muted">{t('demo.view.empty')}</p>
        )}
      </ViewGroup>
    </DemoFrame>
  );
}
