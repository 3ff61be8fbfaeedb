/**
 * Written by `npm run bench:analysis-backtest -- --write` (bench/analysis-backtest.ts); do not
 * edit. The engine's test recomputes the back-test and fails if these figures go stale.
 */
import type { BacktestResult } from './backtest';

export const BACKTEST: { runOn: string; result: BacktestResult } = {
  runOn: '2026-11-26',
  result: {
    films: 2307,
    spearman: 0.2,
    baselineSpearman: 0.132,
    calibrationError: 4.5,
    brier: 0.2285,
    baselineBrier: 0.2367,
    bands: [
      {
        tier: 'Highly Viable',
        from: 85,
        to: 100,
        films: 78,
        recouped: 0.692,
        medianMultiple: 1.9,
      },
      {
        tier: 'Viable',
        from: 70,
        to: 84,
        films: 846,
        recouped: 0.701,
        medianMultiple: 1.97,
      },
      {
        tier: 'Cautionary',
        from: 50,
        to: 69,
        films: 1237,
        recouped: 0.596,
        medianMultiple: 1.45,
      },
      {
        tier: 'High Risk',
        from: 0,
        to: 49,
        films: 146,
        recouped: 0.384,
        medianMultiple: 0.61,
      },
    ],
    baselineBands: [
      {
        tier: 'Highly Viable',
        from: 85,
        to: 100,
        films: 52,
        recouped: 0.692,
        medianMultiple: 2.14,
      },
      {
        tier: 'Viable',
        from: 70,
        to: 84,
        films: 1001,
        recouped: 0.672,
        medianMultiple: 1.77,
      },
      {
        tier: 'Cautionary',
        from: 50,
        to: 69,
        films: 1254,
        recouped: 0.583,
        medianMultiple: 1.39,
      },
      {
        tier: 'High Risk',
        from: 0,
        to: 49,
        films: 0,
        recouped: null,
        medianMultiple: null,
      },
    ],
    windows: [
      {
        cutoff: 1996,
        testYears: '1997–1998',
        films: 241,
        spearman: 0.024,
        baselineSpearman: 0.162,
      },
      {
        cutoff: 1998,
        testYears: '1999–2000',
        films: 364,
        spearman: 0.139,
        baselineSpearman: 0.079,
      },
      {
        cutoff: 2000,
        testYears: '2001–2002',
        films: 379,
        spearman: 0.266,
        baselineSpearman: 0.139,
      },
      {
        cutoff: 2002,
        testYears: '2003–2004',
        films: 373,
        spearman: 0.331,
        baselineSpearman: 0.23,
      },
      {
        cutoff: 2004,
        testYears: '2005–2006',
        films: 423,
        spearman: 0.278,
        baselineSpearman: 0.162,
      },
      {
        cutoff: 2006,
        testYears: '2007–2008',
        films: 312,
        spearman: 0.253,
        baselineSpearman: 0.183,
      },
      {
        cutoff: 2008,
        testYears: '2009–2010',
        films: 215,
        spearman: 0.215,
        baselineSpearman: 0.324,
      },
    ],
    heldOutYears: '1997–2010',
  },
};
