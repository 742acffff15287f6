import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { EpsEntry } from '../engine/eps';

/** What a hand-written add form gets from the generic screen. */
export type AddViewProps = { entry: EpsEntry; prefix: string; lang: string; onClose: () => void; onSaved: () => void };

/**
 * Add forms that replace the generic one, by entity prefix, for records a schema form cannot make: an order is a
 * member, one of their addresses and lines of products with quantities, priced by the server before it is saved.
 * Editing stays generic.
 */
export const ADD_VIEWS: Record<string, LazyExoticComponent<ComponentType<AddViewProps>>> = {
  'order/order': lazy(() => import('./order-add/order-add')),
};
