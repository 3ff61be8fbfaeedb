import { toBaseYearDollars } from './cpi-u.constants';

/** One row of vega-datasets' data/movies.json, as shipped (fields may be null or odd). */
export interface RawMovie {
  Title?: unknown;
  'US Gross'?: unknown;
  'Worldwide Gross'?: unknown;
  'Production Budget'?: unknown;
  'Release Date'?: unknown;
  'MPAA Rating'?: unknown;
  'Major Genre'?: unknown;
  Source?: unknown;
  'Creative Type'?: unknown;
  'Rotten Tomatoes Rating'?: unknown;
  [key: string]: unknown;
}

/** A film after the cleaning rules below, in base-year (CPI-adjusted) US dollars. */
export interface MarketFilm {
  title: string;
  year: number;
  majorGenre: string | null;
  source: string | null;
  creativeType: string | null;
  mpaaRating: string | null;
  /** Rotten Tomatoes critics' rating, 0–100 (only the acclaim effect reads it: it is known
   * at release, not before, so the pre-release model leaves it out). */
  criticsRating: number | null;
  /** Nominal dollars as released; null when missing or ruled implausible. */
  budget: number | null;
  worldwideGross: number | null;
  usGross: number | null;
  /** CPI-adjusted to CPI_BASE_YEAR dollars. */
  budgetToday: number | null;
  worldwideGrossToday: number | null;
  /** worldwide gross ÷ budget; null when either is missing or the ratio is an outlier. */
  multiple: number | null;
}

export type CleaningRule =
  | 'unparseable-date'
  | 'future-date-century-corrected'
  | 'duplicate'
  | 'zero-gross-as-missing'
  | 'worldwide-below-us'
  | 'multiple-outlier';

export interface CleaningReport {
  input: number;
  kept: number;
  /** How many rows each rule touched. */
  applied: Record<CleaningRule, number>;
  /** Titles each rule touched (the first few, for the decision record and the admin page). */
  examples: Record<CleaningRule, string[]>;
  firstYear: number;
  lastYear: number;
}

/**
 * The data set was compiled early in 2011: films announced for 2011 (Tintin) are in it with no
 * gross yet, but nothing later can be. Later dates are a two-digit-year error (Duel in the
 * Sun, 1946, stored as 2046) and are moved back a century.
 */
export const LAST_RELEASE_YEAR = 2011;
/**
 * A worldwide gross over 100× the budget (Paranormal Activity's 12,900×, Tarnation's $218
 * budget) is real but no model for an adaptation's return: such films keep their figures but
 * leave every multiple statistic. Tiny budgets are real too (El Mariachi, $7,000), so no
 * budget is dropped for being small.
 */
export const MAX_PLAUSIBLE_MULTIPLE = 100;

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

/** "Dec 31 2046" → 2046; null for anything else. */
export function parseReleaseYear(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^([A-Za-z]{3})\s+(\d{1,2})\s+(\d{4})$/.exec(value.trim());
  if (!match || MONTHS[match[1].toLowerCase()] === undefined) return null;
  const day = Number(match[2]);
  if (day < 1 || day > 31) return null;
  return Number(match[3]);
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function amount(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

function emptyCounts<T>(make: () => T): Record<CleaningRule, T> {
  return {
    'unparseable-date': make(),
    'future-date-century-corrected': make(),
    duplicate: make(),
    'zero-gross-as-missing': make(),
    'worldwide-below-us': make(),
    'multiple-outlier': make(),
  };
}

/**
 * The cleaning rules, in order (docs/decisions/013-commercial-analysis.md):
 * 1. A release date that does not parse drops the row (no year, no CPI adjustment).
 * 2. A release year after LAST_RELEASE_YEAR moves back 100 years (two-digit-year error).
 * 3. A second row with the same title (case and spacing ignored) and the same corrected year
 *    is a duplicate: the row with more figures is kept. Same title in another year is a
 *    remake and stays.
 * 4. A worldwide gross of 0 is missing (unreleased or unknown), not a flop.
 * 5. A worldwide gross below the US gross is impossible: the worldwide figure becomes the US one.
 * 6. A gross-to-budget multiple above MAX_PLAUSIBLE_MULTIPLE is an outlier: its multiple is null.
 * Dollars are then adjusted to CPI_BASE_YEAR with the BLS CPI-U table.
 */
export function cleanMovies(rows: readonly RawMovie[]): {
  films: MarketFilm[];
  report: CleaningReport;
} {
  const applied = emptyCounts(() => 0);
  const examples = emptyCounts<string[]>(() => []);
  const note = (rule: CleaningRule, title: string) => {
    applied[rule] += 1;
    if (examples[rule].length < 5) examples[rule].push(title);
  };

  const byKey = new Map<string, { film: MarketFilm; figures: number }>();
  const order: string[] = [];
  for (const row of rows) {
    const title = text(row.Title) ?? '(untitled)';
    let year = parseReleaseYear(row['Release Date']);
    if (year === null) {
      note('unparseable-date', title);
      continue;
    }
    if (year > LAST_RELEASE_YEAR) {
      year -= 100;
      note('future-date-century-corrected', title);
    }
    const budget = amount(row['Production Budget']);
    const usGross = amount(row['US Gross']);
    let worldwideGross = amount(row['Worldwide Gross']);
    if (worldwideGross === 0) {
      worldwideGross = null;
      note('zero-gross-as-missing', title);
    }
    if (worldwideGross !== null && usGross !== null && worldwideGross < usGross) {
      worldwideGross = usGross;
      note('worldwide-below-us', title);
    }
    let multiple =
      budget !== null && worldwideGross !== null && budget > 0 ? worldwideGross / budget : null;
    if (multiple !== null && multiple > MAX_PLAUSIBLE_MULTIPLE) {
      multiple = null;
      note('multiple-outlier', title);
    }
    const film: MarketFilm = {
      title,
      year,
      majorGenre: text(row['Major Genre']),
      source: text(row.Source),
      creativeType: text(row['Creative Type']),
      mpaaRating: text(row['MPAA Rating']),
      criticsRating:
        typeof row['Rotten Tomatoes Rating'] === 'number' ? row['Rotten Tomatoes Rating'] : null,
      budget,
      worldwideGross,
      usGross,
      budgetToday: budget === null ? null : toBaseYearDollars(budget, year),
      worldwideGrossToday: worldwideGross === null ? null : toBaseYearDollars(worldwideGross, year),
      multiple: multiple === null ? null : Math.round(multiple * 1000) / 1000,
    };
    const figures = [budget, worldwideGross, usGross, film.majorGenre, film.source].filter(
      (value) => value !== null,
    ).length;
    const key = `${title.toLowerCase().replace(/\s+/g, ' ')}|${year}`;
    const existing = byKey.get(key);
    if (existing) {
      note('duplicate', title);
      if (figures > existing.figures) byKey.set(key, { film, figures });
      continue;
    }
    byKey.set(key, { film, figures });
    order.push(key);
  }
  const films = order.map((key) => byKey.get(key)!.film);
  // The years the figures cover: films with a worldwide gross (2011 titles had none yet).
  const years = films.filter((film) => film.worldwideGross !== null).map((film) => film.year);
  return {
    films,
    report: {
      input: rows.length,
      kept: films.length,
      applied,
      examples,
      firstYear: Math.min(...years),
      lastYear: Math.max(...years),
    },
  };
}
