/**
 * The console's own screens a menu page's view path may name (BY_VIEW_PATH in view-registry.ts), with their titles
 * (shell:pages.*) for the menu editor's picker. Such a screen comes before the entity of the page's router: 文件管理
 * (/upload/list) is the file space, not space/info's table. Plain data, so browser specs can read it too.
 */
export const VIEW_PATH_TITLES: Record<string, string> = {
  'modules/demo/views/home/index.vue': 'pages.home',
  'modules/helper/views/plugins/serve.vue': 'pages.plugins',
  'modules/helper/views/plugins.vue': 'pages.plugins',
  'modules/helper/views/ai-code.vue': 'pages.aiCode',
  'modules/space/views/list.vue': 'pages.spaceList',
};

type PageRow = { router?: string | null; viewPath?: string | null };
type EntityIndex<E> = { byRouter: Map<string, E>; byViewPath: Map<string, E> };

/** A view path that is an address: the page shows it in a frame. */
export const isFrameView = (viewPath: string): boolean => /^https?:\/\//i.test(viewPath);

/** A view path as the original names it, with or without its `cool/` root. */
export const plainViewPath = (viewPath: string): string => viewPath.replace(/^cool\//, '');

/**
 * The entity a menu page lists when no screen is named for its view path: the entity whose menu router is the page's
 * router, else the one whose menu view path is the page's.
 */
export function pageEntity<E>(node: PageRow, eps: EntityIndex<E>): E | undefined {
  const view = node.viewPath?.trim() ?? '';
  return (node.router ? eps.byRouter.get(node.router) : undefined) ?? (view ? eps.byViewPath.get(view) : undefined);
}
