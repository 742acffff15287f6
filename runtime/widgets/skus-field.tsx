import { useTranslation } from 'react-i18next';
import type { FieldProps } from '@rjsf/utils';
import type { FormFieldOptions } from '../engine/eps-form';
import { labelOf } from './label-of';
import { MoneyInput } from './money-input';
import { UploadPicker } from './upload-picker';
import { inputClass, invalidInputClass } from './ui-classes';
import { combinations, comboKey, groupsOf, skuName, skusOf, type Sku } from './sku-shape';

type Prop = {
  type?: unknown;
  'x-money'?: boolean;
  'x-label'?: Parameters<typeof labelOf>[0];
  'x-ui'?: { widget?: string };
};
type Column = { name: string; label: string; kind: 'money' | 'integer' | 'image' | 'text'; maxLength?: number };
type Errors = { __errors?: string[]; [key: string]: unknown };

// An invalid cell is marked by its aria-invalid (a selector that outranks the base border colour).
const cellClass = `${inputClass} h-8 min-w-0 [&[aria-invalid=true]]:border-danger`;

/** The SKU columns a schema's items declare (everything but `specs`), each edited by its kind; money by x-money. */
function columnsOf(schema: FieldProps['schema'], lang: string): Column[] {
  const props = ((schema.items as { properties?: Record<string, Prop> } | undefined)?.properties ?? {}) as Record<
    string,
    Prop & { maxLength?: number }
  >;
  return Object.entries(props)
    .filter(([name]) => name !== 'specs')
    .map(([name, p]) => ({
      name,
      label: p['x-label'] ? labelOf(p['x-label'], lang) : name,
      kind: p['x-money']
        ? 'money'
        : p['x-ui']?.widget === 'image'
          ? 'image'
          : p.type === 'integer'
            ? 'integer'
            : 'text',
      maxLength: p.maxLength,
    }));
}

/**
 * The SKU matrix (x-skus; schemas/README.md): one row per combination of the spec values being edited, each with the
 * SKU's cells — price typed in yuan through the one money input, stock, code, image. A row is offered (stored) once
 * ticked or once something is typed into it; unticking takes it out. Each cell's error is shown under the table
 * naming its SKU and column ("SKU 红色/大 · 价格: …"), the cell pointing at it.
 */
export function SkusField(props: FieldProps) {
  const { t, i18n } = useTranslation('entity');
  const { formData, onChange, fieldPathId, disabled, readonly, errorSchema, uiSchema, schema } = props;
  const options = uiSchema?.['ui:options'] as FormFieldOptions | undefined;
  const groups = groupsOf(options?.groups).filter((g) => g.name !== '' && g.values.length > 0);
  const skus = skusOf(formData);
  const combos = combinations(groups);
  const columns = columnsOf(schema, i18n.language);
  const id = fieldPathId.$id;
  const locked = disabled || readonly;
  const indexOf = new Map(skus.map((s, i) => [comboKey(groups, s.specs), i]));

  /** The SKUs in the matrix's order (what is stored), with one row replaced or removed. */
  const write = (key: string, next: Sku | undefined) => {
    const byKey = new Map(skus.map((s) => [comboKey(groups, s.specs), s]));
    if (next) byKey.set(key, next);
    else byKey.delete(key);
    const ordered = combos.map((c) => byKey.get(comboKey(groups, c))).filter((s): s is Sku => !!s);
    const known = new Set(combos.map((c) => comboKey(groups, c)));
    const rest = [...byKey.entries()].filter(([k]) => !known.has(k)).map(([, s]) => s);
    const all = [...ordered, ...rest];
    onChange(all.length ? all : null, fieldPathId.path);
  };
  const setCell = (combo: Record<string, string>, column: string, value: unknown) => {
    const key = comboKey(groups, combo);
    const at = indexOf.get(key);
    const base: Sku = at !== undefined ? skus[at] : { specs: combo, stock: 0 };
    const next: Sku = { ...base, [column]: value };
    if (value === undefined || value === '') delete (next as Record<string, unknown>)[column];
    write(key, next);
  };

  if (combos.length === 0)
    return (
      <p className="text-[13px] text-muted" id={id} data-sku-matrix="">
        {t('sku.empty')}
      </p>
    );

  const errorsOf = (k: number | undefined, column: string): string[] =>
    k === undefined
      ? []
      : ((((errorSchema as Errors | undefined)?.[k] as Errors | undefined)?.[column] as Errors)?.__errors ?? []);
  const problems: { key: string; text: string }[] = [];
  combos.forEach((combo) => {
    const k = indexOf.get(comboKey(groups, combo));
    if (k === undefined) return;
    const rowErrors = (((errorSchema as Errors | undefined)?.[k] as Errors | undefined)?.__errors ?? []).map((m) =>
      t('sku.rowError', { sku: skuName(groups, combo, k), message: m }),
    );
    rowErrors.forEach((text, n) => {
      problems.push({ key: `${id}-${k}-row-${n}`, text });
    });
    for (const c of [{ name: 'specs', label: t('sku.specs') }, ...columns])
      errorsOf(k, c.name).forEach((m, n) => {
        problems.push({
          key: `${id}-${k}-${c.name}-error${n ? `-${n}` : ''}`,
          text: t('sku.cellError', { sku: skuName(groups, combo, k), column: c.label, message: m }),
        });
      });
  });
  const offered = combos.filter((c) => indexOf.has(comboKey(groups, c))).length;

  return (
    <div id={id} data-sku-matrix="">
      <p className="mb-1.5 text-xs text-muted">{t('sku.count', { offered, total: combos.length })}</p>
      <div className="overflow-x-auto rounded-md border border-line">
        <table className="w-full min-w-[560px] text-left text-[13px]">
          <thead className="bg-subtle text-xs text-muted">
            <tr>
              <th scope="col" className="w-12 px-2 py-1.5 font-medium">
                {t('sku.offered')}
              </th>
              {groups.map((g) => (
                <th key={g.name} scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">
                  {g.name}
                </th>
              ))}
              {columns.map((c) => (
                <th key={c.name} scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {combos.map((combo) => {
              const key = comboKey(groups, combo);
              const k = indexOf.get(key);
              const sku = k !== undefined ? skus[k] : undefined;
              const name = skuName(groups, combo, k ?? 0);
              const rowId = `${id}-${groups.map((g) => groups.indexOf(g) + combo[g.name]).join('-')}`;
              return (
                <tr key={key} className="border-t border-line" data-sku={name} data-offered={sku ? '1' : '0'}>
                  <td className="px-2 py-1.5">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-primary"
                      checked={!!sku}
                      disabled={locked}
                      aria-label={t('sku.offerLabel', { sku: name })}
                      onChange={(e) => write(key, e.target.checked ? { specs: combo, stock: 0 } : undefined)}
                    />
                  </td>
                  {groups.map((g) => (
                    <td key={g.name} className="px-2 py-1.5 whitespace-nowrap text-ink">
                      {combo[g.name]}
                    </td>
                  ))}
                  {columns.map((c) => {
                    const errors = errorsOf(k, c.name);
                    const cellId = `${rowId}-${c.name}`;
                    const aria = {
                      'aria-label': `${name} · ${c.label}`,
                      'aria-invalid': errors.length ? true : undefined,
                      'aria-describedby': errors.length ? `${id}-${k}-${c.name}-error` : undefined,
                    };
                    const bad = errors.length ? invalidInputClass : '';
                    const value = sku?.[c.name as keyof Sku];
                    return (
                      <td key={c.name} className="px-1.5 py-1 align-middle" data-column={c.name}>
                        {c.kind === 'money' ? (
                          <div className="w-28">
                            <MoneyInput
                              id={cellId}
                              value={value}
                              className={`${cellClass} ${bad}`}
                              aria={aria}
                              disabled={locked}
                              onChange={(v) => setCell(combo, c.name, v)}
                            />
                          </div>
                        ) : c.kind === 'image' ? (
                          <UploadPicker
                            id={cellId}
                            label={aria['aria-label']}
                            value={typeof value === 'string' && value ? [value] : []}
                            max={1}
                            accept="image"
                            inline
                            disabled={locked}
                            invalid={errors.length > 0}
                            onChange={(urls) => setCell(combo, c.name, urls[0])}
                          />
                        ) : (
                          <input
                            id={cellId}
                            className={`${cellClass} ${c.kind === 'integer' ? 'w-20 tabular-nums' : 'w-28'} ${bad}`}
                            inputMode={c.kind === 'integer' ? 'numeric' : undefined}
                            value={value === undefined || value === null ? '' : String(value)}
                            maxLength={c.maxLength}
                            disabled={locked}
                            autoComplete="off"
                            {...aria}
                            onChange={(e) => {
                              const text = e.target.value;
                              const n = text.trim() === '' ? undefined : Number(text);
                              setCell(
                                combo,
                                c.name,
                                c.kind === 'integer' ? (n !== undefined && Number.isFinite(n) ? n : text) : text,
                              );
                            }}
                          />
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {problems.length > 0 && (
        <ul className="mt-1.5 flex flex-col gap-0.5 text-xs text-danger" data-sku-errors="">
          {problems.map((p) => (
            <li key={p.key} id={p.key}>
              {p.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
