/** Colour arithmetic and breakpoints of the theme: pure, so they are tested without a browser. */
import { tokens } from '../../tailwind.config';
import { brandTokens } from './color-tokens';

export { contrast, luminance, mix, onColor } from './contrast';

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

/** The brand colour's tokens (tints, text on it, its text and control shades) in the light or the dark palette. */
export function brandTokensOf(color: string, dark: boolean): Record<string, string> {
  return brandTokens(color, dark ? tokens.dark : tokens.light);
}

/** The nine tints of SPEC §9: step N is N×10% of the way to the page background. */
export function tints(color: string, dark: boolean): string[] {
  const all = brandTokensOf(color, dark);
  return Array.from({ length: 9 }, (_, i) => all[`primary-${i + 1}`]);
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
