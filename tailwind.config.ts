/**
 * What the console looks like, in one file: the design tokens of Joinery's screens.
 *
 * Tailwind 4 loads this through `@config` in runtime/styles.css. Colours are CSS variables (`--color-<name>`) so the
 * theme can change at run time: the light palette is written on `:root`, the dark one on `:root.dark` (the `dark`
 * class is set by runtime/engine/theme.ts), and theme.ts overwrites the brand colour's tokens (`--color-primary`,
 * its nine tints `--color-primary-1…9`, `--color-on-primary`, `-hover`, `-text`, `-ui`) when a user picks another
 * brand colour (SPEC §9). Screens use the utilities (`bg-primary`, `text-ink`, `border-line`, `bg-surface`,
 * `shadow-panel`, …), never fixed hex values. The colours that carry text or mark a control are computed by contrast
 * (runtime/engine/color-tokens.ts), in both modes and for every brand colour.
 *
 * The runtime imports `tokens` too (breakpoints, the surfaces the tints mix towards), so code and CSS cannot drift.
 */
import type { Config } from 'tailwindcss';
import type createPlugin from 'tailwindcss/plugin';
import { brandTokens, STATUSES, textTokens } from './runtime/engine/color-tokens';

type PluginFn = Parameters<typeof createPlugin>[0];

/** The brand colour of the default theme (SPEC §9); its tints and text shades are computed below. */
const brand = '#4165d7';

/**
 * The design's colours: surfaces, text, the sidebar and the status colours. The colours that carry text or mark a
 * control are not taken from here as they are: see `palette()`.
 */
const lightDesign = {
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

const darkDesign: typeof lightDesign = {
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

/**
 * A whole palette: the design's colours, the brand colour's tokens (its tints, `on-primary`, `primary-hover`,
 * `primary-text` for text, `primary-ui` for controls' parts) and the text tokens (`muted`, `faint`, `<status>-text`,
 * `on-<status>`), computed by contrast in runtime/engine/color-tokens.ts. theme.ts recomputes the brand's tokens for
 * the colour a user picks.
 */
const palette = (design: typeof lightDesign): typeof lightDesign & Record<string, string> => ({
  ...design,
  ...brandTokens(brand, design),
  ...textTokens(design),
});

/** Every name exists in both palettes. */
const light = palette(lightDesign);
const dark: typeof light = palette(darkDesign);

/**
 * Utilities that resolve a colour name to its readable shade, so a screen cannot put the brand or a status colour
 * as text below 4.5:1 by writing the obvious class: `text-primary` is `primary-text`, `text-danger` is
 * `danger-text`…; `border-primary`, `ring-primary`, `outline-primary` and `accent-primary` (a checked box) are
 * `primary-ui` (3:1). `bg-primary` stays the brand colour itself.
 */
const textColors = Object.fromEntries(['primary', ...STATUSES].map((name) => [name, `var(--color-${name}-text)`]));
const uiColors = { primary: 'var(--color-primary-ui)' };

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

const vars = (colors: Record<string, string>, shadow: Record<string, string>): Record<string, string> => ({
  ...Object.fromEntries(Object.entries(colors).map(([name, value]) => [`--color-${name}`, value])),
  ...Object.fromEntries(Object.entries(shadow).map(([name, value]) => [`--shadow-${name}`, value])),
});

export default {
  darkMode: ['variant', '&:where(.dark, .dark *)'],
  theme: {
    screens: Object.fromEntries(Object.entries(breakpoints).map(([name, px]) => [name, `${px}px`])),
    borderRadius: radius,
    extend: {
      colors: Object.fromEntries(Object.keys(light).map((name) => [name, `var(--color-${name})`])),
      textColor: textColors,
      borderColor: uiColors,
      ringColor: uiColors,
      outlineColor: uiColors,
      accentColor: uiColors,
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
