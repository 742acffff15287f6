import useSWR, { type SWRResponse } from 'swr';
import { useMemo } from 'react';
import { request } from './request';
import { useSession, userKey } from './session';
import { buildMenu, type MenuModel, type PermMenu } from './menu-tree';

export { buildMenu, menuTrail, type MenuModel, type MenuNode, type MenuRow, type PermMenu } from './menu-tree';

import { PERMMENU_KEY } from './api-base';

export { PERMMENU_KEY };
const STORE = userKey('permmenu');

/** The last stored text read and what it parsed to: every dictionary cell of a list asks (once per render). */
let parsed: { raw: string; value: PermMenu | undefined } | undefined;

function stored(): PermMenu | undefined {
  const raw = localStorage.getItem(STORE);
  if (!raw) return undefined;
  if (parsed?.raw === raw) return parsed.value;
  let value: PermMenu | undefined;
  try {
    const v = JSON.parse(raw) as PermMenu;
    value = Array.isArray(v.perms) && Array.isArray(v.menus) ? v : undefined;
  } catch (error) {
    console.warn('discarding an unreadable stored menu', error);
  }
  parsed = { raw, value };
  return value;
}

/** Keeps a menu read from the server for the next start (its JSON is returned). */
export function keepMenu(menu: PermMenu): string {
  const raw = JSON.stringify(menu);
  localStorage.setItem(STORE, raw);
  return raw;
}

/** The menu the first render was given (main.tsx, read before it), with its JSON: see fetchPermMenu. */
let firstShown: { raw: string; value: PermMenu } | undefined;

/** Says which menu the first render is given (shell/first-screen-calls.ts). */
export function showFirstMenu(value: PermMenu): void {
  firstShown = { raw: JSON.stringify(value), value };
}

/**
 * Reads the menu and keeps a copy. A reply the same as the menu already shown (kept from the last start, or given to
 * the first render) is answered with that very object: the hooks' data stays the same, so nothing drawn from it —
 * the whole menu, every row's buttons — is drawn again for a check that changed nothing.
 */
async function fetchPermMenu(key: string): Promise<PermMenu> {
  const data = await request<PermMenu>(key);
  const raw = keepMenu(data);
  return [parsed, firstShown].find((shown) => shown?.raw === raw && shown.value)?.value ?? data;
}

/**
 * Menus and permission strings of the signed-in user; kept in localStorage so a reload paints at once. SWR's own
 * reply: a caller is drawn again only for what it reads (the permissions' callers read `data`, not whether the menu
 * is being checked).
 */
export function usePermMenu(): SWRResponse<PermMenu, Error> {
  const session = useSession();
  return useSWR<PermMenu, Error>(session ? PERMMENU_KEY : null, fetchPermMenu, {
    fallbackData: session ? stored() : undefined,
    revalidateOnMount: true,
    revalidateOnFocus: false,
  });
}

/**
 * The menu tree. `isLoading` while there is none to show; `isChecking` while the one shown (kept from the last start)
 * is being read again — a page that the kept menu cannot place is only called missing once the server has answered.
 * Those are read when asked for (getters): SWR then draws again only a caller that asked, so the end of the check at
 * start draws the shell, the breadcrumb and the page again only where a page waits on it.
 */
export function useMenu(): MenuModel & {
  readonly isLoading: boolean;
  readonly isChecking: boolean;
  readonly error?: Error;
} {
  const swr = usePermMenu();
  const data = swr.data;
  const model = useMemo(() => buildMenu(data?.menus ?? []), [data]);
  return {
    ...model,
    get isLoading() {
      return !data && swr.isLoading;
    },
    get isChecking() {
      return swr.isValidating;
    },
    get error() {
      return swr.error;
    },
  };
}
