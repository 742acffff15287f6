import { CODE, defineErrors, type ProtocolCode, same, type Texts } from './define.js';

/**
 * The helpers of before the catalogue, kept only while the code written beside it (AI-code evolve, shop flows,
 * admin screens, history) is converted to entries of its own (issue 26). Every file still calling them is listed in
 * `UNCONVERTED_FILES` of server/test/error-catalogue.test.ts, which fails on any other file that does: do not add
 * new calls. A text given as one string is sent as it is in every language.
 */
export const UNCONVERTED = defineErrors({
  UNCONVERTED_BAD_REQUEST: { status: 400, texts: same('{reason}') },
  UNCONVERTED_REFUSED: { status: 400, code: CODE.commFail, texts: same('{reason}') },
  UNCONVERTED_FORBIDDEN: { status: 403, texts: same('{reason}') },
  UNCONVERTED_NOT_FOUND: { status: 404, texts: same('{reason}') },
  UNCONVERTED_CONFLICT: { status: 409, texts: same('{reason}') },
  UNCONVERTED_TOO_LARGE: { status: 413, texts: same('{reason}') },
  UNCONVERTED_TOO_MANY: { status: 429, texts: same('{reason}') },
  UNCONVERTED_FAILED: { status: 500, code: CODE.coreFail, texts: same('{reason}') },
});

export type OldMessage = string | Texts;
export type OldIssue = { path: string; message: string | Texts };

const BY_STATUS: Record<number, keyof typeof UNCONVERTED> = {
  400: 'UNCONVERTED_BAD_REQUEST',
  403: 'UNCONVERTED_FORBIDDEN',
  404: 'UNCONVERTED_NOT_FOUND',
  409: 'UNCONVERTED_CONFLICT',
  413: 'UNCONVERTED_TOO_LARGE',
  429: 'UNCONVERTED_TOO_MANY',
};

export function entryOf(status: number, code?: ProtocolCode) {
  if (status === 400 && code === CODE.commFail) return UNCONVERTED.UNCONVERTED_REFUSED;
  return UNCONVERTED[BY_STATUS[status] ?? 'UNCONVERTED_FAILED'];
}
export const textsOf = (m: OldMessage): Texts => (typeof m === 'string' ? same(m) : m);
export const issuesOf = (details?: OldIssue[]) => details?.map((d) => ({ path: d.path, message: textsOf(d.message) }));
