import { useCallback } from 'react';
import { useMenuLabel } from '../shell/menu-label';

type Row = Record<string, unknown>;

/** The field a row's name key translates (menu rows carry `nameKey`, see the menu schema). */
export const KEYED_NAME_FIELD = 'name';

/** Whether a row is named by a key: it carries a non-empty `nameKey` (seeded menu rows until an admin renames them). */
export function isKeyedRow(row: Row | undefined): row is Row & { nameKey: string } {
  return !!row && typeof row.nameKey === 'string' && row.nameKey !== '';
}

/**
 * A row's name as the interface shows it: a row named by a key gets the key's name in the interface language,
 * the same name the sidebar, tabs and breadcrumb give it; any other row its stored name (`fallback`).
 */
export function useRowName(): (row: Row | undefined, fallback: string) => string {
  const menuLabel = useMenuLabel();
  return useCallback(
    (row, fallback) => (isKeyedRow(row) ? menuLabel({ name: typeof row.name === 'string' ? row.name : fallback, nameKey: row.nameKey }) : fallback),
    [menuLabel],
  );
}
