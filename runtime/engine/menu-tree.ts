import type { PermMenu } from './client.generated';
/** The sidebar tree built from permmenu rows: pure, so it is tested without a browser. */
/** What GET /admin/base/comm/permmenu returns, typed by the server's declaration (PROTOCOL §4.3). */
export type { PermMenu };
/** A row of permmenu: a menu record (type 0 directory, 1 page, 2 permission button). */
export type MenuRow = PermMenu['menus'][number];

/** A directory or page of the sidebar with its route path. */
export type MenuNode = MenuRow & { path: string; children: MenuNode[] };

export type MenuModel = {
  /** Directories and pages, ordered by orderNum; hidden rows kept (isShow decides the sidebar only). */
  tree: MenuNode[];
  /** Every page (type 1), by route path; the home page is under '/' and, when remapped, under its own route too. */
  byPath: Map<string, MenuNode>;
  home?: MenuNode;
};

function routePath(row: MenuRow): string {
  if (!row.router) return `/${row.id}`;
  return row.router.startsWith('/') ? row.router : `/${row.router}`;
}

const byOrder = (a: MenuNode, b: MenuNode) => a.orderNum - b.orderNum || a.id - b.id;

/** Builds the sidebar tree: drops buttons, orders by orderNum, remaps the home entry to '/'. */
export function buildMenu(rows: MenuRow[]): MenuModel {
  const nodes = new Map<number, MenuNode>();
  for (const row of rows) {
    if (row.type === 2) continue;
    nodes.set(row.id, { ...row, isShow: row.isShow !== false, path: routePath(row), children: [] });
  }
  const tree: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId == null ? undefined : nodes.get(node.parentId);
    (parent && parent.type === 0 ? parent.children : tree).push(node);
  }
  const sort = (list: MenuNode[]) => {
    list.sort(byOrder);
    for (const n of list) sort(n.children);
  };
  sort(tree);

  const pages: MenuNode[] = [];
  const walk = (list: MenuNode[]) => {
    for (const n of list) {
      if (n.type === 1) pages.push(n);
      walk(n.children);
    }
  };
  walk(tree);
  // The home entry is the page routed at '/', else the first page of the tree (as the original client does).
  const home = pages.find((p) => p.path === '/') ?? pages[0];
  const homeOwnPath = home?.path;
  if (home) home.path = '/';
  const byPath = new Map<string, MenuNode>();
  for (const p of pages) if (!byPath.has(p.path)) byPath.set(p.path, p);
  // A remapped home page still opens at its own route (a bookmark, a link, the original client's URL).
  if (home && homeOwnPath && !byPath.has(homeOwnPath)) byPath.set(homeOwnPath, home);
  return { tree, byPath, home };
}

/** The chain of directories leading to a page (for breadcrumbs and opening the sidebar). */
export function menuTrail(tree: MenuNode[], id: number): MenuNode[] {
  for (const node of tree) {
    if (node.id === id) return [node];
    const sub = menuTrail(node.children, id);
    if (sub.length) return [node, ...sub];
  }
  return [];
}
