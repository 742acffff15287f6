import { memo, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { menuTrail, type MenuNode } from '../engine/menu';
import { useThemeOption } from '../engine/theme';
import type { RuntimeModule } from '../modules/registry';
import { IconButton } from './icon-button';
import { Icon } from './icons';
import { LanguageSwitch } from './language-switch';
import { MessageLog } from './message-log';
import { UserMenu } from './user-menu';
import { useMenuLabel } from './menu-label';
import { usePageTitle } from './page-title';

function useFullscreen(): [boolean, () => void] {
  const [on, setOn] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    const done = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    done.catch((error: unknown) => console.warn('full screen refused', error));
  };
  return [on, toggle];
}

function Breadcrumb({ tree }: { tree: MenuNode[] }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const label = useMenuLabel();
  const title = usePageTitle();
  const page = [...flatPages(tree)].find((n) => n.path === pathname);
  const trail = page ? menuTrail(tree, page.id).map(label) : [title(pathname)].filter(Boolean);
  if (trail.length === 0) return null;
  return (
    <ol
      className="hidden items-center gap-1.5 text-[13px] md:flex"
      aria-label={t('header.breadcrumb')}
      data-testid="breadcrumb"
    >
      {trail.map((part, i) => (
        <li key={`${i}-${part}`} className="flex items-center gap-1.5">
          {i > 0 && <Icon name="chevron-right" size={13} className="text-faint" />}
          <span className={i === trail.length - 1 ? 'font-medium text-ink' : 'text-muted'}>{part}</span>
        </li>
      ))}
    </ol>
  );
}

function* flatPages(list: MenuNode[]): Generator<MenuNode> {
  for (const n of list) {
    if (n.type === 1) yield n;
    yield* flatPages(n.children);
  }
}

/** Top-level directories as groups (theme option "menu grouping"); the sidebar then shows the chosen one. */
function GroupNav({
  groups,
  active,
  onSelect,
}: {
  groups: MenuNode[];
  active?: number;
  onSelect: (id: number) => void;
}) {
  const label = useMenuLabel();
  return (
    <div className="hidden min-w-0 items-center gap-1 overflow-x-auto md:flex" data-testid="menu-groups">
      {groups.map((g) => (
        <button
          key={g.id}
          type="button"
          onClick={() => onSelect(g.id)}
          aria-pressed={g.id === active}
          className={`flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2.5 text-[13px] transition-colors ${
            g.id === active ? 'bg-primary-9 font-medium text-primary' : 'text-muted hover:bg-hover hover:text-ink'
          }`}
        >
          <Icon name={g.icon} size={15} />
          {label(g)}
        </button>
      ))}
    </div>
  );
}

type HeaderProps = {
  folded: boolean;
  onToggleFold: () => void;
  tree: MenuNode[];
  groups: MenuNode[];
  activeGroup?: number;
  onGroup: (id: number) => void;
  /** The enabled modules' toolbar entries (the theme plugin's). */
  toolbar: RuntimeModule[];
  compact: boolean;
};

/** The bar above the page: fold, breadcrumb or groups, and the tools on the right (memo, as the sidebar). */
export const Header = memo(function Header({
  folded,
  onToggleFold,
  tree,
  groups,
  activeGroup,
  onGroup,
  toolbar,
  compact,
}: HeaderProps) {
  const { t } = useTranslation('shell');
  const menuGroup = useThemeOption('menuGroup');
  const [fullscreen, toggleFullscreen] = useFullscreen();
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b border-line bg-surface px-3">
      <IconButton
        icon={folded ? 'unfold' : 'fold'}
        label={folded ? t('header.unfold') : t('header.fold')}
        onClick={onToggleFold}
        testId="toggle-fold"
      />
      {menuGroup ? <GroupNav groups={groups} active={activeGroup} onSelect={onGroup} /> : <Breadcrumb tree={tree} />}
      <div className="ml-auto flex items-center gap-0.5">
        {!compact && (
          <IconButton
            icon={fullscreen ? 'exit-fullscreen' : 'fullscreen'}
            label={fullscreen ? t('header.exitFullscreen') : t('header.fullscreen')}
            onClick={toggleFullscreen}
            testId="toggle-fullscreen"
          />
        )}
        <MessageLog />
        <LanguageSwitch compact={compact} />
        {toolbar.map(
          ({ name, toolbar: Entry }) =>
            Entry && (
              <span key={name} data-toolbar-module={name} className="contents">
                <Entry />
              </span>
            ),
        )}
        <span className="mx-1.5 h-5 w-px bg-line" />
        <UserMenu compact={compact} />
      </div>
    </header>
  );
});
