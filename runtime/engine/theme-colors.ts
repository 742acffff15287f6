/** Colour arithmetic and breakpoints of the theme: pure, so they are tested without a browser. */
import { tokens } from '../../tailwind.config';

/** The tints mix towards the surface of each palette (tailwind.config.ts holds the tokens). */
const LIGHT_BASE = tokens.light.surface;
const DARK_BASE = tokens.dark.surface ?? '#171a21';

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes `color` towards `base` by `weight` (0 = color, 1 = base). */
export function mix(color: string, base: string, weight: number): string {
  const a = rgb(color);
  const b = rgb(base);
  const out = a.map((c, i) => Math.round(c * (1 - weight) + b[i] * weight));
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The nine tints of SPEC §9: step N is N×10% of the way to the page background. */
export function tints(color: string, dark: boolean): string[] {
  return Array.from({ length: 9 }, (_, i) => mix(color, dark ? DARK_BASE : LIGHT_BASE, (i + 1) / 10));
}

/** WCAG 2.x relative luminance of a #rrggbb colour. */
export function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Text colours for the brand colour, in order of preference: white, the ink, then black (always ≥ 4.58:1 with one of white or black). */
const ON_COLORS = ['#ffffff', '#1d2433', '#000000'];

/**
 * The text colour on the brand colour (primary buttons, the active menu row): the first of white, the ink and black
 * that meets 4.5:1 (WCAG 1.4.3), chosen by computing contrast rather than by a luminance threshold (which left
 * white on five of the eight theme colours below 4.5:1).
 */
export function onColor(color: string): string {
  return (
    ON_COLORS.find((c) => contrast(color, c) >= 4.5) ??
    ON_COLORS.reduce((best, c) => (contrast(color, c) > contrast(color, best) ? c : best))
  );
}

/** SPEC §2 breakpoints: below 768 xs, below 992 sm, below 1200 md, below 1920 xl, above that full. */
export type Breakpoint = 'xs' | 'sm' | 'md' | 'xl' | 'full';

export function breakpointOf(width: number): Breakpoint {
  const bp = tokens.breakpoints;
  if (width < bp.sm) return 'xs';
  if (width < bp.md) return 'sm';
  if (width < bp.lg) return 'md';
  if (width < bp.xl) return 'xl';
  return 'full';
}
