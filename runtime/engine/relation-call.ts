/* The call that reads a relation's choices: pure, so a page's first calls can be worked out before React has loaded
 * (boot/page-calls.ts). */

type Row = Record<string, unknown>;

/** The most choices a relation offers (read by its page call when the related entity has no list call). */
export const MAX_OPTIONS = 1000;

/** How a relation's choices are read: by the related entity's list call, else its page call; null if neither. */
export function relationMode(entry: { api: { path: string }[] } | undefined): 'list' | 'page' | null {
  const paths = new Set(entry?.api.map((a) => a.path));
  return paths.has('/list') ? 'list' : paths.has('/page') ? 'page' : null;
}

/** The call that reads a relation's choices: the whole list, or the first page of up to MAX_OPTIONS. */
export function relationCall(mode: 'list' | 'page', filters: Row): { action: 'list' | 'page'; query: Row } {
  return mode === 'list'
    ? { action: 'list', query: filters }
    : { action: 'page', query: { page: 1, size: MAX_OPTIONS, ...filters } };
}
