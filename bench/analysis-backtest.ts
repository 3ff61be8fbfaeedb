/**
 * The analysis score's back-test: for each cut-off year the recoup model is fitted on the
 * films released up to it and scores the films of the next two years, which it never saw.
 * Prints Spearman's rank correlation between score and realised return (worldwide gross ÷
 * budget), the realised return of each score band, and the same for a genre-average
 * baseline. With --write it stores the figures, with today's date, where the method page and
 * the PDF read them (the engine's test fails if they go out of step with the data).
 *
 *   npm run bench:analysis-backtest [-- --write]
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runBacktest } from '../src/domains/analysis/server/engine/model/backtest';
import { fitRecoupModel } from '../src/domains/analysis/server/engine/model/fit-recoup-model';
import { loadMarketData } from '../src/domains/analysis/server/market/market-data';

const started = performance.now();
const films = loadMarketData().films;
const result = runBacktest(films);
const ms = performance.now() - started;

const pct = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);
console.log(
  `Back-test over ${result.films} held-out films (${result.heldOutYears}), ${ms.toFixed(0)} ms`,
);
console.log(
  `Spearman, score vs realised return: ${result.spearman} (genre-average baseline ${result.baselineSpearman})`,
);
console.log(
  `Brier score: ${result.brier} (baseline ${result.baselineBrier}); band calibration error ${result.calibrationError} points`,
);
console.log('\nCut-off  held-out   films  Spearman  baseline');
for (const w of result.windows) {
  console.log(
    `${w.cutoff}     ${w.testYears}  ${String(w.films).padStart(5)}  ${String(w.spearman).padStart(8)}  ${String(w.baselineSpearman).padStart(8)}`,
  );
}
console.log(
  '\nBand            score   films  recouped  median return | baseline films  recouped  median',
);
result.bands.forEach((band, index) => {
  const base = result.baselineBands[index];
  console.log(
    `${band.tier.padEnd(14)}  ${`${band.from}–${band.to}`.padEnd(6)}  ${String(band.films).padStart(5)}  ${pct(band.recouped).padStart(8)}  ${String(band.medianMultiple ?? '—').padStart(12)}× | ${String(base.films).padStart(14)}  ${pct(base.recouped).padStart(8)}  ${String(base.medianMultiple ?? '—').padStart(6)}×`,
  );
});

if (process.argv.includes('--write')) {
  const runOn = new Date().toISOString().slice(0, 10);
  const model = fitRecoupModel(films);
  const fitted = {
    ...model,
    weights: [...model.weights].map(([key, weight]) => [key, weight]),
    /** The cleaned table it was fitted on: how many films, so the engine knows it is the same. */
    fittedOn: films.length,
  };
  const file = path.join(
    import.meta.dirname,
    '../src/domains/analysis/server/engine/model/backtest-result.generated.ts',
  );
  writeFileSync(
    file,
    `/**
 * Written by \`npm run bench:analysis-backtest -- --write\` (bench/analysis-backtest.ts); do not
 * edit. The engine's test recomputes the back-test and the fit and fails if they go stale.
 */
import type { BacktestResult } from './backtest';

export const BACKTEST: { runOn: string; result: BacktestResult } = ${JSON.stringify({ runOn, result }, null, 2)};

/**
 * The recoup model fitted on every film, shipped rather than fitted on the server's first
 * analysis (a fit holds the event loop for 40–190 ms; the job promises under 50).
 */
export const FITTED_MODEL = ${JSON.stringify(fitted, null, 2)};
`,
  );
  console.log(`\nWritten to ${path.relative(process.cwd(), file)} (run on ${runOn})`);
}
