import { createElement, useLayoutEffect } from 'react';
import { dropTab } from '../engine/tabs';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMenu } from '../engine/menu';
import { useEps } from '../engine/eps';
import { canRead } from '../engine/list-call';
import { EntityScreen, HomeScreen, resolveView } from '../screens/view-registry';
import { ErrorScreen } from '../screens/errors/error-screen';
import { FrameScreen } from '../screens/fixed/frame-screen';
import { PageLoading } from './loading';
import { useMenuLabel } from './menu-label';

function LoadFailed({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-sm text-muted">
      <p>{error.message}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-md border border-line bg-surface px-3 py-1.5 text-ink hover:bg-hover"
      >
        {t('actions.retry')}
      </button>
    </div>
  );
}

/** A menu page without a view: to the 404 page, leaving no tab behind for it. */
function NoView({ pathname }: { pathname: string }) {
  useLayoutEffect(() => dropTab(pathname), [pathname]);
  return <Navigate to="/404" replace />;
}

/** Renders the menu page at the current path: home at '/', a frame, an entity screen or a registered screen. */
export function MenuView() {
  const { pathname } = useLocation();
  const menu = useMenu();
  const eps = useEps();
  const label = useMenuLabel();

  if (menu.isLoading) return <PageLoading />;
  if (menu.error && menu.byPath.size === 0) return <LoadFailed error={menu.error} />;
  const node = pathname === '/' ? menu.home : menu.byPath.get(pathname);
  if (!node) return pathname === '/' ? createElement(HomeScreen) : <ErrorScreen code={404} embedded />;
  if (eps.isLoading) return <PageLoading />;
  if (eps.error) return <LoadFailed error={eps.error} />;

  const view = resolveView(node, eps);
  switch (view.kind) {
    case 'frame':
      return <FrameScreen url={view.url} title={label(node)} />;
    case 'entity':
      if (canRead(view.entry)) return <EntityScreen key={view.prefix} prefix={view.prefix} />;
      // '/' is where every login lands: it never shows 403, it falls back to the plain home page.
      return pathname === '/' ? createElement(HomeScreen) : <Navigate to="/403" replace />;
    case 'screen':
      return createElement(view.Screen);
    case 'none':
      // Not before the menu is the server's own: a session revoked elsewhere is told so by that call (the login
      // page, which brings the user back here), not by a 404 drawn from what the last start kept.
      return menu.isChecking ? <PageLoading /> : <NoView pathname={pathname} />;
  }
}
