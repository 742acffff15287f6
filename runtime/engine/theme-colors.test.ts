import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakpointOf, contrast, mix, onColor, THEME_COLORS, tints } from './theme-colors';

describe('theme colours (SPEC §9)', () => {
  it('tints are nine 10% steps from the colour towards the background', () => {
    const light = tints('#4165d7', false);
    expect(light).toHaveLength(9);
    expect(light[0]).toBe(mix('#4165d7', '#ffffff', 0.1));
    expect(light[4]).toBe('#a0b2eb');
    expect(light[8]).toBe('#ecf0fb');
    const dark = tints('#4165d7', true);
    expect(dark[8]).not.toBe(light[8]);
  });

  it('text on the brand colour stays readable', () => {
    expect(onColor('#4165d7')).toBe('#ffffff');
    expect(onColor('#FFA500')).toBe('#1d2433');
  });

  it('contrast is the WCAG ratio', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#4165d7', '#ffffff')).toBe(contrast('#ffffff', '#4165d7'));
  });

  it('text on every theme colour, and on any colour, meets 4.5:1 (it was white below 4.5:1 on five of the eight)', () => {
    for (const { color } of THEME_COLORS) {
      expect(contrast(color, onColor(color)), color).toBeGreaterThanOrEqual(4.5);
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const color = `#${n.toString(16).padStart(6, '0')}`;
        return contrast(color, onColor(color)) >= 4.5;
      }),
    );
  });

  it('breakpoints of SPEC §2', () => {
    expect([767, 768, 991, 992, 1199, 1200, 1919, 1920].map(breakpointOf)).toEqual([
      'xs',
      'sm',
      'sm',
      'md',
      'md',
      'xl',
      'xl',
      'full',
    ]);
  });
});
