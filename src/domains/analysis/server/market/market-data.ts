import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cleanMovies, type CleaningReport, type MarketFilm, type RawMovie } from './clean-movies';

export interface MarketData {
  films: readonly MarketFilm[];
  report: CleaningReport;
  /** "1915–2010": the years the cleaned data covers, as the UI states it. */
  dataRange: string;
  source: string;
}

export const MARKET_DATA_SOURCE =
  'vega-datasets data/movies.json (BSD-3-Clause): 3,201 US-released films with budgets and grosses';

let cached: MarketData | null = null;

/** The raw rows, read from the installed package (its data folder is not in its exports). */
export function readRawMovies(): RawMovie[] {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('vega-datasets');
  let folder = path.dirname(entry);
  // build/index.js → the package root, whatever the depth.
  while (!folder.endsWith('vega-datasets') && folder !== path.dirname(folder)) {
    folder = path.dirname(folder);
  }
  return JSON.parse(readFileSync(path.join(folder, 'data', 'movies.json'), 'utf8')) as RawMovie[];
}

/** Builds market data from raw rows (tests pass their own). */
export function buildMarketData(rows: readonly RawMovie[]): MarketData {
  const { films, report } = cleanMovies(rows);
  return {
    films,
    report,
    dataRange: `${report.firstYear}–${report.lastYear}`,
    source: MARKET_DATA_SOURCE,
  };
}

/**
 * The cleaned film table, built once per process on first use (about 3,200 rows, a few
 * milliseconds) and kept in memory: it is read-only and the same in every instance.
 */
export function loadMarketData(): MarketData {
  cached ??= buildMarketData(readRawMovies());
  return cached;
}
