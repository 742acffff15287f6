import { useEffect, useRef } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { closeAllTabs, closeOtherTabs, closeTab, useTabs } from '../engine/tabs';
import { Dropdown } from './dropdown';
import { Icon } from './icons';
import { usePageTitle } from './page-title';

/** Opened pages as tabs (home and error pages are never tabs); close one, the others, or all. */
export function TabsBar() {
  const { t } = useTranslation('shell');
  const tabs = useTabs();
  const title = usePageTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const strip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    strip.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, tabs.length]);

  const close = (tabPath: string) => {
    const next = closeTab(tabPath);
    if (tabPath === pathname) navigate(next);
  };

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
              onAuxClick={(e) => { if (e.button === 1) close(tab.pathname); }}>
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
      {tabs.length > 0 && (
        <Dropdown label={t('tabs.menu')} testId="tabs-menu" trigger={<Icon name="chevron-down" size={15} />}
          items={[
            { key: 'others', label: t('tabs.closeOthers'), testId: 'tabs-close-others', onSelect: () => closeOtherTabs(pathname) },
            { key: 'all', label: t('tabs.closeAll'), testId: 'tabs-close-all', onSelect: () => { closeAllTabs(); navigate('/'); } },
          ]} />
      )}
    </div>
  );
}
