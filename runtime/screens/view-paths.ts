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
