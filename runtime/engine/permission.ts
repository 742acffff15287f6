import { usePermMenu } from './menu';
import { hasPermission, type PermissionRule } from './permission-rule';

export { hasPermission, type PermissionRule };

/** The signed-in user's permission strings. */
export function usePerms(): string[] {
  return usePermMenu().data?.perms ?? [];
}

/** Whether the signed-in user holds the rule. */
export function usePermission(rule: PermissionRule): boolean {
  return hasPermission(usePerms(), rule);
}
