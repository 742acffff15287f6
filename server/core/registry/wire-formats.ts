/**
 * The string formats entity schemas may name (schemas/entity.schema.json, `format`), checked alike by the server
 * (schema-validator.ts) and by the console's forms (http/form-validators.ts compiles them into the page's code).
 * - date-time: 'YYYY-MM-DD HH:mm:ss' (ISO also accepted); date: 'YYYY-MM-DD';
 * - phone: digits with an optional leading +, spaces or hyphens between them, 6–20 characters (+86 138-0000-0000);
 * - email: name@domain.tld.
 * phone and email also take the empty string: an optional contact field left empty is sent as "" by the original
 * client and the person centre, and means "none": where the column takes null it is stored as null (input-validation.ts
 * emptyAsNone), so records without one never collide on a unique column.
 */
export const WIRE_FORMATS: Record<string, RegExp> = {
  'date-time': /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  phone: /^(?:\+?\d[\d -]{4,18}\d)?$/,
  email: /^(?:[^\s@]{1,64}@[^\s@.]{1,63}(?:\.[^\s@.]{1,63})+)?$/,
};
