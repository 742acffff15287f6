import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMenu, menuTrail } from '../engine/menu';
import { ShellDictsProvider, useDicts } from '../engine/dict';
import { useEps } from '../engine/eps';
import { openTab, useReloadCount } from '../engine/tabs';
import { useBreakpoint, useThemeOption } from '../engine/theme';
import { refreshSession } from '../engine/request';
import { useSession } from '../engine/session';
import { Sidebar, visibleNodes } from './sidebar';
import { PhoneMenu } from './phone-menu';
import { Header } from './header';
import { TabsBar } from './tabs-bar';
import { ExtraComponents } from './extra-components';
import { toolbarEntries } from '../modules/registry';
import { useModules, useThemePluginSync } from '../modules/builtin-modules';
import { PageLoading } from './loading';
import { usePageTitle } from './page-title';

/** Refreshes the access token a minute before it runs out, so an open console never meets an expired token. */
function useProactiveRefresh(): void {
  const session = useSession();
  useEffect(() => {
    if (!session) return;
    const wait = Math.max(session.expire - Date.now() - 60_000, 5_000);
    const timer = setTimeout(
      () => {
        refreshSession().catch((error: unknown) => console.warn('token refresh failed', error));
      },
      Math.min(wait, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [session]);
}

/** Opened pages become tabs (not home, not unknown paths); the window title follows the page. */
function useTabsAndTitle(): void {
  const { pathname, search } = useLocation();
  const title = usePageTitle();
  const { t } = useTranslation('shell');
  const pageTitle = title(pathname);
  useEffect(() => {
    if (pathname !== '/' && pageTitle) openTab(pathname, search);
  }, [pathname, search, pageTitle]);
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${t('app.name')}` : t('app.name');
  }, [pageTitle, t]);
}

/**
 * A page chosen in the menu takes focus (its main region), so the next Tab is the page's first control rather than
 * the rest of the menu (WCAG 2.4.3). Focus elsewhere (the tab strip, a link in the page) is left where it is.
 */
function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is what moves focus; the element is read from the DOM then
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const at = document.activeElement;
    if (!at || at === document.body || at.closest('[data-testid="sidebar"]'))
      document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The signed-in frame: sidebar, header, tabs and the routed page. */
export function ShellLayout() {
  const { t } = useTranslation('shell');
  const bp = useBreakpoint();
  const small = bp === 'xs';
  const menuGroup = useThemeOption('menuGroup');
  const transitionOption = useThemeOption('transition');
  const { pathname, key: locationKey } = useLocation();
  const menu = useMenu();
  useEps();
  const dicts = useDicts();
  useProactiveRefresh();
  useTabsAndTitle();
  useFocusOnNavigation();
  const reloads = useReloadCount();
  const modules = useModules();
  useThemePluginSync();
  const toolbar = useMemo(() => toolbarEntries(modules), [modules]);

  // The app starts folded on a small screen (SPEC §2).
  const [folded, setFolded] = useState(() => window.innerWidth < 768);
  const toggleFold = useCallback(() => setFolded((f) => !f), []);
  useEffect(() => {
    if (small) setFolded(true);
  }, [small]);

  const visible = useMemo(() => visibleNodes(menu.tree), [menu.tree]);
  const groups = useMemo(() => visible.filter((n) => n.type === 0), [visible]);
  const activePage = menu.byPath.get(pathname);
  const trailGroup = activePage ? menuTrail(menu.tree, activePage.id)[0] : undefined;
  // The open page's group from the first render on (were it set only by the effect below, the whole frame would be
  // drawn twice); a page of another group chooses that group, and a group the user picks holds until then.
  const [chosenGroup, setChosenGroup] = useState(trailGroup?.type === 0 ? trailGroup.id : undefined);
  useEffect(() => {
    if (trailGroup?.type === 0) setChosenGroup(trailGroup.id);
  }, [trailGroup?.id, trailGroup?.type]);
  const activeGroup = chosenGroup ?? groups[0]?.id;
  const sideNodes = menuGroup
    ? [...visible.filter((n) => n.type === 1), ...(groups.find((g) => g.id === activeGroup)?.children ?? [])]
    : visible;

  // A page entered from another slides or fades in; the first page of a visit is shown as it is drawn, at once (the
  // router's first location has the key 'default'): nothing to move from, and no animation competing with the load.
  const transition =
    transitionOption === 'none' || locationKey === 'default' ? '' : `jy-transition-${transitionOption}`;

  return (
    <ShellDictsProvider dicts={dicts.data}>
      <div className="flex h-screen overflow-hidden bg-canvas">
        {/* The first Tab stop: past the menu, header and tabs to the page (WCAG 2.4.1). */}
        <button
          type="button"
          data-testid="skip-link"
          onClick={() => document.getElementById('main')?.focus()}
          className="fixed top-2 left-2 z-[200] -translate-y-20 rounded-md border border-line bg-surface px-3 py-2 text-sm font-medium text-ink shadow-pop focus:translate-y-0"
        >
          {t('skipToContent')}
        </button>
        {small ? (
          <PhoneMenu open={!folded} onClose={() => setFolded(true)}>
            {(onNavigate) => <Sidebar nodes={sideNodes} tree={menu.tree} folded={false} onNavigate={onNavigate} />}
          </PhoneMenu>
        ) : (
          <Sidebar nodes={sideNodes} tree={menu.tree} folded={folded} />
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <Header
            folded={folded}
            onToggleFold={toggleFold}
            tree={menu.tree}
            groups={groups}
            activeGroup={activeGroup}
            onGroup={setChosenGroup}
            toolbar={toolbar}
            compact={small}
          />
          <TabsBar />
          {/* A size container: a list screen fills its height (100cqh) in CSS, with no measuring after it is drawn. */}
          <main
            id="main"
            tabIndex={-1}
            className="relative flex-1 overflow-auto [container-type:size] focus:outline-none"
            data-testid="page"
          >
            <div key={`${pathname}#${reloads}`} className={`min-h-full p-3 sm:p-4 ${transition}`}>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </div>
          </main>
        </div>
        <ExtraComponents modules={modules} />
      </div>
    </ShellDictsProvider>
  );
}
