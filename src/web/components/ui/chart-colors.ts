/**
 * The chart palette, in order of use: each colour has at least 3:1 contrast on the white chart
 * surface (WCAG 1.4.11 for graphics) and they stay apart for the common colour blindnesses.
 */
export const CHART_COLORS = [
  '#0f766e', // brand teal 700 (5.5:1)
  '#a16207', // amber 700 (4.9:1)
  '#4338ca', // indigo 700 (7.9:1)
  '#be123c', // rose 700 (6.3:1)
  '#57534e', // stone 600 (7.6:1)
  '#0369a1', // sky 700 (5.9:1)
] as const;
