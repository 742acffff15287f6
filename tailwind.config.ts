/**
 * What the console looks like, in one file: the design tokens of Joinery's screens.
 *
 * Tailwind 4 loads this through `@config` in runtime/styles.css. Colours are CSS variables (`--color-<name>`) so the
 * theme can change at run time: the light palette is written on `:root`, the dark one on `:root.dark` (the `dark`
 * class is set by runtime/engine/theme.ts), and theme.ts overwrites `--color-primary`, `--color-on-primary` and the
 * nine tints `--color-primary-1…9` when a user picks another brand colour (SPEC §9). Screens use the utilities
 * (`bg-primary`, `text-ink`, `border-line`, `bg-surface`, `shadow-panel`, …), never fixed hex values.
 *
 * The runtime imports `tokens` too (breakpoints, the surfaces the tints mix towards), so code and CSS cannot drift.
 */
import type { Config } from 'tailwindcss';
import type createPlugin from 'tailwindcss/plugin';

type PluginFn = Parameters<typeof createPlugin>[0];

/** The brand colour and its tints for the default theme: step N is N×10% of the way to the page background. */
const primary = {
  primary: '#4165d7',
  'primary-1': '#5474db',
  'primary-2': '#6784df',
  'primary-3': '#7a93e3',
  'primary-4': '#8da3e7',
  'primary-5': '#a0b2eb',
  'primary-6': '#b3c1ef',
  'primary-7': '#c6d1f3',
  'primary-8': '#d9e0f7',
  'primary-9': '#ecf0fb',
  'on-primary': '#ffffff',
};

/** Surfaces, text, the sidebar and the status colours. Every name exists in both palettes. */
const light = {
  ...primary,
  canvas: '#f4f5f7',
  surface: '#ffffff',
  subtle: '#f6f7f9',
  hover: '#eef0f3',
  line: '#e4e7ec',
  'line-strong': '#d0d5dd',
  ink: '#1d2433',
  muted: '#667085',
  faint: '#98a2b3',

  sidebar: '#1b2030',
  'sidebar-hover': '#262c3f',
  'sidebar-active': '#2d3449',
  'sidebar-ink': '#e3e7ef',
  'sidebar-muted': '#98a0b3',

  success: '#12a150',
  'success-soft': '#e7f6ee',
  warning: '#d97706',
  'warning-soft': '#fdf3e3',
  danger: '#dc3545',
  'danger-soft': '#fcebec',
  info: '#64748b',
  'info-soft': '#eef1f5',
};

/** The dark palette: the brand tints are recomputed towards the dark surface by theme.ts at run time. */
const dark: Partial<Record<keyof typeof light, string>> = {
  'on-primary': '#ffffff',
  canvas: '#0e1015',
  surface: '#171a21',
  subtle: '#1c2028',
  hover: '#232834',
  line: '#2a303c',
  'line-strong': '#3a4150',
  ink: '#e5e8ef',
  muted: '#a0a8b8',
  faint: '#6c7587',

  sidebar: '#12151b',
  'sidebar-hover': '#1c2029',
  'sidebar-active': '#232834',
  'sidebar-ink': '#e3e7ef',
  'sidebar-muted': '#8d95a6',

  success: '#3cc27a',
  'success-soft': '#15301f',
  warning: '#f0a43a',
  'warning-soft': '#352612',
  danger: '#f0616d',
  'danger-soft': '#3a1a1e',
  info: '#97a3b6',
  'info-soft': '#232834',
};

const shadows = {
  light: {
    panel: '0 1px 2px rgb(16 24 40 / 0.04), 0 1px 3px rgb(16 24 40 / 0.06)',
    pop: '0 8px 24px rgb(16 24 40 / 0.12), 0 2px 6px rgb(16 24 40 / 0.08)',
  },
  dark: {
    panel: '0 1px 2px rgb(0 0 0 / 0.3)',
    pop: '0 8px 24px rgb(0 0 0 / 0.45), 0 2px 6px rgb(0 0 0 / 0.3)',
  },
};

/** SPEC §2 breakpoints (min widths): below sm is xs; xl up to 1920, above it full. */
const breakpoints = { sm: 768, md: 992, lg: 1200, xl: 1920 };

/** Corner radii the screens use: controls (inputs, buttons) md, panels and dialogs lg, tags and avatars full. */
const radius = {
  none: '0',
  sm: '0.25rem',
  DEFAULT: '0.25rem',
  md: '0.375rem',
  lg: '0.5rem',
  xl: '0.75rem',
  full: '9999px',
};

const fonts = {
  sans: [
    'Inter',
    'system-ui',
    '-apple-system',
    '"Segoe UI"',
    '"PingFang SC"',
    '"Hiragino Sans GB"',
    '"Microsoft YaHei"',
    '"Noto Sans CJK SC"',
    '"WenQuanYi Micro Hei"',
    '"Helvetica Neue"',
    'Arial',
    'sans-serif',
  ],
  mono: ['ui-monospace', '"SFMono-Regular"', 'Menlo', 'Consolas', '"Liberation Mono"', 'monospace'],
};

export const tokens = { light, dark, shadows, breakpoints, radius, fonts } as const;

const vars = (palette: Record<string, string | undefined>, shadow: Record<string, string>): Record<string, string> => ({
  ...Object.fromEntries(
    Object.entries(palette).flatMap(([name, value]) => (value ? [[`--color-${name}`, value]] : [])),
  ),
  ...Object.fromEntries(Object.entries(shadow).map(([name, value]) => [`--shadow-${name}`, value])),
});

export default {
  darkMode: ['variant', '&:where(.dark, .dark *)'],
  theme: {
    screens: Object.fromEntries(Object.entries(breakpoints).map(([name, px]) => [name, `${px}px`])),
    borderRadius: radius,
    extend: {
      colors: Object.fromEntries(Object.keys(light).map((name) => [name, `var(--color-${name})`])),
      boxShadow: { panel: 'var(--shadow-panel)', pop: 'var(--shadow-pop)' },
      fontFamily: fonts,
    },
  },
  plugins: [
    (({ addBase }) =>
      addBase({
        ':root': vars(light, shadows.light),
        ':root.dark': { ...vars(dark, shadows.dark), 'color-scheme': 'dark' },
      })) satisfies PluginFn,
  ],
} satisfies Config;
