/**
 * The colour tokens that carry text or mark a control, computed from the design colours by contrast (WCAG 2.1 AA:
 * 4.5:1 for text, 1.4.3; 3:1 for the parts of controls and focus rings, 1.4.11) rather than picked by hand, so that
 * every theme colour in light and dark gets readable text. No imports but contrast.ts: tailwind.config.ts computes
 * the static palettes with it, runtime/engine/theme.ts the brand colour's tokens at run time.
 */
import { mix, onColor, readableShade, TEXT_RATIO, UI_RATIO } from './contrast';

/** The palette colours that text and controls stand on (a page, a panel, a table header, a hovered row). */
export type Grounds = { surface: string; subtle: string; canvas: string; hover: string };

const groundsOf = (g: Grounds) => [g.surface, g.subtle, g.canvas, g.hover];

/**
 * The brand colour's tokens in one mode:
 * - `primary`: the colour as chosen, the fill of primary buttons and the active menu row;
 * - `primary-1…9`: the nine tints of SPEC §9 (step N is N×10% of the way to the surface), for soft fills;
 * - `on-primary`: text on the fill (white, the ink or black: the first that reaches 4.5:1);
 * - `primary-hover`: the fill under the pointer, moved away from `on-primary` so the text stays readable;
 * - `primary-text`: the colour as text (links, row actions, the active tab) — the nearest shade reaching 4.5:1 on
 *   every ground and on the two lightest tints (an active tab, a primary tag);
 * - `primary-ui`: the colour as a control's part (a focus ring, a checked box, a selected border, the active tab's
 *   underline) — the nearest shade reaching 3:1 on every ground.
 */
export function brandTokens(color: string, grounds: Grounds): Record<string, string> {
  const tints = Array.from({ length: 9 }, (_, i) => mix(color, grounds.surface, (i + 1) / 10));
  const on = onColor(color);
  return {
    primary: color,
    ...Object.fromEntries(tints.map((t, i) => [`primary-${i + 1}`, t])),
    'on-primary': on,
    'primary-hover': mix(color, on === '#ffffff' ? '#000000' : '#ffffff', 0.12),
    'primary-text': readableShade(color, [...groundsOf(grounds), tints[7], tints[8]], TEXT_RATIO),
    'primary-ui': readableShade(color, groundsOf(grounds), UI_RATIO),
  };
}

export const STATUSES = ['success', 'warning', 'danger', 'info'] as const;
export type Status = (typeof STATUSES)[number];

/**
 * Text colours of a palette: `muted` and `faint` brought to 4.5:1 on every ground, and for each status colour a
 * `<status>-text` shade reaching 4.5:1 on the grounds and on its own soft fill (a tag), and `on-<status>` for text on
 * the status colour as a fill (the danger button). The status colours themselves stay as designed, for fills and
 * borders.
 */
export function textTokens(
  palette: Grounds & { muted: string; faint: string } & Record<Status | `${Status}-soft`, string>,
): Record<string, string> {
  const grounds = groundsOf(palette);
  return {
    muted: readableShade(palette.muted, grounds, TEXT_RATIO),
    faint: readableShade(palette.faint, grounds, TEXT_RATIO),
    ...Object.fromEntries(
      STATUSES.flatMap((s) => [
        [`${s}-text`, readableShade(palette[s], [...grounds, palette[`${s}-soft`]], TEXT_RATIO)],
        [`on-${s}`, onColor(palette[s])],
      ]),
    ),
  };
}
