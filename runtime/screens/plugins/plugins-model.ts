import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import type { RJSFSchema } from '@rjsf/utils';
import { BUILTIN_PLUGINS_KEY } from '../../engine/builtin-plugins';
import { entityApi } from '../../engine/entity-api';
import { EPS_KEY } from '../../engine/eps';
import { PERMMENU_KEY } from '../../engine/menu';
import {
  installPackage as install,
  isPluginPackage as isPackage,
  type InstallQuestion,
} from '../../engine/plugin-install';
import { toast } from '../../shell/toast';
import { BUILTIN_MODULES } from '../../modules/builtin-modules';

export const plugins$ = entityApi('plugin/info');

export type Plugin = {
  id: number;
  name: string;
  keyName: string;
  version: string | null;
  description: string | null;
  author: string | null;
  hook: string | null;
  logo: string | null;
  status: number;
  live?: boolean;
  readme?: string | null;
  builtin?: boolean;
  pluginJson: { configSchema?: RJSFSchema; locked?: boolean; order?: number } | null;
  config: Record<string, unknown> | null;
};
type PageReply = { list: Plugin[]; pagination: { total: number } };

const PAGE_KEY = plugins$.url('page');
export const moduleOf = (keyName: string) => BUILTIN_MODULES.find((m) => m.name === keyName);

/**
 * The plugin centre's state and actions, without its looks (plugins-screen.tsx and its parts draw them): the
 * plugins, installed and built-in; installing a package (with the server's questions); switching, configuring and
 * uninstalling; which dialog is open.
 */
export function usePlugins() {
  const { t } = useTranslation('plugin');
  const { mutate } = useSWRConfig();
  const plugins = useSWR<PageReply>(PAGE_KEY, () =>
    plugins$.post<PageReply>('page', { page: 1, size: 100, order: 'id', sort: 'desc' }),
  );
  const [dragOver, setDragOver] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [question, setQuestion] = useState<{ file: File; q: InstallQuestion } | null>(null);
  const [configuring, setConfiguring] = useState<Plugin | null>(null);
  const [reading, setReading] = useState<Plugin | null>(null);
  const [showing, setShowing] = useState<Plugin | null>(null);
  const [removing, setRemoving] = useState<Plugin | null>(null);
  const [dropTables, setDropTables] = useState(false);
  const all = plugins.data?.list ?? [];
  const installed = all.filter((p) => !p.builtin);
  const builtins = all
    .filter((p) => p.builtin)
    .sort((a, b) => (moduleOf(a.keyName)?.order ?? 99) - (moduleOf(b.keyName)?.order ?? 99));
  /** A built-in's name and summary in the reader's language (its row holds the original's Chinese). */
  const nameOf = (p: Plugin) => (p.builtin ? t(`builtin.${p.keyName}.name`, { defaultValue: p.name }) : p.name);
  const summaryOf = (p: Plugin) =>
    p.builtin ? t(`builtin.${p.keyName}.description`, { defaultValue: p.description ?? '' }) : p.description;

  /** After a change that adds or removes entities: the list, the sidebar, the entity metadata and the console's own parts are read again. */
  const refresh = () =>
    Promise.all([plugins.mutate(), mutate(EPS_KEY), mutate(PERMMENU_KEY), mutate(BUILTIN_PLUGINS_KEY)]);

  const send = async (file: File, force: boolean) => {
    setBusy(file.name);
    try {
      const q = await install(file, force);
      if (q && q.type === 0) toast.error(q.message);
      else if (q) setQuestion({ file, q });
      else {
        toast.success(t('installed', { name: file.name }));
        await refresh();
      }
    } catch (e) {
      toast.failure(e);
    } finally {
      setBusy(null);
    }
  };

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!isPackage(file)) {
      toast.error(t('notPackage', { name: file.name }));
      return;
    }
    void send(file, false);
  };

  const update = async (plugin: Plugin, body: Record<string, unknown>, done: string) => {
    setBusy(plugin.keyName);
    try {
      await plugins$.update({ id: plugin.id, ...body }, { quiet: true });
      toast.success(done);
      await refresh();
      return true;
    } catch (e) {
      toast.failure(e);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const uninstall = async (plugin: Plugin) => {
    setBusy(plugin.keyName);
    try {
      await plugins$.post('delete', { ids: [plugin.id], dropTables }, { quiet: true });
      toast.success(t('uninstalled', { name: plugin.name }));
      await refresh();
    } finally {
      setBusy(null);
    }
  };

  return {
    plugins,
    installed,
    builtins,
    nameOf,
    summaryOf,
    busy,
    question,
    setQuestion,
    configuring,
    setConfiguring,
    reading,
    setReading,
    showing,
    setShowing,
    removing,
    setRemoving,
    dropTables,
    setDropTables,
    dragOver,
    setDragOver,
    send,
    pick,
    update,
    uninstall,
  };
}

export type Plugins = ReturnType<typeof usePlugins>;
