import { useMemo } from 'react';
import { useTheme } from '../../engine/theme';

export type ChartColors = {
  primary: string;
  primarySoft: string;
  ink: string;
  muted: string;
  line: string;
  surface: string;
  palette: string[];
};

const css = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** The theme's colours as Chart.js needs them (canvas cannot read CSS variables); recomputed when the theme changes. */
export function useChartColors(): ChartColors {
  const theme = useTheme();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the CSS variables read here change with the mode (theme.dark) as well as the colour
  return useMemo(() => {
    // Bars and lines are graphics a reader must tell from the surface (WCAG 1.4.11): the brand colour's 3:1 shade.
    const primary = css('--color-primary-ui', theme.color);
    return {
      primary,
      primarySoft: css('--color-primary-7', primary),
      ink: css('--color-ink', '#1d2433'),
      muted: css('--color-muted', '#667085'),
      line: css('--color-line', '#e4e7ec'),
      surface: css('--color-surface', '#ffffff'),
      palette: [primary, '#3eb489', '#ffa500', '#d0378d', '#708090', '#ff4500', '#51c21a', '#8da3e7'],
    };
  }, [theme.color, theme.dark]);
}
