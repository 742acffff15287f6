import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { EpsButton } from '../engine/eps';
import type { EntityRow } from '../engine/use-entity-list';

/** What a hand-written detail view gets from the generic screen: the row, the buttons the user may press, a press handler. */
export type InfoViewProps = {
  prefix: string;
  row: EntityRow;
  lang: string;
  /** Row buttons of the entity's schema-declared actions the user may run (the view offers those the row's state allows). */
  buttons: EpsButton[];
  /** Bumped after every write on the screen: the view reads again. */
  version: number;
  onPress: (button: EpsButton, ids: number[]) => void;
  onClose: () => void;
};

/**
 * Detail views that replace the generic info dialog, by entity prefix. The list, search, tabs and buttons stay
 * generic (declared in the schema); only what a generic view cannot know — an order's lines and history, a task's schedule and run log — is written here.
 */
export const INFO_VIEWS: Record<string, LazyExoticComponent<ComponentType<InfoViewProps>>> = {
  'order/order': lazy(() => import('./order-detail')),
  'task/info': lazy(() => import('./task-detail')),
};
