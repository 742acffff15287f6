import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PrintButton, usePaperLabel } from '../print/print-button';
import { DemoFrame } from './demo-frame';
import { formatMoney } from '../../widgets/money';

const LINES = [
  { sku: 'JY-1001', qty: 2, price: 12900 },
  { sku: 'JY-2040', qty: 1, price: 89900 },
  { sku: 'JY-3307', qty: 5, price: 1990 },
];

/** The print plugin's basic use: a block of the page (a delivery note) printed on its own, or saved as PDF. */
export default function PrintBasicDemo() {
  const { t } = useTranslation('plugin');
  const sheet = useRef<HTMLDivElement>(null);
  const paper = usePaperLabel();
  // Prices in cents, shown as every money amount of the console is (widgets/money.ts).
  const money = formatMoney;
  const total = LINES.reduce((s, l) => s + l.qty * l.price, 0);
  return (
    <DemoFrame hint={t('demo.print.basicHint')}>
      <div className="mb-3 flex items-center gap-3">
        <PrintButton target={sheet} title={t('demo.print.noteTitle')} />
        <span className="text-[12px] text-muted">{paper}</span>
      </div>
      <div className="rounded-md border border-line bg-subtle p-4">
        <div ref={sheet} className="jy-paper mx-auto max-w-xl rounded-sm p-6 shadow-panel" data-testid="print-sheet">
          <h1>{t('demo.print.noteTitle')}</h1>
          <p className="jy-paper-muted">{t('demo.print.noteNo')} DN-20260315-0042 · 2026-03-15</p>
          <h2>{t('demo.print.items')}</h2>
          <table>
            <thead>
              <tr>
                <th>{t('demo.print.sku')}</th>
                <th>{t('demo.print.qty')}</th>
                <th>{t('demo.print.price')}</th>
                <th>{t('demo.print.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {LINES.map((l) => (
                <tr key={l.sku}>
                  <td>{l.sku}</td>
                  <td>{l.qty}</td>
                  <td>{money(l.price)}</td>
                  <td>{money(l.qty * l.price)}</td>
                </tr>
              ))}
              <tr>
                <td colSpan={3}>
                  <strong>{t('demo.print.total')}</strong>
                </td>
                <td>
                  <strong>{money(total)}</strong>
                </td>
              </tr>
            </tbody>
          </table>
          <p className="jy-paper-muted" style={{ marginTop: 16 }}>
            {t('demo.print.signature')}
          </p>
        </div>
      </div>
    </DemoFrame>
  );
}
