import { useEffect, useMemo } from 'react';
import { useBuiltinPlugins } from '../engine/builtin-plugins';
import { setThemePlugin } from '../engine/theme';
import type { ModuleDemo, RuntimeModule } from './registry';
import { PrintHost } from './print/print-host';
import { ThemeHost, ThemeToolbar } from './theme-parts';

const demo = (key: string, load: ModuleDemo['load']): ModuleDemo => ({ key, load });

/**
 * The console's own modules, one per built-in plugin (server/modules/plugin/builtins.ts has their rows, by the same
 * keyName): the parts each brings. Whether each is on comes from the server.
 */
export const BUILTIN_MODULES: readonly Omit<RuntimeModule, 'enable'>[] = [
  { name: 'icon', order: 1, demos: [demo('icon.all', () => import('./demos/icon-demo'))] },
  {
    name: 'print',
    order: 2,
    index: PrintHost,
    demos: [
      demo('print.basic', () => import('./demos/print-basic-demo')),
      demo('print.form', () => import('./demos/print-form-demo')),
    ],
  },
  { name: 'tailwind', order: 3 },
  { name: 'theme', order: 4, index: ThemeHost, toolbar: ThemeToolbar },
  {
    name: 'upload',
    order: 5,
    demos: ['base', 'multiple', 'small', 'file', 'drag', 'custom', 'check', 'space'].map((k) =>
      demo(`upload.${k}`, () => import('./demos/upload-demos').then((m) => ({ default: m.UPLOAD_DEMOS[k] }))),
    ),
  },
  {
    name: 'view',
    order: 6,
    demos: [
      demo('view.group', () => import('./demos/view-group-demo')),
      demo('view.head', () => import('./demos/view-head-demo')),
    ],
  },
];

/** The module registry: the built-in modules with their switches from the server. */
export function useModules(): RuntimeModule[] {
  const plugins = useBuiltinPlugins();
  // One character per module, so the list keeps its identity until a switch changes.
  const switches = BUILTIN_MODULES.map((m) => (plugins.enabled(m.name) ? '1' : '0')).join('');
  return useMemo(() => BUILTIN_MODULES.map((m, i) => ({ ...m, enable: switches[i] === '1' })), [switches]);
}

/** Keeps the theme engine in step with the theme plugin (its switch and the default theme an admin set). */
export function useThemePluginSync(): void {
  const plugins = useBuiltinPlugins();
  const { loaded } = plugins;
  const on = plugins.enabled('theme');
  const config = JSON.stringify(plugins.config('theme'));
  useEffect(() => {
    if (loaded) setThemePlugin(on, JSON.parse(config) as Record<string, unknown> | null);
  }, [loaded, on, config]);
}
