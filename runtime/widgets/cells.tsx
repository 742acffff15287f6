import { useTranslation } from 'react-i18next';
import type { ComponentType } from 'react';
import type { CellKind } from './field-kind';
import type { ColumnSpec } from '../engine/eps-columns';
import type { EntityRow } from '../engine/use-entity-list';
import { DictTag, Tag } from './dict-tag';
import { FileLink, ImageThumbs } from './media-thumbs';
import { formatMoney } from './money';
import { formatDate } from './format-date';
import { tagTone } from './ui-classes';
import { useRelationOptions } from './relation-options';
import { useEps } from '../engine/eps';
import { labelOf } from './label-of';
import { hasIcon, Icon } from '../shell/icons';
import { isTranslatedRow, KEYED_NAME_FIELD, useRowName } from './row-name';
import { htmlText } from './html-text';
import { SkusCell, SpecsCell } from './sku-cells';

export type CellProps = { value: unknown; row: EntityRow; column: ColumnSpec };

const Empty = () => <span className="text-faint">—</span>;
const blank = (v: unknown) => v === null || v === undefined || v === '';

/** A name the row carries a key for (seeded menu rows): shown in the interface language, stored name on hover. */
function KeyedNameCell({ value, row }: CellProps) {
  const rowName = useRowName();
  const stored = blank(value) ? '' : String(value);
  const shown = rowName(row, stored);
  return (
    <span className="block truncate" title={shown !== stored ? stored : undefined}>
      {shown}
    </span>
  );
}

function TextCell({ value, row, column }: CellProps) {
  if (column.field.name === KEYED_NAME_FIELD && isTranslatedRow(row))
    return <KeyedNameCell value={value} row={row} column={column} />;
  if (blank(value)) return <Empty />;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return (
    <span className="block truncate" title={text.length > 20 ? text : undefined}>
      {text}
    </span>
  );
}

function NumberCell({ value }: CellProps) {
  if (blank(value)) return <Empty />;
  return <span className="tabular-nums">{String(value)}</span>;
}

function MoneyCell({ value }: CellProps) {
  if (blank(value)) return <Empty />;
  return <span className="whitespace-nowrap tabular-nums font-medium">{formatMoney(value)}</span>;
}

function DictCell({ value, column }: CellProps) {
  return column.field.dict ? (
    <DictTag dict={column.field.dict} value={value} />
  ) : (
    <TextCell value={value} row={{ id: 0 }} column={column} />
  );
}

/** An enum without a dictionary: the value itself; colour names (dictionary colours) are shown in their colour. */
function EnumCell({ value }: CellProps) {
  if (blank(value)) return <Empty />;
  const text = String(value);
  return <Tag color={tagTone[text] ? text : undefined}>{text}</Tag>;
}

function BoolCell({ value }: CellProps) {
  const { t } = useTranslation('entity');
  if (blank(value)) return <Empty />;
  const on = value === true || value === 1 || value === '1' || value === 'true';
  return <Tag color={on ? 'success' : 'info'}>{on ? t('bool.yes') : t('bool.no')}</Tag>;
}

const DateCell = ({ value }: CellProps) =>
  blank(value) ? <Empty /> : <span className="whitespace-nowrap tabular-nums">{formatDate(value, false)}</span>;
const DateTimeCell = ({ value }: CellProps) =>
  blank(value) ? (
    <Empty />
  ) : (
    <span className="whitespace-nowrap tabular-nums text-muted">{formatDate(value, true)}</span>
  );

function RelationCell(props: CellProps) {
  const { value, column } = props;
  const { byPrefix } = useEps();
  // A related entity whose rows carry their names per language (dictionary types) is named from its options, which
  // are translated (row-name.ts); the joined name is the stored one.
  const target = column.field.ref ? byPrefix.get(column.field.ref.entity) : undefined;
  const translated = !!target?.joinery?.fields.some((f) => f.name === 'i18n');
  // A joined name is shown as it is: no options hook for it (a page of rows draws one such cell a row).
  if (!blank(value) && column.rawKey && !translated) return <span className="block truncate">{String(value)}</span>;
  return <RelationNames {...props} />;
}

/** Without a joined name (a multiple relation, or no join declared) the names come from the related entity's options. */
function RelationNames({ value, row, column }: CellProps) {
  const { options } = useRelationOptions(column.field.ref);
  const raw = column.rawKey ? row[column.rawKey] : value;
  if (blank(raw)) return <Empty />;
  const ids = Array.isArray(raw) ? raw : [raw];
  const names = ids.map((v) => options.find((o) => String(o.value) === String(v))?.label);
  if (names.every(Boolean))
    return (
      <span className="block truncate" title={names.join(', ')}>
        {names.join(', ')}
      </span>
    );
  return <span className="block truncate text-muted">{ids.map((v, i) => names[i] ?? `#${String(v)}`).join(', ')}</span>;
}

type Flat = Record<string, string | number | boolean>;
const isPlain = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isFlat = (v: unknown): v is Flat =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(isPlain);
/** A flat record as text: a {name, value} pair as "name: value", any other as its "key: value" parts. */
const flatText = (r: Flat) => {
  const keys = Object.keys(r);
  if (keys.length === 2 && 'name' in r && 'value' in r) return `${String(r.name)}: ${String(r.value)}`;
  return keys.map((k) => `${k}: ${String(r[k])}`).join(', ');
};

/** JSON as a person reads it where its shape allows (a list, a record, a list of name/value pairs), else as JSON. */
export function jsonText(value: unknown): { text: string; readable: boolean } {
  if (Array.isArray(value) && value.every(isPlain)) return { text: value.join(', '), readable: true };
  if (isFlat(value)) return { text: flatText(value), readable: true };
  if (Array.isArray(value) && value.every(isFlat)) return { text: value.map(flatText).join(' · '), readable: true };
  return { text: JSON.stringify(value), readable: false };
}

function JsonCell({ value }: CellProps) {
  if (blank(value) || (Array.isArray(value) && value.length === 0)) return <Empty />;
  const { text, readable } = jsonText(value);
  if (readable)
    return (
      <span className="block truncate" title={text.length > 20 ? text.slice(0, 500) : undefined}>
        {text}
      </span>
    );
  return (
    <code className="block truncate font-mono text-xs text-muted" title={text.slice(0, 500)}>
      {text}
    </code>
  );
}

/** Rich text shown as its plain text (the cell never renders the markup). */
function RichTextCell({ value }: CellProps) {
  if (blank(value)) return <Empty />;
  return <span className="block truncate">{htmlText(String(value))}</span>;
}

/** An entity prefix (base/sys/user) shown as that entity's title in the interface language. */
function EntityCell({ value }: CellProps) {
  const { byPrefix } = useEps();
  const { i18n } = useTranslation();
  if (blank(value)) return <Empty />;
  const title = byPrefix.get(String(value))?.joinery?.title;
  return (
    <span className="block truncate" title={String(value)}>
      {title ? labelOf(title, i18n.language) : String(value)}
    </span>
  );
}

/** A menu icon drawn as the sidebar draws it, its name on hover; a name the console has no drawing for, as text. */
function IconCell({ value }: CellProps) {
  if (blank(value)) return <Empty />;
  const name = String(value);
  if (!hasIcon(name)) return <span className="block truncate text-muted">{name}</span>;
  return (
    <span className="inline-flex text-muted" title={name} data-icon={name}>
      <Icon name={name} size={16} />
    </span>
  );
}

/** A colour name (primary, success, warning, danger, info, or a CSS colour) shown as a tag of that colour. */
function ToneCell({ value }: CellProps) {
  if (blank(value)) return <Empty />;
  return <Tag color={String(value)}>{String(value)}</Tag>;
}

/** The table half of the widget registry: how each cell kind is shown. */
export const cellWidgets: Record<CellKind, ComponentType<CellProps>> = {
  text: TextCell,
  number: NumberCell,
  money: MoneyCell,
  dict: DictCell,
  enum: EnumCell,
  bool: BoolCell,
  date: DateCell,
  datetime: DateTimeCell,
  image: ({ value }) => <ImageThumbs value={value} />,
  images: ({ value }) => <ImageThumbs value={value} />,
  file: ({ value }) => <FileLink value={value} />,
  video: ({ value }) => <FileLink value={value} video />,
  relation: RelationCell,
  json: JsonCell,
  richtext: RichTextCell,
  entity: EntityCell,
  icon: IconCell,
  tone: ToneCell,
  specs: SpecsCell,
  skus: SkusCell,
};
