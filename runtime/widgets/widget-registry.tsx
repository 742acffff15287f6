import type { RegistryFieldsType, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { type ComponentType, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellKind, FieldKind } from './field-kind';
import type { CellProps } from './cells';
import { cellRegistry } from './cell-registry';
import {
  DateWidget,
  HiddenWidget,
  MoneyWidget,
  NumberWidget,
  SwitchWidget,
  TextareaWidget,
  TextWidget,
  epsOptions,
  fieldAria,
  invalid,
} from './form-widgets';
import { RadioWidget, SelectWidget, ToneWidget } from './choice-widgets';
import { ImagesWidget, MediaWidget } from './media-widgets';
import { RichTextWidget } from './richtext-widget';
import { CronWidget } from './cron-widget';
import { CheckTreeWidget } from './check-tree';
import { RelationPicker } from './relation-picker';
import { matchFilters } from './relation-options';
import { JsonField, type JsonFormContext } from './json-field';
import { SpecsField } from './specs-field';
import { SkusField } from './skus-field';
import { SkuSpecsField } from './sku-specs-field';
import type { EpsField } from '../engine/eps';
import { IconPicker } from './icon-picker';
import { PermsWidget } from './perms-picker';
import { ViewPathWidget } from './view-path-picker';

/** A menu icon chosen from the console's set. */
function IconWidget(props: WidgetProps) {
  return (
    <IconPicker
      id={props.id}
      value={typeof props.value === 'string' ? props.value : ''}
      invalid={invalid(props)}
      onChange={(icon) => props.onChange(icon || null)}
    />
  );
}

/** The name the record joined in for the id it holds (`fields` alias of the label column), by that id. */
function joinedNames(field: EpsField, record: Record<string, unknown> | undefined): Map<string, string> | undefined {
  const ref = field.ref;
  const id = record?.[field.name];
  if (!ref?.fields || id === null || id === undefined || Array.isArray(id)) return undefined;
  const label = ref.label ?? 'name';
  const alias = Object.keys(ref.fields).find((a) => ref.fields?.[a] === label);
  const name = alias ? record?.[alias] : undefined;
  return typeof name === 'string' && name !== '' ? new Map([[String(id), name]]) : undefined;
}

function RelationWidget(props: WidgetProps) {
  const eps = epsOptions(props)?.eps;
  if (!eps?.ref) return <TextWidget {...props} />;
  return <RelationField {...props} eps={{ ...eps, ref: eps.ref }} />;
}

/** A relation in a form; one matched on other fields is cleared when they change (another member, other addresses). */
function RelationField(props: WidgetProps & { eps: EpsField & { ref: NonNullable<EpsField['ref']> } }) {
  const { eps } = props;
  const { t } = useTranslation('entity');
  const multiple =
    eps.ref.multiple === true ||
    props.schema.type === 'array' ||
    (Array.isArray(props.schema.type) && props.schema.type.includes('array'));
  const context = props.registry.formContext as JsonFormContext | undefined;
  const record = context?.record;
  // A relation matched on other fields (an order's address on its member) follows their values as they are edited.
  const match = eps.ref.match;
  const values = match ? context?.values : undefined;
  const firstLabel = match ? context?.labels?.[Object.values(match)[0]] : undefined;
  const matched = JSON.stringify(matchFilters(eps.ref, values) ?? null);
  const previous = useRef(matched);
  const { onChange, value } = props;
  useEffect(() => {
    if (previous.current === matched) return;
    previous.current = matched;
    if (value !== undefined && value !== null) onChange(undefined);
  }, [matched, value, onChange]);
  return (
    <RelationPicker
      id={props.id}
      refTo={eps.ref}
      value={props.value}
      multiple={multiple}
      disabled={props.disabled || props.readonly}
      invalid={invalid(props)}
      required={props.required}
      describedBy={fieldAria(props)['aria-describedby']}
      placeholder={props.placeholder}
      knownNames={joinedNames(eps, record)}
      values={values}
      waitingText={firstLabel ? t('form.chooseFirst', { label: firstLabel }) : undefined}
      onChange={(v) => props.onChange(v)}
    />
  );
}

/**
 * THE widget registry: one place that says how each kind of field is shown in a table cell and edited in a form.
 * Screens never pick widgets themselves; eps-columns and eps-form name a kind, this maps it.
 */
export const widgetRegistry: {
  cells: Record<CellKind, ComponentType<CellProps>>;
  forms: Record<Exclude<FieldKind, 'json' | 'specs' | 'skus' | 'skuSpecs'>, ComponentType<WidgetProps>>;
  /** Kinds whose value is structured: RJSF fields, not widgets (eps-form FIELD_KINDS). */
  fields: Pick<RegistryFieldsType, 'json' | 'specs' | 'skus' | 'skuSpecs'>;
} = {
  cells: cellRegistry,
  forms: {
    text: TextWidget,
    password: TextWidget,
    textarea: TextareaWidget,
    number: NumberWidget,
    money: MoneyWidget,
    switch: SwitchWidget,
    select: SelectWidget,
    radio: RadioWidget,
    date: DateWidget,
    datetime: DateWidget,
    image: MediaWidget,
    file: MediaWidget,
    video: MediaWidget,
    images: ImagesWidget,
    relation: RelationWidget,
    richtext: RichTextWidget,
    cron: CronWidget,
    'tree-check': CheckTreeWidget,
    icon: IconWidget,
    perms: PermsWidget,
    'view-path': ViewPathWidget,
    tone: ToneWidget,
    hidden: HiddenWidget,
  },
  fields: { json: JsonField, specs: SpecsField, skus: SkusField, skuSpecs: SkuSpecsField },
};

/** The form widgets in the shape RJSF's `widgets` prop takes. */
export const rjsfWidgets: RegistryWidgetsType = widgetRegistry.forms;
