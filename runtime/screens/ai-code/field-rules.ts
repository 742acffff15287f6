import type { FieldKind } from './proposal-state';

/** The kinds of field that take a length. */
export const LENGTH_KINDS: FieldKind[] = ['string', 'text', 'richtext', 'image'];
/** The kinds of field a dictionary can name the values of. */
export const DICT_KINDS: FieldKind[] = ['string', 'integer'];
/** The kinds of field searched by a from–to range. */
export const RANGE_KINDS: FieldKind[] = ['integer', 'number', 'money', 'date', 'datetime'];
