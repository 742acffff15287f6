import { useEffect, useState, useSyncExternalStore } from 'react';
import { breakpointOf, onColor, tints, type Breakpoint } from './theme-colors';
import { tokens } from '../../tailwind.config';

export { breakpointOf, mix, tints, type Breakpoint } from './theme-colors';

/** The eight theme colours of SPEC §9. */
export const THEME_COLORS = [
  { key: 'default', color: tokens.light.primary },
  { key: 'emerald', color: '#51C21A' },
  { key: 'rosewood', color: '#d0378d' },
  { key: 'goldenOrange', color: '#FFA500' },
  { key: 'cherry', color: '#FF69B4' },
  { key: 'mint', color: '#3EB489' },
  { key: 'slateGray', color: '#708090' },
  { key: 'coral', color: '#FF4500' },
] as const;

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

function load(): ThemeOptions {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<ThemeOptions>;
    return {
      color: typeof saved.color === 'string' && /^#[0-9a-f]{6}$/i.test(saved.color) ? saved.color : DEFAULTS.color,
      dark: saved.dark === true,
      menuGroup: saved.menuGroup === true,
      transition: saved.transition === 'fade' || saved.transition === 'none' ? saved.transition : 'slide',
    };
  } catch (error) {
    console.warn('theme preference unreadable, using defaults', error);
    return DEFAULTS;
  }
}

function apply(options: ThemeOptions): void {
  const root = document.documentElement;
  root.classList.toggle('dark', options.dark);
  root.style.setProperty('--color-primary', options.color);
  root.style.setProperty('--color-on-primary', onColor(options.color));
  tints(options.color, options.dark).forEach((t, i) => root.style.setProperty(`--color-primary-${i + 1}`, t));
}

let current = load();
apply(current);
const listeners = new Set<() => void>();

export function getTheme(): ThemeOptions {
  return current;
}

/** Changes theme options; they apply at once and persist. */
export function setTheme(patch: Partial<ThemeOptions>): void {
  current = { ...current, ...patch };
  localStorage.setItem(KEY, JSON.stringify(current));
  apply(current);
  for (const l of listeners) l();
}

export function useTheme(): ThemeOptions {
  return useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, getTheme);
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
