import type { ErrorSchema, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../widgets/money';

/** Validation messages in the interface language, for the validator's errors and the server's field details alike. */

type Params = Record<string, unknown>;

function fromKeyword(t: TFunction, keyword: string, params: Params, money: boolean): string | undefined {
  switch (keyword) {
    case 'required':
      return t('validation.required');
    case 'maxLength':
      return t('validation.maxLength', { limit: params.limit });
    case 'minLength':
      return Number(params.limit) <= 1 ? t('validation.required') : t('validation.minLength', { limit: params.limit });
    // A money limit is cents in the schema and yuan on screen, like the amount itself.
    case 'maximum':
      return t('validation.maximum', { limit: money ? formatMoney(params.limit) : params.limit });
    case 'minimum':
      return t('validation.minimum', { limit: money ? formatMoney(params.limit) : params.limit });
    case 'maxItems':
      return t('validation.maxItems', { limit: params.limit });
    case 'type':
      return money ? t('validation.money') : t('validation.type');
    case 'enum':
      return t('validation.enum');
    case 'format':
      if (params.format === 'phone') return t('validation.formatPhone');
      if (params.format === 'email') return t('validation.formatEmail');
      return t('validation.format');
    case 'pattern':
      return t('validation.pattern');
    default:
      return undefined;
  }
}

type Node = { properties?: Record<string, Node>; items?: Node; 'x-money'?: boolean };

/** Whether the value at a path of the form's data (`skuInfo.1.price`) is money by its schema (x-money, nested too). */
export function moneyAt(schema: RJSFSchema | undefined, path: string[]): boolean {
  let node = schema as Node | undefined;
  for (const step of path) {
    if (!node) return false;
    node = /^\d+$/.test(step) ? node.items : node.properties?.[step];
  }
  return node?.['x-money'] === true;
}

/** RJSF errors (ajv) in the interface language; "required" is reported on the field, not on the form. */
export function translateErrors(
  errors: RJSFValidationError[],
  t: TFunction,
  moneyFields: Set<string>,
  schema?: RJSFSchema,
): RJSFValidationError[] {
  return errors.map((e) => {
    const path = (e.property ?? '').replace(/^\./, '').split('.');
    const field = path[0];
    // "required" names the missing property in its params, not in the path.
    const money = moneyFields.has(field) || (path.length > 1 && moneyAt(schema, path));
    const message = fromKeyword(t, e.name ?? '', (e.params ?? {}) as Params, money);
    return message ? { ...e, message, stack: `${field}: ${message}` } : e;
  });
}

type Errors = { __errors?: string[]; [key: string]: unknown };

/**
 * The server's `details` ([{path, message}]) as an RJSF error schema, so each message shows under its field. The
 * server says them in the console's language (the `language` header, its error catalogue): they are shown as sent. A
 * nested path (pics.0) is reported on its top-level field, except in fields that show their cells' errors (`nested`:
 * spec groups and SKUs, `skuInfo.1.price` under that cell); paths the form does not show are returned apart.
 */
export function detailsToErrors(
  details: { path: string; message: string }[],
  shown: Set<string>,
  nested: Set<string> = new Set(),
): { schema: ErrorSchema; other: string[] } {
  const schema: Record<string, Errors> = {};
  const other: string[] = [];
  for (const d of details) {
    const [top, ...rest] = d.path.split('.');
    const text = d.message;
    if (!shown.has(top)) {
      other.push(`${d.path}: ${text}`);
      continue;
    }
    schema[top] = schema[top] ?? {};
    let node: Errors = schema[top];
    if (nested.has(top)) {
      for (const step of rest) {
        node[step] = node[step] ?? {};
        node = node[step] as Errors;
      }
      node.__errors = [...(node.__errors ?? []), text];
      continue;
    }
    node.__errors = [...(node.__errors ?? []), rest.length ? `${rest.join('.')}: ${text}` : text];
  }
  return { schema: schema as ErrorSchema, other };
}
