import type { ComponentType } from 'react';
import type { CellKind } from './field-kind';
import { cellWidgets, type CellProps } from './cells';

/**
 * The cell half of the widget registry (widget-registry.tsx holds both halves): how each kind of field is shown in a
 * table cell. Kept apart so that a list, which shows cells only, does not download the form widgets with it.
 */
export const cellRegistry: Record<CellKind, ComponentType<CellProps>> = cellWidgets;
