import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Hand-written screens that replace what a menu page would otherwise show, keyed by the menu row's viewPath.
 * Only the dashboard, the order and the audit screens belong here (DESIGN: everything else stays generic).
 */
export const VIEW_OVERRIDES: Record<string, LazyExoticComponent<ComponentType<Record<string, never>>>> = {
  'modules/demo/views/home/index.vue': lazy(() => import('./dashboard/dashboard-screen')),
};
