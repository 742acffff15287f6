import { useCallback } from 'react';
import { matchPath } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMenu } from '../engine/menu';
import { FIXED_ROUTES } from '../screens/view-registry';
import { useMenuLabel } from './menu-label';

/** The title of the page at a pathname (menu page or fixed route), or '' for unknown paths. */
export function usePageTitle(): (pathname: string) => string {
  const { t } = useTranslation('shell');
  const menu = useMenu();
  const label = useMenuLabel();
  return useCallback(
    (pathname: string) => {
      const fixed = FIXED_ROUTES.find((r) => matchPath(r.path, pathname));
      if (fixed) return t(fixed.titleKey);
      const node = menu.byPath.get(pathname);
      return node ? label(node) : '';
    },
    [t, menu.byPath, label],
  );
}
