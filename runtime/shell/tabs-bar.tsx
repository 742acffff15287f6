import { useCallback, useEffect, useRef, useState } from 'react';
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
 */
export function TabsBar() {
  const { t } = useTranslation('shell');
  const tabs = useTabs();
  const title = usePageTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const strip = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the active tab's element changes when the path or the tab count does
  useEffect(() => {
    strip.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, tabs.length]);

  const close = (tabPath: string) => {
    const next = closeTab(tabPath);
    if (tabPath === pathname) navigate(next);
  };

  const [menuAt, setMenuAt] = useState<{ tab: string; x: number; y: number } | null>(null);
  const closeMenu = useCallback(() => setMenuAt(null), []);
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
    <div className="flex h-10 shrink-0 items-center gap-2 border-b border-line bg-surface px-3" data-testid="tabs-bar">
      <NavLink to="/" end title={t('tabs.home')} aria-label={t('tabs.home')}
        className={({ isActive }) => `flex h-7 w-7 shrink-0 items-center justify-center rounded-md transition-colors ${isActive ? 'bg-primary-9 text-primary' : 'text-muted hover:bg-hover hover:text-ink'}`}>
        <Icon name="home" size={15} />
      </NavLink>
      <div ref={strip} className="flex min-w-0 flex-1 items-center gap-1.5 overflow-x-auto [scrollbar-width:none]" role="tablist">
        {tabs.map((tab) => {
          const active = tab.pathname === pathname;
          const label = title(tab.pathname) || tab.pathname;
          return (
            <div key={tab.pathname} role="tab" aria-selected={active} data-tab={tab.pathname}
              className={`group flex h-7 shrink-0 items-center rounded-md border text-[13px] transition-colors ${
                active ? 'border-primary-7 bg-primary-9 text-primary' : 'border-line bg-surface text-muted hover:border-line-strong hover:text-ink'}`}
              onAuxClick={(e) => { if (e.button === 1) close(tab.pathname); }}
              onContextMenu={(e) => {
                e.preventDefault();
                // The context-menu key reports (0, 0): open under the tab instead.
                const box = e.currentTarget.getBoundingClientRect();
                const byKey = e.clientX === 0 && e.clientY === 0;
                setMenuAt({ tab: tab.pathname, x: byKey ? box.left : e.clientX, y: byKey ? box.bottom + 4 : e.clientY });
              }}>
              <NavLink to={tab.pathname + tab.search} aria-current={active ? 'page' : undefined} className="flex h-full items-center gap-1.5 pl-2.5 pr-1">
                {active && <span className="h-1.5 w-1.5 rounded-full bg-primary" />}
                <span className="max-w-40 truncate">{label}</span>
              </NavLink>
              <button type="button" onClick={() => close(tab.pathname)} aria-label={`${t('tabs.close')} ${label}`} data-testid="tab-close"
                className="mr-1 rounded p-0.5 opacity-60 hover:bg-hover hover:opacity-100">
                <Icon name="close" size={12} />
              </button>
            </div>
          );
        })}
      </div>
      {menuAt && menuIndex >= 0 && (
        <TabContextMenu x={menuAt.x} y={menuAt.y} canOthers={tabs.length > 1} canRight={menuIndex < tabs.length - 1}
          onClose={closeMenu} onChoose={(choice) => choose(menuAt.tab, choice)} />
      )}
      {tabs.length > 0 && (
        <Dropdown label={t('tabs.menu')} testId="tabs-menu" trigger={<Icon name="chevron-down" size={15} />}
          items={[
            { key: 'reload', label: t('tabs.reload'), testId: 'tabs-reload', onSelect: reloadPage },
            { key: 'others', label: t('tabs.closeOthers'), testId: 'tabs-close-others', onSelect: () => closeOtherTabs(pathname) },
            { key: 'all', label: t('tabs.closeAll'), testId: 'tabs-close-all', onSelect: () => { closeAllTabs(); navigate('/'); } },
          ]} />
      )}
    </div>
  );
}
