import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { closeAllTabs, closeOtherTabs, closeTab, closeTabsRight, reloadPage, useTabs } from '../engine/tabs';
import { Dropdown } from './dropdown';
import { Icon } from './icons';
import { usePageTitle } from './page-title';
import { TabContextMenu, type TabMenuChoice } from './tab-context-menu';

/**
 * Opened pages as tabs (home and error pages are never tabs); close one, the others, or all. A right-click (or the
 * context-menu key) on a tab offers reload, close, close others, close to the right and close all for that tab.
 * The tabs are links to pages (navigation, not a tablist with panels): a list of links, each with its close button
 * beside it rather than inside it, so no control sits inside another.
 */
export function TabsBar() {
  const { t } = useTranslation('shell');
  const tabs = useTabs();
  const title = usePageTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const strip = useRef<HTMLUListElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the active tab's element changes when the path or the tab count does
  useEffect(() => {
    // In the next frame, when its layout is worked out anyway: scrolling now would work out the layout of a page
    // still being drawn (a list's rows come a moment later), once more.
    const frame = requestAnimationFrame(() =>
      strip.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [pathname, tabs.length]);

  const close = (tabPath: string) => {
    const next = closeTab(tabPath);
    if (tabPath === pathname) navigate(next);
  };

  // One tab stop for the strip (roving tabindex): ← → Home End move between the tabs, Enter opens one, Delete closes
  // it (focus goes to its neighbour), the context-menu key or Shift+F10 opens its menu.
  const [focusedTab, setFocusedTab] = useState<string | null>(null);
  const stop = tabs.some((x) => x.pathname === focusedTab)
    ? focusedTab
    : (tabs.find((x) => x.pathname === pathname)?.pathname ?? tabs[0]?.pathname);
  const focusTab = (tabPath: string | undefined) => {
    if (!tabPath) {
      document.querySelector<HTMLElement>('main')?.focus();
      return;
    }
    setFocusedTab(tabPath);
    strip.current?.querySelector<HTMLElement>(`[data-tab="${CSS.escape(tabPath)}"] a`)?.focus();
  };
  const onTabKey = (e: KeyboardEvent<HTMLAnchorElement>, at: number) => {
    const move = (i: number) => {
      e.preventDefault();
      focusTab(tabs[(i + tabs.length) % tabs.length]?.pathname);
    };
    if (e.key === 'ArrowRight') move(at + 1);
    else if (e.key === 'ArrowLeft') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(tabs.length - 1);
    else if (e.key === 'Delete') {
      e.preventDefault();
      const neighbour = tabs[at + 1] ?? tabs[at - 1];
      close(tabs[at].pathname);
      // After React has drawn the strip without it.
      requestAnimationFrame(() => focusTab(neighbour?.pathname));
    }
  };

  const [menuAt, setMenuAt] = useState<{ tab: string; x: number; y: number } | null>(null);
  const menuTab = useRef<string | null>(null);
  menuTab.current = menuAt?.tab ?? menuTab.current;
  // Closed by a choice or Escape: focus goes back to the tab (or its neighbour, or the open one, when it is gone).
  const closeMenu = useCallback((refocus: boolean) => {
    setMenuAt(null);
    if (!refocus) return;
    requestAnimationFrame(() => {
      const link = (p: string | null | undefined) =>
        p ? strip.current?.querySelector<HTMLElement>(`[data-tab="${CSS.escape(p)}"] a`) : null;
      const target =
        link(menuTab.current) ??
        strip.current?.querySelector<HTMLElement>('a[aria-current="page"]') ??
        strip.current?.querySelector<HTMLElement>('a');
      if (target) target.focus();
      else document.querySelector<HTMLElement>('main')?.focus();
    });
  }, []);
  const choose = (tabPath: string, choice: TabMenuChoice) => {
    const tab = tabs.find((x) => x.pathname === tabPath);
    const activeKept = (kept: string[]) => pathname === '/' || kept.includes(pathname);
    switch (choice) {
      case 'reload':
        if (tabPath === pathname) reloadPage();
        else if (tab) navigate(tab.pathname + tab.search);
        break;
      case 'close':
        close(tabPath);
        break;
      case 'others':
        closeOtherTabs(tabPath);
        if (!activeKept([tabPath]) && tab) navigate(tab.pathname + tab.search);
        break;
      case 'right': {
        const kept = tabs.slice(0, tabs.findIndex((x) => x.pathname === tabPath) + 1).map((x) => x.pathname);
        closeTabsRight(tabPath);
        if (!activeKept(kept) && tab) navigate(tab.pathname + tab.search);
        break;
      }
      case 'all':
        closeAllTabs();
        navigate('/');
        break;
    }
  };
  const menuIndex = menuAt ? tabs.findIndex((x) => x.pathname === menuAt.tab) : -1;

  return (
    <nav
      className="flex h-10 shrink-0 items-center gap-2 border-b border-line bg-surface px-3"
      data-testid="tabs-bar"
      aria-label={t('tabs.strip')}
    >
      <NavLink
        to="/"
        end
        title={t('tabs.home')}
        aria-label={t('tabs.home')}
        className={({ isActive }) =>
          `flex h-7 w-7 shrink-0 items-center justify-center rounded-md transition-colors ${isActive ? 'bg-primary-9 text-primary' : 'text-muted hover:bg-hover hover:text-ink'}`
        }
      >
        <Icon name="home" size={15} />
      </NavLink>
      <ul ref={strip} className="flex min-w-0 flex-1 items-center gap-1.5 overflow-x-auto [scrollbar-width:none]">
        {tabs.map((tab, at) => {
          const active = tab.pathname === pathname;
          const label = title(tab.pathname) || tab.pathname;
          return (
            <li
              key={tab.pathname}
              data-tab={tab.pathname}
              className={`group flex h-7 shrink-0 items-center rounded-md border text-[13px] transition-colors ${
                active
                  ? 'border-primary-7 bg-primary-9 text-primary'
                  : 'border-line bg-surface text-muted hover:border-line-strong hover:text-ink'
              }`}
              onAuxClick={(e) => {
                if (e.button === 1) close(tab.pathname);
              }}
              onContextMenu={(e) => {
                e.preventDefault();
                // The context-menu key reports (0, 0): open under the tab instead.
                const box = e.currentTarget.getBoundingClientRect();
                const byKey = e.clientX === 0 && e.clientY === 0;
                setMenuAt({
                  tab: tab.pathname,
                  x: byKey ? box.left : e.clientX,
                  y: byKey ? box.bottom + 4 : e.clientY,
                });
              }}
            >
              <NavLink
                to={tab.pathname + tab.search}
                aria-current={active ? 'page' : undefined}
                tabIndex={tab.pathname === stop ? 0 : -1}
                aria-keyshortcuts="Delete"
                onKeyDown={(e) => onTabKey(e, at)}
                onFocus={() => setFocusedTab(tab.pathname)}
                onKeyUp={(e) => {
                  if (e.key === 'F10' && e.shiftKey)
                    e.currentTarget.dispatchEvent(
                      new MouseEvent('contextmenu', { bubbles: true, clientX: 0, clientY: 0 }),
                    );
                }}
                className="flex h-full items-center gap-1.5 rounded-md pl-2.5 pr-1"
              >
                {active && <span className="h-1.5 w-1.5 rounded-full bg-primary" />}
                <span className="max-w-40 truncate">{label}</span>
              </NavLink>
              {/* Out of the tab order: Delete on the tab closes it from the keyboard. */}
              <button
                type="button"
                tabIndex={-1}
                onClick={() => close(tab.pathname)}
                aria-label={`${t('tabs.close')} ${label}`}
                data-testid="tab-close"
                className="mr-1 rounded p-0.5 opacity-60 hover:bg-hover hover:opacity-100"
              >
                <Icon name="close" size={12} />
              </button>
            </li>
          );
        })}
      </ul>
      {menuAt && menuIndex >= 0 && (
        <TabContextMenu
          x={menuAt.x}
          y={menuAt.y}
          canOthers={tabs.length > 1}
          canRight={menuIndex < tabs.length - 1}
          onClose={closeMenu}
          onChoose={(choice) => choose(menuAt.tab, choice)}
        />
      )}
      {tabs.length > 0 && (
        <Dropdown
          label={t('tabs.menu')}
          testId="tabs-menu"
          trigger={<Icon name="chevron-down" size={15} />}
          items={[
            { key: 'reload', label: t('tabs.reload'), testId: 'tabs-reload', onSelect: reloadPage },
            {
              key: 'others',
              label: t('tabs.closeOthers'),
              testId: 'tabs-close-others',
              onSelect: () => closeOtherTabs(pathname),
            },
            {
              key: 'all',
              label: t('tabs.closeAll'),
              testId: 'tabs-close-all',
              onSelect: () => {
                closeAllTabs();
                navigate('/');
              },
            },
          ]}
        />
      )}
    </nav>
  );
}
