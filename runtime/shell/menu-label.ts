import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import seededDirs from '../../server/seed/menu-dirs.json';
import { pickLabel, type Language } from '../i18n/index';
import { useEps, type EpsEntry } from '../engine/eps';
import type { MenuRow } from '../engine/menu';

type DirSeed = { name: Record<Language, string>; children?: DirSeed[] };

// The seeded directories' names in three languages come from the same file the server seeds from.
const DIR_NAMES = new Map<string, Record<Language, string>>();
const collect = (list: DirSeed[]) => { for (const d of list) { DIR_NAMES.set(d.name['zh-cn'], d.name); if (d.children) collect(d.children); } };
collect(seededDirs as DirSeed[]);

/** The eps entity a page shows, matched by its router first, then by its viewPath. */
export function entityOfMenu(row: Pick<MenuRow, 'router' | 'viewPath'>, eps: { byRouter: Map<string, EpsEntry>; byViewPath: Map<string, EpsEntry> }): EpsEntry | undefined {
  return (row.router ? eps.byRouter.get(row.router) : undefined) ?? (row.viewPath ? eps.byViewPath.get(row.viewPath) : undefined);
}

/**
 * A menu row's name in the interface language. Names an administrator typed are shown as typed; seeded names
 * (directories, fixed pages, and entity pages still named after their entity's Chinese title) are translated.
 */
export function useMenuLabel(): (row: Pick<MenuRow, 'name' | 'type' | 'router' | 'viewPath'>) => string {
  const { t, i18n } = useTranslation('shell');
  const eps = useEps();
  const lang = i18n.language;
  return useCallback((row) => {
    if (row.type === 0) {
      const dir = DIR_NAMES.get(row.name);
      return dir ? pickLabel(dir, lang) : row.name;
    }
    const fixed = t(`menu.pages.${row.name}`, { defaultValue: '' });
    if (fixed) return fixed;
    const entity = entityOfMenu(row, eps)?.joinery;
    if (entity && entity.title['zh-cn'] === row.name) return pickLabel(entity.title, lang);
    return row.name;
  }, [t, lang, eps]);
}
