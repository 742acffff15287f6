import { useEps } from './eps';
import { usePermMenu } from './menu';
import { hasPermission, mayCallAction, type PermissionRule } from './permission-rule';

export { hasPermission, mayCallAction, type PermissionRule };

/** The signed-in user's permission strings. */
export function usePerms(): string[] {
  return usePermMenu().data?.perms ?? [];
}

/** Whether the signed-in user holds the rule. */
export function usePermission(rule: PermissionRule): boolean {
  return hasPermission(usePerms(), rule);
}

/** `mayCallAction` for the signed-in user and an entity by its prefix (`base/sys/log`). */
export function useMayCall(prefix: string | undefined, action: string): boolean {
  const { byPrefix } = useEps();
  return mayCallAction(usePerms(), prefix ? byPrefix.get(prefix) : undefined, action);
}
