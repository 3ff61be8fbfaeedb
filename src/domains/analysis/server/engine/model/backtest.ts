import type { MarketFilm } from '../../market/clean-movies';
import { VIABILITY_TIERS } from '../../../analysis.constants';
import { filmFeatures, isScorable, realisedMultiple } from './features';
import { fitRecoupModel, predictRecoup } from './fit-recoup-model';
import { spearman } from './rank-correlation';

/**
 * The back-test: fit on the films released up to a cut-off year, score the films of the next
 * two years (which the fit never saw), and compare the score with what those films returned.
 * Rolling cut-offs pool every held-out film. The baseline is what a genre average alone
 * would say: each held-out film gets its genre's recoup rate among the fitted films.
 */
export const BACKTEST_CUTOFFS = [1996, 1998, 2000, 2002, 2004, 2006, 2008] as const;
export const HELD_OUT_YEARS = 2;

export interface BandOutcome {
  tier: string;
  from: number;
  to: number;
  films: number;
  /** Share of the band's films that grossed at least their budget (0–1); null: none. */
  recouped: number | null;
  /** Median worldwide gross ÷ budget of the band's films. */
  medianMultiple: number | null;
}

export interface BacktestWindow {
  cutoff: number;
  testYears: string;
  films: number;
  spearman: number | null;
  baselineSpearman: number | null;
}

export interface BacktestResult {
  films: number;
  /** Spearman's rank correlation of the score with the realised multiple, all held-out films. */
  spearman: number;
  baselineSpearman: number;
  /** Mean absolute gap between a band's predicted and realised recoup rate (points). */
  calibrationError: number;
  /** Brier score of the score and of the baseline (lower is better). */
  brier: number;
  baselineBrier: number;
  bands: BandOutcome[];
  baselineBands: BandOutcome[];
  windows: BacktestWindow[];
  heldOutYears: string;
}

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

function bandsOf(scored: Array<{ score: number; multiple: number }>): BandOutcome[] {
  return VIABILITY_TIERS.map((band, index) => {
    const to = index === 0 ? 100 : VIABILITY_TIERS[index - 1].min - 1;
    const inBand = scored.filter((row) => row.score >= band.min && row.score <= to);
    return {
      tier: band.tier,
      from: band.min,
      to,
      films: inBand.length,
      recouped:
        inBand.length === 0
          ? null
          : round(inBand.filter((row) => row.multiple >= 1).length / inBand.length, 3),
      medianMultiple: (() => {
        const m = median(inBand.map((row) => row.multiple));
        return m === null ? null : round(m, 2);
      })(),
    };
  });
}

/** The score a model gives a film: 100 × its predicted chance of recouping, 1–99. */
export const toScore = (probability: number) =>
  Math.min(99, Math.max(1, Math.round(probability * 100)));

function genreAverages(films: readonly MarketFilm[]) {
  const scorable = films.filter(isScorable);
  const overall = scorable.filter((film) => realisedMultiple(film)! >= 1).length / scorable.length;
  const byGenre = new Map<string, { n: number; recouped: number }>();
  for (const film of scorable) {
    const key = film.majorGenre ?? '';
    const entry = byGenre.get(key) ?? { n: 0, recouped: 0 };
    entry.n += 1;
    entry.recouped += realisedMultiple(film)! >= 1 ? 1 : 0;
    byGenre.set(key, entry);
  }
  return (film: MarketFilm) => {
    const entry = byGenre.get(film.majorGenre ?? '');
    return entry && entry.n > 0 ? entry.recouped / entry.n : overall;
  };
}

export function runBacktest(films: readonly MarketFilm[]): BacktestResult {
  const pooled: Array<{ p: number; baseline: number; multiple: number }> = [];
  const windows: BacktestWindow[] = [];
  for (const cutoff of BACKTEST_CUTOFFS) {
    const training = films.filter((film) => film.year <= cutoff);
    const held = films.filter(
      (film) => film.year > cutoff && film.year <= cutoff + HELD_OUT_YEARS && isScorable(film),
    );
    const model = fitRecoupModel(training);
    const baseline = genreAverages(training);
    const rows = held.map((film) => ({
      p: predictRecoup(model, filmFeatures(film)),
      baseline: baseline(film),
      multiple: realisedMultiple(film)!,
    }));
    pooled.push(...rows);
    const multiples = rows.map((row) => row.multiple);
    windows.push({
      cutoff,
      testYears: `${cutoff + 1}–${cutoff + HELD_OUT_YEARS}`,
      films: rows.length,
      spearman: nullableRound(
        spearman(
          rows.map((row) => row.p),
          multiples,
        ),
      ),
      baselineSpearman: nullableRound(
        spearman(
          rows.map((row) => row.baseline),
          multiples,
        ),
      ),
    });
  }
  const multiples = pooled.map((row) => row.multiple);
  const brierOf = (pick: (row: (typeof pooled)[number]) => number) =>
    round(
      pooled.reduce((sum, row) => sum + (pick(row) - (row.multiple >= 1 ? 1 : 0)) ** 2, 0) /
        pooled.length,
      4,
    );
  const bands = bandsOf(pooled.map((row) => ({ score: toScore(row.p), multiple: row.multiple })));
  const gaps = VIABILITY_TIERS.flatMap((band, index) => {
    const inBand = pooled.filter(
      (row) =>
        toScore(row.p) >= band.min &&
        (index === 0 || toScore(row.p) < VIABILITY_TIERS[index - 1].min),
    );
    if (inBand.length === 0) return [];
    const predicted = inBand.reduce((sum, row) => sum + row.p, 0) / inBand.length;
    const realised = inBand.filter((row) => row.multiple >= 1).length / inBand.length;
    return [{ weight: inBand.length, gap: Math.abs(predicted - realised) }];
  });
  const totalWeight = gaps.reduce((sum, gap) => sum + gap.weight, 0);
  const last = BACKTEST_CUTOFFS[BACKTEST_CUTOFFS.length - 1];
  return {
    films: pooled.length,
    spearman: round(
      spearman(
        pooled.map((row) => row.p),
        multiples,
      ) ?? 0,
      3,
    ),
    baselineSpearman: round(
      spearman(
        pooled.map((row) => row.baseline),
        multiples,
      ) ?? 0,
      3,
    ),
    calibrationError: round(
      (100 * gaps.reduce((sum, gap) => sum + gap.weight * gap.gap, 0)) / Math.max(1, totalWeight),
      1,
    ),
    brier: brierOf((row) => row.p),
    baselineBrier: brierOf((row) => row.baseline),
    bands,
    baselineBands: bandsOf(
      pooled.map((row) => ({ score: toScore(row.baseline), multiple: row.multiple })),
    ),
    windows,
    heldOutYears: `${BACKTEST_CUTOFFS[0] + 1}–${last + HELD_OUT_YEARS}`,
  };
}

function nullableRound(value: number | null) {
  return value === null ? null : round(value, 3);
}
