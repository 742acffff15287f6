import type { EpsEntry } from '../../server/modules/base/open/eps-types';

/** A permission rule: one string, or lists that must all (and) / any (or) be held. */
export type PermissionRule = string | { or?: string[]; and?: string[] };

const squash = (s: string) => s.replace(/\s/g, '');

function holds(perms: readonly string[], wanted: string): boolean {
  const w = squash(wanted);
  // Substring match, as the original client does: 'base:sys:user' is held by whoever has 'base:sys:user:page'.
  return perms.some((p) => squash(p).includes(w));
}

/** Whether the permission strings satisfy the rule (SPEC §6). An object with both lists needs both. */
export function hasPermission(perms: readonly string[], rule: PermissionRule): boolean {
  if (typeof rule === 'string') return holds(perms, rule);
  const anyOk = rule.or?.length ? rule.or.some((r) => holds(perms, r)) : true;
  const allOk = rule.and?.length ? rule.and.every((r) => holds(perms, r)) : true;
  return anyOk && allOk;
}

/**
 * Whether the signed-in user may call an action of an entity: eps lists the route (it lists only what the caller may
 * call) and the user holds what the route checks (`access` of its eps entry: 'public', 'login' or the permission
 * string the schema gave it) — never a permission string rebuilt here from the prefix.
 */
export function mayCallAction(perms: readonly string[], entry: EpsEntry | undefined, action: string): boolean {
  const api = entry?.api.find((a) => a.path === `/${action}`);
  if (!api) return false;
  return (
    api.access === undefined || api.access === 'public' || api.access === 'login' || hasPermission(perms, api.access)
  );
}
