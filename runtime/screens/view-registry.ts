import {
  createElement,
  lazy,
  memo,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactElement,
} from 'react';
import type { MenuNode } from '../engine/menu';
import type { EpsEntry } from '../engine/eps';
import { VIEW_OVERRIDES } from '../overrides/view-overrides';
import { isFrameView, pageEntity, plainViewPath } from './view-paths';
import { shortPrefix } from '../engine/eps-index';
export { VIEW_PATH_TITLES } from './view-paths';

type Screen = LazyExoticComponent<ComponentType<Record<string, never>>>;
export type EntityScreenProps = { prefix: string };

/** Loads a screen's chunk; a failed download (a newer build replaced it) is retried once before failing. */
function screen<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().catch(() => new Promise((resolve) => setTimeout(resolve, 300)).then(load)));
}

// The generic entity screen lives in screens/entity (another part of the runtime); until it exists a placeholder names the entity.
const entityModules = import.meta.glob<{ default: ComponentType<EntityScreenProps> }>('./entity/entity-screen.tsx');
const loadEntity = entityModules['./entity/entity-screen.tsx'] ?? (() => import('./fixed/entity-placeholder'));
export const ENTITY_SCREEN_INSTALLED = Boolean(entityModules['./entity/entity-screen.tsx']);

let entityLoading: Promise<{ default: ComponentType<EntityScreenProps> }> | undefined;
let LoadedEntityScreen: ComponentType<EntityScreenProps> | undefined;
/** Starts loading the list screen's code (the app does so at start for a signed-in user); a failed load may be tried again. */
export function preloadEntityScreen(): Promise<{ default: ComponentType<EntityScreenProps> }> {
  entityLoading ??= loadEntity().then(
    (m) => {
      LoadedEntityScreen = m.default;
      return m;
    },
    (error: unknown) => {
      entityLoading = undefined;
      throw error;
    },
  );
  return entityLoading;
}
const LazyEntityScreen = screen<EntityScreenProps>(preloadEntityScreen);

/**
 * The generic list screen. Once its code is loaded it renders at once rather than through Suspense: a suspended
 * first render shows the loading fallback, and React then holds the page back up to 300 ms more after it. Which of
 * the two a mounted screen uses is fixed for its life, so it is never remounted (its state lost) midway. Drawn again
 * only for another prefix: the page around it being drawn again (the menu checked) does not draw the whole list.
 */
export const EntityScreen = memo(function EntityScreen(props: EntityScreenProps): ReactElement {
  const [Screen] = useState<ComponentType<EntityScreenProps>>(() => LoadedEntityScreen ?? LazyEntityScreen);
  return createElement(Screen, props);
});

export const HomeScreen: Screen = screen(() => import('./fixed/home-screen'));
const MyInfoScreen: Screen = screen(() => import('./fixed/my-info-screen'));
const DemoRouteScreen: Screen = screen(() => import('./fixed/demo-route-screen'));
const PluginsScreen: Screen = screen(() => import('./fixed/plugins-screen'));
const AiCodeScreen: Screen = screen(() => import('./fixed/ai-code-screen'));
const SpaceListScreen: Screen = screen(() => import('./fixed/space-list-screen'));

/**
 * Screens named by a menu row's viewPath: the original's front-end component paths (cool-admin-vue 7.3, listed in
 * server/seed/cool-admin-vue-7.3-views.json). Entity pages resolve through eps instead (router, then viewPath).
 */
const BY_VIEW_PATH: Record<string, Screen> = {
  'modules/demo/views/home/index.vue': HomeScreen,
  'modules/helper/views/plugins/serve.vue': PluginsScreen,
  // Seeded by Joinery before it used the original's paths; databases created then still name it.
  'modules/helper/views/plugins.vue': PluginsScreen,
  'modules/helper/views/ai-code.vue': AiCodeScreen,
  'modules/space/views/list.vue': SpaceListScreen,
};

/** Fixed routes of SPEC §2 (inside the shell); each has a title key under shell:pages. */
export const FIXED_ROUTES: { path: string; titleKey: string; element: ReactElement }[] = [
  { path: '/my/info', titleKey: 'pages.myInfo', element: createElement(MyInfoScreen) },
  { path: '/demo/test/route/:id/:name?', titleKey: 'pages.demoRoute', element: createElement(DemoRouteScreen) },
  { path: '/helper/ai-code', titleKey: 'pages.aiCode', element: createElement(AiCodeScreen) },
  { path: '/helper/plugins', titleKey: 'pages.plugins', element: createElement(PluginsScreen) },
  { path: '/space/list', titleKey: 'pages.spaceList', element: createElement(SpaceListScreen) },
  { path: '/demo/crud', titleKey: 'pages.demoCrud', element: createElement(EntityScreen, { prefix: 'demo/goods' }) },
];

export type ResolvedView =
  | { kind: 'frame'; url: string }
  | { kind: 'entity'; prefix: string; entry: EpsEntry }
  | { kind: 'screen'; Screen: Screen }
  | { kind: 'none' };

/**
 * What a menu page shows: an http viewPath in a frame; a hand-written override for the viewPath; a registered screen
 * for the viewPath; the entity whose menu router is this page's router; the entity whose menu viewPath matches; else
 * nothing (→ 404).
 */
export function resolveView(
  node: MenuNode,
  eps: { byRouter: Map<string, EpsEntry>; byViewPath: Map<string, EpsEntry> },
): ResolvedView {
  const view = node.viewPath?.trim() ?? '';
  if (isFrameView(view)) return { kind: 'frame', url: view };
  const override = VIEW_OVERRIDES[plainViewPath(view)];
  if (override) return { kind: 'screen', Screen: override };
  // A screen registered for the view path comes before the entity of the router: 文件管理 (/upload/list) is the file
  // space screen, not the raw table of space/info.
  const fixed = BY_VIEW_PATH[plainViewPath(view)];
  if (fixed) return { kind: 'screen', Screen: fixed };
  const entry = pageEntity(node, eps);
  if (entry) return { kind: 'entity', prefix: shortPrefix(entry.prefix), entry };
  return { kind: 'none' };
}
