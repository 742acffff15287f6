/**
 * Colour arithmetic for readable colours (WCAG 2.x contrast), with no imports: tailwind.config.ts computes the static
 * palettes with it and runtime/engine/theme.ts the brand colour's tokens when a user picks a theme colour.
 */

export type Rgb = [number, number, number];

export function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function hexOf(rgb: readonly number[]): string {
  return `#${rgb
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes `color` towards `base` by `weight` (0 = color, 1 = base). */
export function mix(color: string, base: string, weight: number): string {
  const a = rgbOf(color);
  const b = rgbOf(base);
  return hexOf(a.map((c, i) => c * (1 - weight) + b[i] * weight));
}

/** WCAG 2.x relative luminance of a #rrggbb colour. */
export function luminance(color: string): number {
  const [r, g, b] = rgbOf(color).map((c) => {
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

/** The lowest contrast of `color` against any of `backgrounds`. */
export function worstContrast(color: string, backgrounds: readonly string[]): number {
  return Math.min(...backgrounds.map((b) => contrast(color, b)));
}

/** WCAG thresholds: normal text (1.4.3) and the parts of controls and graphics (1.4.11). */
export const TEXT_RATIO = 4.5;
export const UI_RATIO = 3;

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === R ? (G - B) / d + (G < B ? 6 : 0) : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [h / 6, s, l];
}

function fromHsl(h: number, s: number, l: number): string {
  if (s === 0) return hexOf([l * 255, l * 255, l * 255]);
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return hexOf([channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255]);
}

/**
 * The shade of `color` nearest to it (same hue and saturation, lightness moved as little as it takes) that reaches
 * `ratio` against every one of `backgrounds`: darker on light backgrounds, lighter on dark ones. The colour itself
 * when it already does. Found by bisecting the lightness, then checked: when no shade of the hue reaches the ratio
 * (it cannot happen against the palettes here, whose backgrounds are near white or near black), black or white.
 */
export function readableShade(color: string, backgrounds: readonly string[], ratio: number): string {
  if (worstContrast(color, backgrounds) >= ratio) return color;
  const lightBackgrounds = Math.max(...backgrounds.map(luminance)) > 0.18;
  const [h, s, l] = toHsl(rgbOf(color));
  // Search the lightness between the colour's own (fails) and the end away from the backgrounds (passes, if any).
  let fail = l;
  let pass = lightBackgrounds ? 0 : 1;
  if (worstContrast(fromHsl(h, s, pass), backgrounds) < ratio) return lightBackgrounds ? '#000000' : '#ffffff';
  for (let i = 0; i < 24; i++) {
    const mid = (fail + pass) / 2;
    if (worstContrast(fromHsl(h, s, mid), backgrounds) >= ratio) pass = mid;
    else fail = mid;
  }
  // Rounding to 8-bit channels can lose a hair of contrast: step on until the ratio holds.
  let out = fromHsl(h, s, pass);
  for (let step = 0.002; worstContrast(out, backgrounds) < ratio; step += 0.002)
    out = fromHsl(h, s, lightBackgrounds ? Math.max(0, pass - step) : Math.min(1, pass + step));
  return out;
}

/** Text colours for a filled colour, in order of preference: white, the ink, then black. */
const ON_COLORS = ['#ffffff', '#1d2433', '#000000'];

/**
 * The text colour on a filled colour (primary buttons, the active menu row, a coloured tag): the first of white, the
 * ink and black that reaches 4.5:1 against every one of `fills` (the colour and, say, its hover shade), chosen by
 * computing contrast rather than by a luminance threshold (which left white on five of the eight theme colours below
 * 4.5:1). When none does on all of them, the one with the best worst case (black or white reach 4.58:1 on any one
 * colour).
 */
export function onColor(...fills: string[]): string {
  return (
    ON_COLORS.find((c) => worstContrast(c, fills) >= TEXT_RATIO) ??
    ON_COLORS.reduce((best, c) => (worstContrast(c, fills) > worstContrast(best, fills) ? c : best))
  );
}
