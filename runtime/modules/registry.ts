import type { ComponentType } from 'react';

/**
 * A part of the console a plugin brings (SPEC §2, "a registry of modules with name, enable, index and order"):
 * `index` is shown alongside the routed view (an overlay, a drawer, a print frame), `toolbar` in the header,
 * `demos` in the plugin centre. `enable` comes from the plugin's row on the server.
 */
export type RuntimeModule = {
  /** The plugin's keyName. */
  name: string;
  enable: boolean;
  order: number;
  index?: ComponentType;
  toolbar?: ComponentType;
  demos?: ModuleDemo[];
};

/** A demo of a plugin: its title key (plugin:demos.<key>) and its screen, loaded when opened. */
export type ModuleDemo = { key: string; load: () => Promise<{ default: ComponentType }> };

/** The extra components: only enabled modules with an index component, by `order` (then name, so ties are stable). */
export function extraComponents(modules: readonly RuntimeModule[]): RuntimeModule[] {
  return modules
    .filter((m) => m.enable && m.index !== undefined)
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

/** The header entries of enabled modules, by order. */
export function toolbarEntries(modules: readonly RuntimeModule[]): RuntimeModule[] {
  return modules
    .filter((m) => m.enable && m.toolbar !== undefined)
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}
