import useSWR from 'swr';
import { useMemo } from 'react';
import { request } from './request';
import { useSession, userKey } from './session';
import { buildMenu, type MenuModel, type PermMenu } from './menu-tree';

export { buildMenu, menuTrail, type MenuModel, type MenuNode, type MenuRow, type PermMenu } from './menu-tree';

export const PERMMENU_KEY = '/admin/base/comm/permmenu';
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

async function fetchPermMenu(key: string): Promise<PermMenu> {
  const data = await request<PermMenu>(key);
  localStorage.setItem(STORE, JSON.stringify(data));
  return data;
}

/** Menus and permission strings of the signed-in user; kept in localStorage so a reload paints at once. */
export function usePermMenu(): { data?: PermMenu; isLoading: boolean; isValidating: boolean; error?: Error } {
  const session = useSession();
  const { data, error, isLoading, isValidating } = useSWR<PermMenu, Error>(
    session ? PERMMENU_KEY : null,
    fetchPermMenu,
    {
      fallbackData: session ? stored() : undefined,
      revalidateOnMount: true,
      revalidateOnFocus: false,
    },
  );
  return { data, isLoading, isValidating, error };
}

/**
 * The menu tree. `isLoading` while there is none to show; `isChecking` while the one shown (kept from the last start)
 * is being read again — a page that the kept menu cannot place is only called missing once the server has answered.
 */
export function useMenu(): MenuModel & { isLoading: boolean; isChecking: boolean; error?: Error } {
  const { data, isLoading, isValidating, error } = usePermMenu();
  const model = useMemo(() => buildMenu(data?.menus ?? []), [data]);
  return { ...model, isLoading: isLoading && !data, isChecking: isValidating, error };
}
