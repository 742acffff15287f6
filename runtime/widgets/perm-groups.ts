import type { EpsEntry } from '../../server/modules/base/open/eps-types';
import { labelOf } from './label-of';

export type Perm = { perm: string; summary: string };
export type Group = { prefix: string; title: string; perms: Perm[] };

/**
 * The permission strings the server routes, by entity: what each call checks (eps `access`: `<prefix as colons>:<action>`
 * unless the schema names another), once each with the calls it grants; calls open to everyone or to any signed-in
 * user carry none.
 */
export function permGroups(entries: EpsEntry[], lang: string): Group[] {
  return entries
    .map((e) => {
      const prefix = e.prefix.replace(/^\/admin\//, '');
      // One row a permission: calls that check the same one (a list's export checks its page permission) share it.
      const byPerm = new Map<string, string[]>();
      for (const a of e.api)
        if (a.access !== undefined && a.access !== 'public' && a.access !== 'login')
          byPerm.set(a.access, [...(byPerm.get(a.access) ?? []), a.summary]);
      const perms = [...byPerm].map(([perm, summaries]) => ({ perm, summary: summaries.join(' · ') }));
      const title = e.joinery?.title ? labelOf(e.joinery.title, lang) : e.info?.type?.description || e.name || prefix;
      return { prefix, title, perms };
    })
    .filter((g) => g.perms.length > 0)
    .sort((a, b) => a.prefix.localeCompare(b.prefix));
}
