import { useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, invalidInputClass, textareaClass } from '../../widgets/ui-classes';
import { PrintButton, usePaperLabel } from '../print/print-button';
import { DemoFrame } from './demo-frame';

type Form = { name: string; phone: string; date: string; reason: string };

/** The print plugin with a form: what is typed is checked, then printed as a filled-in sheet. */
export default function PrintFormDemo() {
  const { t } = useTranslation('plugin');
  const sheet = useRef<HTMLDivElement>(null);
  const paper = usePaperLabel();
  const [form, setForm] = useState<Form>({
    name: '',
    phone: '',
    date: new Date().toISOString().slice(0, 10),
    reason: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const set = (k: keyof Form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };
  const check = () => {
    const found: Partial<Record<keyof Form, string>> = {};
    if (!form.name.trim()) found.name = t('demo.print.required');
    if (form.phone && !/^[0-9+\- ]{5,20}$/.test(form.phone)) found.phone = t('demo.print.badPhone');
    if (!form.reason.trim()) found.reason = t('demo.print.required');
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const field = (k: keyof Form, label: string, input: ReactElement) => (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the input element passed in
    <label className="flex flex-col gap-1 text-[13px] text-ink">
      <span>{label}</span>
      {input}
      {errors[k] && (
        <span className="text-[12px] text-danger" role="alert">
          {errors[k]}
        </span>
      )}
    </label>
  );
  return (
    <DemoFrame hint={t('demo.print.formHint')}>
      <div className="grid gap-4 lg:grid-cols-2">
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => e.preventDefault()}
          aria-label={t('demo.print.formTitle')}
        >
          {field(
            'name',
            t('demo.print.name'),
            <input
              className={`${inputClass} ${errors.name ? invalidInputClass : ''}`}
              value={form.name}
              onChange={set('name')}
              aria-invalid={Boolean(errors.name)}
            />,
          )}
          {field(
            'phone',
            t('demo.print.phone'),
            <input
              className={`${inputClass} ${errors.phone ? invalidInputClass : ''}`}
              value={form.phone}
              onChange={set('phone')}
              aria-invalid={Boolean(errors.phone)}
            />,
          )}
          {field(
            'date',
            t('demo.print.date'),
            <input type="date" className={inputClass} value={form.date} onChange={set('date')} />,
          )}
          {field(
            'reason',
            t('demo.print.reason'),
            <textarea
              className={`${textareaClass} ${errors.reason ? invalidInputClass : ''}`}
              value={form.reason}
              onChange={set('reason')}
              aria-invalid={Boolean(errors.reason)}
            />,
          )}
          <div className="flex items-center gap-3">
            <PrintButton target={sheet} title={t('demo.print.formTitle')} onBefore={check} />
            <span className="text-[12px] text-muted">{paper}</span>
          </div>
        </form>
        <div className="rounded-md border border-line bg-subtle p-4">
          <div ref={sheet} className="jy-paper rounded-sm p-6 shadow-panel" data-testid="print-sheet">
            <h1>{t('demo.print.formTitle')}</h1>
            <table>
              <tbody>
                <tr>
                  <th style={{ width: '30%' }}>{t('demo.print.name')}</th>
                  <td>{form.name}</td>
                </tr>
                <tr>
                  <th>{t('demo.print.phone')}</th>
                  <td>{form.phone}</td>
                </tr>
                <tr>
                  <th>{t('demo.print.date')}</th>
                  <td>{form.date}</td>
                </tr>
                <tr>
                  <th>{t('demo.print.reason')}</th>
                  <td style={{ whiteSpace: 'pre-wrap', height: 80, verticalAlign: 'top' }}>{form.reason}</td>
                </tr>
              </tbody>
            </table>
            <p className="jy-paper-muted" style={{ marginTop: 16 }}>
              {t('demo.print.signature')}
            </p>
          </div>
        </div>
      </div>
    </DemoFrame>
  );
}
