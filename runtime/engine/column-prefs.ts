/** A user's column layout for one entity: column ids in their order, and the ones they hid or showed. */
export type ColumnPrefs = { order: string[]; hidden: string[]; shown: string[] };

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === 'string');
}

/** Parses a stored preference; anything malformed (an older shape, a hand edit) counts as no preference. */
export function parseColumnPrefs(value: unknown): ColumnPrefs | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (!isStringArray(v.order) || !isStringArray(v.hidden)) return undefined;
  return { order: v.order, hidden: v.hidden, shown: isStringArray(v.shown) ? v.shown : [] };
}

/** The preference key of an entity's columns (the server allows letters, digits and _ . / : -). */
/** Where a user's preferences are read and saved (GET/POST, PROTOCOL §0). */
export const PREF_PATH = '/admin/base/comm/pref';

export const columnPrefKey = (prefix: string) => `columns:${prefix}`;

/** Applies preferences to the default columns: user order first (unknown ids dropped, new columns appended). */
export function applyColumnPrefs<T extends { id: string; visible: boolean }>(
  columns: T[],
  prefs: ColumnPrefs | undefined,
): T[] {
  if (!prefs) return columns;
  const rank = new Map(prefs.order.map((id, i) => [id, i]));
  const hidden = new Set(prefs.hidden);
  const shown = new Set(prefs.shown);
  return columns
    .map((c, i) => ({
      c: { ...c, visible: hidden.has(c.id) ? false : shown.has(c.id) ? true : c.visible },
      r: rank.get(c.id) ?? prefs.order.length + i,
    }))
    .sort((a, b) => a.r - b.r)
    .map((x) => x.c);
}
