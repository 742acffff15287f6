import { memo, useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { menuTrail, type MenuNode } from '../engine/menu';
import { Icon } from './icons';
import { useMenuLabel } from './menu-label';
import { Logo } from './logo';

type Props = {
  nodes: MenuNode[];
  tree: MenuNode[];
  folded: boolean;
  onNavigate?: () => void;
};

/** Only what the user should see: shown rows, and directories that still hold a shown page. */
export function visibleNodes(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => {
    if (!n.isShow) return [];
    if (n.type === 0) {
      const children = visibleNodes(n.children);
      return children.length ? [{ ...n, children }] : [];
    }
    return [n];
  });
}

function activeNode(tree: MenuNode[], pathname: string): MenuNode | undefined {
  let found: MenuNode | undefined;
  const walk = (list: MenuNode[]) => {
    for (const n of list) {
      if (n.type === 1 && n.path === pathname) found ??= n;
      walk(n.children);
    }
  };
  walk(tree);
  return found;
}

function PageLink({
  node,
  depth,
  folded,
  onNavigate,
}: {
  node: MenuNode;
  depth: number;
  folded: boolean;
  onNavigate?: () => void;
}) {
  const label = useMenuLabel()(node);
  return (
    <NavLink
      to={node.path}
      end
      onClick={onNavigate}
      title={folded ? label : undefined}
      data-menu-path={node.path}
      className={({ isActive }) =>
        `group flex h-9 items-center gap-2.5 rounded-md text-[13px] transition-colors ${
          folded ? 'justify-center px-0' : 'px-2.5'
        } ${
          isActive
            ? 'bg-primary font-medium text-on-primary shadow-sm'
            : 'text-sidebar-muted hover:bg-sidebar-hover hover:text-sidebar-ink'
        }`
      }
      style={!folded && depth > 0 ? { paddingLeft: `${10 + depth * 14}px` } : undefined}
    >
      <Icon name={node.icon} size={folded ? 19 : 17} className="shrink-0" />
      {!folded && <span className="truncate">{label}</span>}
    </NavLink>
  );
}

function DirGroup({
  node,
  depth,
  open,
  onToggle,
  openIds,
  toggle,
  onNavigate,
  activeIds,
}: {
  node: MenuNode;
  depth: number;
  open: boolean;
  onToggle: () => void;
  openIds: Set<number>;
  toggle: (id: number) => void;
  onNavigate?: () => void;
  activeIds: Set<number>;
}) {
  const label = useMenuLabel()(node);
  const holdsActive = activeIds.has(node.id);
  return (
    <div>
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        data-menu-dir={node.id}
        className={`flex h-9 w-full items-center gap-2.5 rounded-md px-2.5 text-[13px] transition-colors hover:bg-sidebar-hover hover:text-sidebar-ink ${
          holdsActive ? 'text-sidebar-ink' : 'text-sidebar-muted'
        }`}
        style={depth > 0 ? { paddingLeft: `${10 + depth * 14}px` } : undefined}
      >
        <Icon name={node.icon} size={17} className="shrink-0" />
        <span className="flex-1 truncate text-left">{label}</span>
        <Icon
          name="chevron-down"
          size={14}
          className={`shrink-0 opacity-60 transition-transform ${open ? '' : '-rotate-90'}`}
        />
      </button>
      {open && (
        <div className="mt-0.5 space-y-0.5">
          <MenuList
            nodes={node.children}
            depth={depth + 1}
            folded={false}
            openIds={openIds}
            toggle={toggle}
            onNavigate={onNavigate}
            activeIds={activeIds}
          />
        </div>
      )}
    </div>
  );
}

function MenuList({
  nodes,
  depth,
  folded,
  openIds,
  toggle,
  onNavigate,
  activeIds,
}: {
  nodes: MenuNode[];
  depth: number;
  folded: boolean;
  openIds: Set<number>;
  toggle: (id: number) => void;
  onNavigate?: () => void;
  activeIds: Set<number>;
}) {
  return (
    <>
      {nodes.map((n) =>
        n.type === 0 ? (
          folded ? (
            <FoldedDir key={n.id} node={n} onNavigate={onNavigate} active={activeIds.has(n.id)} />
          ) : (
            <DirGroup
              key={n.id}
              node={n}
              depth={depth}
              open={openIds.has(n.id)}
              onToggle={() => toggle(n.id)}
              openIds={openIds}
              toggle={toggle}
              onNavigate={onNavigate}
              activeIds={activeIds}
            />
          )
        ) : (
          <PageLink key={n.id} node={n} depth={depth} folded={folded} onNavigate={onNavigate} />
        ),
      )}
    </>
  );
}

/** A directory in the folded sidebar: its icon, with its pages in a panel beside it on hover or focus. */
function FoldedDir({ node, onNavigate, active }: { node: MenuNode; onNavigate?: () => void; active: boolean }) {
  const label = useMenuLabel();
  const [pos, setPos] = useState<number | null>(null);
  const pages: { node: MenuNode; trail: string }[] = [];
  const walk = (list: MenuNode[], trail: string) => {
    for (const n of list) n.type === 0 ? walk(n.children, `${trail}${label(n)} / `) : pages.push({ node: n, trail });
  };
  walk(node.children, '');
  return (
    <div
      onPointerEnter={(e) => setPos(e.currentTarget.getBoundingClientRect().top)}
      onPointerLeave={() => setPos(null)}
    >
      <button
        type="button"
        aria-label={label(node)}
        onFocus={(e) => setPos(e.currentTarget.getBoundingClientRect().top)}
        className={`flex h-9 w-full items-center justify-center rounded-md transition-colors hover:bg-sidebar-hover hover:text-sidebar-ink ${
          active ? 'bg-sidebar-active text-sidebar-ink' : 'text-sidebar-muted'
        }`}
      >
        <Icon name={node.icon} size={19} />
      </button>
      {pos !== null && (
        <div className="fixed left-16 z-50 pl-2" style={{ top: pos }}>
          <div className="jy-pop-in min-w-48 rounded-lg border border-line bg-surface p-1.5 shadow-pop">
            <p className="px-2.5 pb-1 pt-1.5 text-xs font-medium uppercase tracking-wide text-faint">{label(node)}</p>
            {pages.map(({ node: p, trail }) => (
              <NavLink
                key={p.id}
                to={p.path}
                end
                onClick={() => {
                  setPos(null);
                  onNavigate?.();
                }}
                className={({ isActive }) =>
                  `flex items-center gap-2 rounded-md px-2.5 py-1.5 text-[13px] ${isActive ? 'bg-primary-9 font-medium text-primary' : 'text-ink hover:bg-hover'}`
                }
              >
                <Icon name={p.icon} size={15} className="shrink-0 opacity-80" />
                <span className="whitespace-nowrap">
                  <span className="text-faint">{trail}</span>
                  {label(p)}
                </span>
              </NavLink>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * The left menu: the logo, then directories and pages from permmenu. Drawn again only when its menu, fold or path
 * changes (memo), not for every reply the layout around it gets while a page loads.
 */
export const Sidebar = memo(function Sidebar({ nodes, tree, folded, onNavigate }: Props) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const active = activeNode(tree, pathname);
  const activeIds = new Set(active ? menuTrail(tree, active.id).map((n) => n.id) : []);
  const [openIds, setOpenIds] = useState<Set<number>>(() => new Set(activeIds));
  const activeKey = [...activeIds].join(',');

  // Opening a page (from a tab, a link or the address bar) opens the directories leading to it.
  useEffect(() => {
    if (!activeKey) return;
    const ids = activeKey.split(',').map(Number);
    // Already open (as on the first render): the same set, so nothing is drawn again.
    setOpenIds((prev) => (ids.every((id) => prev.has(id)) ? prev : new Set([...prev, ...ids])));
  }, [activeKey]);

  const toggle = (id: number) =>
    setOpenIds((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <nav
      aria-label={t('menu.title')}
      data-testid="sidebar"
      data-folded={folded}
      className={`flex h-full shrink-0 flex-col bg-sidebar transition-[width] duration-200 ${folded ? 'w-16' : 'w-56'}`}
    >
      <div className={`flex h-14 shrink-0 items-center gap-2.5 ${folded ? 'justify-center' : 'px-4'}`}>
        <Logo />
        {!folded && <span className="text-[15px] font-semibold tracking-tight text-sidebar-ink">{t('app.name')}</span>}
      </div>
      <div className={`flex-1 space-y-0.5 overflow-y-auto overflow-x-hidden pb-4 ${folded ? 'px-2' : 'px-2.5'}`}>
        <MenuList
          nodes={nodes}
          depth={0}
          folded={folded}
          openIds={openIds}
          toggle={toggle}
          onNavigate={onNavigate}
          activeIds={activeIds}
        />
      </div>
    </nav>
  );
});
