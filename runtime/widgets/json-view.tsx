import type { EpsField } from '../engine/eps';
import type { ColumnSpec } from '../engine/eps-columns';
import { cellKind } from './field-kind';
import { cellRegistry } from './cell-registry';
import { labelOf } from './label-of';
import { ImageThumbs } from './media-thumbs';
import { formatMoney } from './money';

type Column = NonNullable<EpsField['columns']>[number];
type Row = Record<string, unknown>;

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const IMAGE_URL = /^(https?:\/\/|\/)[^\s]+\.(png|jpe?g|gif|webp|svg|avif)(\?.*)?$/i;

function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Cell({ value, column }: { value: unknown; column: Column }) {
  if (value === null || value === undefined || value === '') return <span className="text-faint">—</span>;
  if (column.image || (typeof value === 'string' && IMAGE_URL.test(value)))
    return <ImageThumbs value={value} size={32} />;
  if (column.money) return <span className="whitespace-nowrap tabular-nums">{formatMoney(value)}</span>;
  if (isRow(value) && Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number')) {
    // A flat record such as a SKU's specs: "颜色: 胡桃色 · 尺寸: 1.8m".
    return (
      <span>
        {Object.entries(value)
          .map(([k, v]) => `${k}: ${String(v)}`)
          .join(' · ')}
      </span>
    );
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return <span>{value.join(', ')}</span>;
  if (typeof value === 'object') return <code className="font-mono text-xs text-muted">{JSON.stringify(value)}</code>;
  return <span className={typeof value === 'number' ? 'tabular-nums' : undefined}>{String(value)}</span>;
}

/** Rows of another entity (the recycle bin's deleted rows) with that entity's labels and table cells. */
export function EntityRowsView({ rows, fields, lang }: { rows: Row[]; fields: EpsField[]; lang: string }) {
  const shown = fields.filter((f) => !f.secret && f.list !== false && rows.some((r) => r[f.name] !== undefined));
  return (
    <div className="max-h-72 overflow-auto rounded-md border border-line" data-json="rows">
      <table className="w-full text-left text-xs">
        <thead className="bg-subtle text-muted">
          <tr>
            {shown.map((f) => (
              <th key={f.name} className="px-2 py-1.5 font-medium whitespace-nowrap">
                {labelOf(f.label, lang)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t border-line">
              {shown.map((f) => {
                const kind = cellKind(f);
                const Cell = cellRegistry[kind];
                const column = {
                  id: f.name,
                  label: '',
                  field: f,
                  cell: kind,
                  accessor: f.name,
                  sortable: false,
                  visible: true,
                  order: 0,
                } satisfies ColumnSpec;
                return (
                  <td key={f.name} className="max-w-60 px-2 py-1.5 align-middle">
                    <Cell value={r[f.name]} row={{ id: Number(r.id ?? i), ...r }} column={column} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A JSON value shown for people: a list of records as a small table (the schema's columns — labels, money in yuan,
 * images — or the records' own keys), one record as label/value pairs, anything else as formatted JSON.
 */
export function JsonView({ value, field, lang }: { value: unknown; field: EpsField; lang: string }) {
  if (Array.isArray(value) && value.length === 0) return <span className="text-faint">—</span>;
  const rows = Array.isArray(value) && value.length > 0 && value.every(isRow) ? value : isRow(value) ? [value] : null;
  if (!rows)
    return (
      <pre className="max-h-48 overflow-auto rounded-md bg-subtle p-2 font-mono text-xs whitespace-pre-wrap text-ink">
        {JSON.stringify(value, null, 2)}
      </pre>
    );
  const columns: Column[] = field.columns?.length
    ? field.columns
    : [...new Set(rows.flatMap((r) => Object.keys(r)))].map((name) => ({ name }));
  const title = (c: Column) => (c.label ? labelOf(c.label, lang) : humanize(c.name));
  if (!Array.isArray(value)) {
    return (
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1" data-json="object">
        {columns.map((c) => (
          <div key={c.name} className="contents">
            <dt className="text-muted">{title(c)}</dt>
            <dd className="min-w-0">
              <Cell value={rows[0][c.name]} column={c} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <div className="max-h-64 overflow-auto rounded-md border border-line" data-json="table">
      <table className="w-full text-left text-xs">
        <thead className="bg-subtle text-muted">
          <tr>
            {columns.map((c) => (
              <th key={c.name} className="px-2 py-1.5 font-medium whitespace-nowrap">
                {title(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t border-line">
              {columns.map((c) => (
                <td key={c.name} className="px-2 py-1.5 align-middle">
                  <Cell value={r[c.name]} column={c} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
