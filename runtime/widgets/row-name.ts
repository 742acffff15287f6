import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuLabel } from '../shell/menu-label';

type Row = Record<string, unknown>;

/** The field a row's name key translates (menu rows carry `nameKey`, see the menu schema). */
export const KEYED_NAME_FIELD = 'name';

/** Whether a row is named by a key: it carries a non-empty `nameKey` (seeded menu rows until an admin renames them). */
export function isKeyedRow(row: Row | undefined): row is Row & { nameKey: string } {
  return !!row && typeof row.nameKey === 'string' && row.nameKey !== '';
}

/** The row's own name in a language, from an `i18n` object of names per language (dictionary items), if it has one. */
export function ownTranslation(row: Row | undefined, language: string): string | undefined {
  const names = row?.i18n;
  if (!names || typeof names !== 'object' || Array.isArray(names)) return undefined;
  const name = (names as Row)[language];
  return typeof name === 'string' && name.trim() !== '' ? name : undefined;
}

/** Whether a row's name is shown otherwise than stored: named by a key, or carrying its own translations. */
export function isTranslatedRow(row: Row | undefined): boolean {
  return isKeyedRow(row) || (!!row && !!row.i18n && typeof row.i18n === 'object' && !Array.isArray(row.i18n));
}

/**
 * A row's name as the interface shows it: a row named by a key gets the key's name in the interface language,
 * the same name the sidebar, tabs and breadcrumb give it; a row carrying its own names per language (`i18n`,
 * dictionary items) the one of the interface language; any other row, or one without that language, its stored
 * name (`fallback`).
 */
export function useRowName(): (row: Row | undefined, fallback: string) => string {
  const menuLabel = useMenuLabel();
  // The shell's namespace, as useMenuLabel (already loaded with the shell). Asking for the default namespace here hung
  // the product form when the language was switched with it open (entity-list browser test); not understood further.
  const { i18n } = useTranslation('shell');
  const language = i18n.language;
  return useCallback(
    (row, fallback) =>
      isKeyedRow(row)
        ? menuLabel({ name: typeof row.name === 'string' ? row.name : fallback, nameKey: row.nameKey })
        : (ownTranslation(row, language) ?? fallback),
    [menuLabel, language],
  );
}
