import type { ReactNode } from 'react';
import { usePermission, type PermissionRule } from '../engine/permission';

/** Renders its children only for users holding the rule (a string, or {or, and} lists). */
export function PermissionGate({
  rule,
  children,
  fallback = null,
}: {
  rule: PermissionRule;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return usePermission(rule) ? children : fallback;
}

export default PermissionGate;
