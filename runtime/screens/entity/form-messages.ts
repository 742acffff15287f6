import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import type { TFunction } from 'i18next';

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
    case 'maximum':
      return t('validation.maximum', { limit: params.limit });
    case 'minimum':
      return t('validation.minimum', { limit: params.limit });
    case 'maxItems':
      return t('validation.maxItems', { limit: params.limit });
    case 'type':
      return money ? t('validation.money') : t('validation.type');
    case 'enum':
      return t('validation.enum');
    case 'format':
      return t('validation.format');
    case 'pattern':
      return t('validation.pattern');
    default:
      return undefined;
  }
}

/** RJSF errors (ajv) in the interface language; "required" is reported on the field, not on the form. */
export function translateErrors(
  errors: RJSFValidationError[],
  t: TFunction,
  moneyFields: Set<string>,
): RJSFValidationError[] {
  return errors.map((e) => {
    const field = (e.property ?? '').replace(/^\./, '').split('.')[0];
    const message = fromKeyword(t, e.name ?? '', (e.params ?? {}) as Params, moneyFields.has(field));
    return message ? { ...e, message, stack: `${field}: ${message}` } : e;
  });
}

const SERVER_PATTERNS: [RegExp, (m: RegExpExecArray, t: TFunction) => string][] = [
  [/^is required$/, (_m, t) => t('validation.required')],
  [/^is already used by another record$/, (_m, t) => t('validation.unique')],
  [/^must NOT have more than (\d+) characters$/, (m, t) => t('validation.maxLength', { limit: m[1] })],
  [
    /^must NOT have fewer than (\d+) characters$/,
    (m, t) => (m[1] === '1' ? t('validation.required') : t('validation.minLength', { limit: m[1] })),
  ],
  [/^must be <= (\S+)$/, (m, t) => t('validation.maximum', { limit: m[1] })],
  [/^must be >= (\S+)$/, (m, t) => t('validation.minimum', { limit: m[1] })],
  [/^must NOT have more than (\d+) items$/, (m, t) => t('validation.maxItems', { limit: m[1] })],
  [/^must be (integer|number|string|boolean|array|object)/, (_m, t) => t('validation.type')],
  [/^must be one of /, (_m, t) => t('validation.enum')],
];

/** A server detail message in the interface language when it is one we know; else the server's own words. */
export function translateServerMessage(message: string, t: TFunction): string {
  for (const [re, text] of SERVER_PATTERNS) {
    const m = re.exec(message);
    if (m) return text(m, t);
  }
  return message;
}

/**
 * The server's `details` ([{path, message}]) as an RJSF error schema, so each message shows under its field. A
 * nested path (pics.0) is reported on its top-level field; paths the form does not show are returned apart.
 */
export function detailsToErrors(
  details: { path: string; message: string }[],
  shown: Set<string>,
  t: TFunction,
): { schema: ErrorSchema; other: string[] } {
  const schema: Record<string, { __errors: string[] }> = {};
  const other: string[] = [];
  for (const d of details) {
    const [top, ...rest] = d.path.split('.');
    const text = translateServerMessage(d.message, t);
    if (!shown.has(top)) {
      other.push(`${d.path}: ${text}`);
      continue;
    }
    schema[top] = schema[top] ?? { __errors: [] };
    schema[top].__errors.push(rest.length ? `${rest.join('.')}: ${text}` : text);
  }
  return { schema: schema as ErrorSchema, other };
}
