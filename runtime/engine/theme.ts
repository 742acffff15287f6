import { useEffect, useState, useSyncExternalStore } from 'react';
import { brandTokensOf, breakpointOf, THEME_COLORS, type Breakpoint } from './theme-colors';

export { breakpointOf, mix, THEME_COLORS, tints, type Breakpoint } from './theme-colors';

export type Transition = 'slide' | 'fade' | 'none';
export type ThemeOptions = {
  color: string;
  dark: boolean;
  /** Top-level directories become groups in the header; the sidebar shows the chosen group. */
  menuGroup: boolean;
  transition: Transition;
};

const KEY = 'joinery.theme';
const DEFAULTS: ThemeOptions = { color: THEME_COLORS[0].color, dark: false, menuGroup: false, transition: 'slide' };
const HEX = /^#[0-9a-f]{6}$/i;
const isTransition = (v: unknown): v is Transition => v === 'slide' || v === 'fade' || v === 'none';

/** The choices this browser's user made (only those: what they left alone follows the theme plugin's defaults). */
function loadSaved(): Partial<ThemeOptions> {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<ThemeOptions>;
    const out: Partial<ThemeOptions> = {};
    if (typeof saved.color === 'string' && HEX.test(saved.color)) out.color = saved.color;
    if (typeof saved.dark === 'boolean') out.dark = saved.dark;
    if (typeof saved.menuGroup === 'boolean') out.menuGroup = saved.menuGroup;
    if (isTransition(saved.transition)) out.transition = saved.transition;
    return out;
  } catch (error) {
    console.warn('theme preference unreadable, using defaults', error);
    return {};
  }
}

function apply(options: ThemeOptions): void {
  const root = document.documentElement;
  root.classList.toggle('dark', options.dark);
  for (const [name, value] of Object.entries(brandTokensOf(options.color, options.dark)))
    root.style.setProperty(`--color-${name}`, value);
}

let saved = loadSaved();
/** The theme plugin: its defaults (an admin's settings) and whether it is on (off: everyone gets its defaults, light). */
let plugin: { enabled: boolean; defaults: ThemeOptions } = { enabled: true, defaults: DEFAULTS };
const effective = (): ThemeOptions =>
  plugin.enabled ? { ...plugin.defaults, ...saved } : { ...plugin.defaults, dark: false };
let current = effective();
apply(current);
const listeners = new Set<() => void>();

function refresh(): void {
  const next = effective();
  if (JSON.stringify(next) === JSON.stringify(current)) return;
  current = next;
  apply(current);
  for (const l of listeners) l();
}

export function getTheme(): ThemeOptions {
  return current;
}

// A choice made in another tab of the console (the theme drawer there) applies in this one too: the storage event
// fires in every other tab of the same origin when the saved choices change.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => {
    if (e.key !== KEY && e.key !== null) return;
    saved = loadSaved();
    refresh();
  });

/** Changes theme options (the user's own choices); they apply at once and persist. */
export function setTheme(patch: Partial<ThemeOptions>): void {
  saved = { ...saved, ...patch };
  localStorage.setItem(KEY, JSON.stringify(saved));
  refresh();
}

/** The theme plugin's switch and settings (from the server): its defaults fill what the user has not chosen. */
export function setThemePlugin(enabled: boolean, config: Record<string, unknown> | null): void {
  const c = config ?? {};
  const defaults: ThemeOptions = {
    color: typeof c.color === 'string' && HEX.test(c.color) ? c.color : DEFAULTS.color,
    dark: false,
    menuGroup: typeof c.menuGroup === 'boolean' ? c.menuGroup : DEFAULTS.menuGroup,
    transition: isTransition(c.transition) ? c.transition : DEFAULTS.transition,
  };
  plugin = { enabled, defaults };
  refresh();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

export function useTheme(): ThemeOptions {
  return useSyncExternalStore(subscribe, getTheme);
}

/**
 * One theme option: the component draws again only when that option changes. The shell reads only the menu's
 * grouping and the page transition, so choosing a colour or the mode does not draw the whole console again (the
 * colours are CSS variables).
 */
export function useThemeOption<K extends keyof ThemeOptions>(key: K): ThemeOptions[K] {
  return useSyncExternalStore(subscribe, () => current[key]);
}

export function useBreakpoint(): Breakpoint {
  const [bp, setBp] = useState(() => breakpointOf(window.innerWidth));
  useEffect(() => {
    const onResize = () => setBp(breakpointOf(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return bp;
}
