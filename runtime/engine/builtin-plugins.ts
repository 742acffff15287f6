import useSWR from 'swr';
import { request } from './request';
import { useSession } from './session';

/** GET /admin/base/comm/plugins: the console's built-in plugins, for every signed-in user. */
export type BuiltinPluginState = {
  keyName: string;
  name: string;
  status: number;
  config: Record<string, unknown> | null;
};

export const BUILTIN_PLUGINS_KEY = '/admin/base/comm/plugins';

export type BuiltinPlugins = {
  /** Whether the plugin is on. Until the server has answered (or if it cannot), every built-in counts as on. */
  enabled: (keyName: string) => boolean;
  config: (keyName: string) => Record<string, unknown> | null;
  loaded: boolean;
};

export function useBuiltinPlugins(): BuiltinPlugins {
  const session = useSession();
  const { data } = useSWR<BuiltinPluginState[]>(
    session ? BUILTIN_PLUGINS_KEY : null,
    (key: string) => request<BuiltinPluginState[]>(key, { quiet: true }),
    {
      // Back on the tab, a switch another admin flipped meanwhile is seen.
      revalidateOnFocus: true,
    },
  );
  const byKey = new Map((data ?? []).map((p) => [p.keyName, p]));
  return {
    enabled: (keyName) => (byKey.has(keyName) ? Number(byKey.get(keyName)!.status) === 1 : true),
    config: (keyName) => byKey.get(keyName)?.config ?? null,
    loaded: data !== undefined,
  };
}
