import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import seededDirs from '../../server/seed/menu-dirs.json';
import { pickLabel, type Language } from '../i18n/index';
import { useEps, type EpsEntry } from '../engine/eps';
import type { MenuRow } from '../engine/menu';

type DirSeed = { key: string; name: Record<Language, string>; children?: DirSeed[] };

// The seeded directories' names in three languages come from the same file the server seeds from, by key.
const DIR_NAMES = new Map<string, Record<Language, string>>();
const collect = (list: DirSeed[]) => {
  for (const d of list) {
    DIR_NAMES.set(d.key, d.name);
    if (d.children) collect(d.children);
  }
};
collect(seededDirs as DirSeed[]);

/** The eps entity a page shows, matched by its router first, then by its viewPath. */
export function entityOfMenu(
  row: Pick<MenuRow, 'router' | 'viewPath'>,
  eps: { byRouter: Map<string, EpsEntry>; byViewPath: Map<string, EpsEntry> },
): EpsEntry | undefined {
  return (
    (row.router ? eps.byRouter.get(row.router) : undefined) ??
    (row.viewPath ? eps.byViewPath.get(row.viewPath) : undefined)
  );
}

const GENERIC_BUTTONS = new Set(['query', 'add', 'update', 'delete']);

/**
 * A menu row's name in the interface language, by the row's name key (seeded rows carry one: dir:<key>,
 * page:<key>, entity:<prefix>, button:<prefix>:<action>[:titled], button:perms). A row without a key — one an
 * administrator named or renamed — is shown as typed; nothing is translated by matching its text.
 */
export function useMenuLabel(): (row: Pick<MenuRow, 'name' | 'nameKey'>) => string {
  const { t, i18n } = useTranslation('shell');
  // The index, not the state object useEps returns afresh each render: the label function stays the same between renders.
  const { byPrefix } = useEps();
  const lang = i18n.language;
  return useCallback(
    (row) => {
      const key = row.nameKey;
      if (!key) return row.name;
      const [kind, ...rest] = key.split(':');
      const value = rest.join(':');
      const entityTitle = (prefix: string) => {
        const title = byPrefix.get(prefix)?.joinery?.title;
        return title ? pickLabel(title, lang) : undefined;
      };
      switch (kind) {
        case 'dir': {
          const names = DIR_NAMES.get(value);
          return names ? pickLabel(names, lang) : row.name;
        }
        case 'page':
          return t(`menu.pages.${value}`, { defaultValue: row.name });
        case 'entity':
          return entityTitle(value) ?? row.name;
        case 'button': {
          if (value === 'perms') return t('menu.buttons.perms');
          const [prefix, action, titled] = rest;
          const button = GENERIC_BUTTONS.has(action)
            ? t(`menu.buttons.${action}`)
            : (() => {
                const hints = byPrefix.get(prefix)?.joinery;
                const named = hints?.actionLabels?.[action];
                if (named) return pickLabel(named, lang);
                const declared = hints?.actions?.find((a) => a.action === action && !a.entity);
                return declared ? pickLabel(declared.label, lang) : undefined;
              })();
          if (!button) return row.name;
          if (titled !== 'titled') return button;
          const title = entityTitle(prefix);
          return title ? t('menu.titledButton', { title, button }) : row.name;
        }
        default:
          return row.name;
      }
    },
    [t, lang, byPrefix],
  );
}
