import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokens } from '../../tailwind.config';
import { STATUSES } from './color-tokens';
import { contrast, readableShade, worstContrast } from './contrast';
import { brandTokensOf, THEME_COLORS } from './theme-colors';

/** WCAG 2.1 AA: text 4.5:1 (1.4.3), parts of controls 3:1 (1.4.11). */
const MODES = [
  { mode: 'light', dark: false, palette: tokens.light },
  { mode: 'dark', dark: true, palette: tokens.dark },
] as const;
const grounds = (p: typeof tokens.light) => [p.surface, p.subtle, p.canvas, p.hover];

describe('colour tokens by contrast (issue 29)', () => {
  for (const { mode, dark, palette } of MODES) {
    for (const { key, color } of THEME_COLORS) {
      it(`${key} in ${mode}: text, controls and text on the fill reach AA`, () => {
        const t = brandTokensOf(color, dark);
        expect(t.primary).toBe(color);
        // The brand as text: links, row actions, the active tab (on a tint), a primary tag, the avatar.
        const textGrounds = [...grounds(palette), t['primary-8'], t['primary-9']];
        expect(worstContrast(t['primary-text'], textGrounds)).toBeGreaterThanOrEqual(4.5);
        // The brand as a control's part: focus ring, checked box, selected border, active underline, chart bars.
        expect(worstContrast(t['primary-ui'], grounds(palette))).toBeGreaterThanOrEqual(3);
        // Text on the brand fill, at rest and under the pointer.
        expect(contrast(t['on-primary'], t.primary)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t['on-primary'], t['primary-hover'])).toBeGreaterThanOrEqual(4.5);
      });
    }

    it(`${mode}: muted and faint text, status text on the page and on its tag, text on a status fill`, () => {
      for (const name of ['muted', 'faint', 'ink'] as const)
        expect(worstContrast(palette[name], grounds(palette)), name).toBeGreaterThanOrEqual(4.5);
      for (const s of STATUSES) {
        const text = palette[`${s}-text`];
        expect(worstContrast(text, [...grounds(palette), palette[`${s}-soft`]]), s).toBeGreaterThanOrEqual(4.5);
        expect(contrast(palette[`on-${s}`], palette[s]), `on-${s}`).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  it('the shades move only as far as needed: a colour that already reads well is kept', () => {
    // These failed before (issue 29): the default blue on the dark surface, light status tags, faint grey, and the
    // brand as text on white for six of the eight colours.
    expect(contrast('#4165d7', tokens.dark.surface)).toBeLessThan(4.5);
    expect(brandTokensOf('#4165d7', true)['primary-text']).not.toBe('#4165d7');
    expect(brandTokensOf('#FFA500', false)['primary-text']).not.toBe('#FFA500');
    // …while the default blue already reaches 3:1 on white as a control's part, and stays itself.
    expect(brandTokensOf('#4165d7', false)['primary-ui']).toBe('#4165d7');
  });

  it('readableShade reaches the ratio on any colour, and keeps a colour that already does', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    const palettes = MODES.map((m) => grounds(m.palette));
    fc.assert(
      fc.property(hex, fc.constantFrom(...palettes), fc.constantFrom(3, 4.5), (color, on, ratio) => {
        const shade = readableShade(color, on, ratio);
        expect(worstContrast(shade, on)).toBeGreaterThanOrEqual(ratio);
        if (worstContrast(color, on) >= ratio) expect(shade).toBe(color);
      }),
    );
  });
});
