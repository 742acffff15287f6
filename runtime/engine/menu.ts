import useSWR from 'swr';
import { useMemo } from 'react';
import { request } from './request';
import { useSession, userKey } from './session';
import { buildMenu, type MenuModel, type PermMenu } from './menu-tree';

export { buildMenu, menuTrail, type MenuModel, type MenuNode, type MenuRow, type PermMenu } from './menu-tree';

export const PERMMENU_KEY = '/admin/base/comm/permmenu';
const STORE = userKey('permmenu');

function stored(): PermMenu | undefined {
  const raw = localStorage.getItem(STORE);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as PermMenu;
    return Array.isArray(value.perms) && Array.isArray(value.menus) ? value : undefined;
  } catch (error) {
    console.warn('discarding an unreadable stored menu', error);
    return undefined;
  }
}

async function fetchPermMenu(key: string): Promise<PermMenu> {
  const data = await request<PermMenu>(key);
  localStorage.setItem(STORE, JSON.stringify(data));
  return data;
}

/** Menus and permission strings of the signed-in user; kept in localStorage so a reload paints at once. */
export function usePermMenu(): { data?: PermMenu; isLoading: boolean; error?: Error } {
  const session = useSession();
  const { data, error, isLoading } = useSWR<PermMenu, Error>(session ? PERMMENU_KEY : null, fetchPermMenu, {
    fallbackData: session ? stored() : undefined,
    revalidateOnMount: true,
    revalidateOnFocus: false,
  });
  return { data, isLoading, error };
}

export function useMenu(): MenuModel & { isLoading: boolean; error?: Error } {
  const { data, isLoading, error } = usePermMenu();
  const model = useMemo(() => buildMenu(data?.menus ?? []), [data]);
  return { ...model, isLoading: isLoading && !data, error };
}
