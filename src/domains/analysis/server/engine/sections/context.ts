import { MIN_COMPARABLES } from '../../../analysis.constants';
import type { MarketFilm } from '../../market/clean-movies';
import { CPI_BASE_YEAR } from '../../market/cpi-u.constants';
import type { MarketData } from '../../market/market-data';
import {
  EXCHANGE_RATE_SOURCE,
  EXCHANGE_RATE_YEAR,
  RIGHTS_SHARE_OF_BUDGET,
  USD_PER_GBP,
  toPounds,
} from '../../market/money.constants';
import type { EngineInputs, EngineListing, PlatformActivity } from '../engine-inputs';
import type { Inputs } from '../figure';
import { describeGenreRule, isOfGenre, isOfSource, sourcesOf } from '../film-matching';
import { scoreTitle, type TitleScore } from '../model/score-title';
import { median, quantileOfSorted, share } from '../stats';

/** How every money figure is stated: in pounds, at one year's prices and that year's rate. */
export const MONEY_BASIS = `pounds at ${CPI_BASE_YEAR} prices (US CPI-U), converted at $${USD_PER_GBP} to the pound (${EXCHANGE_RATE_SOURCE}, ${EXCHANGE_RATE_YEAR} average)`;

export const gbp = (pounds: number) => `£${(pounds / 1_000_000).toFixed(1)}M`;
export const pct = (value: number) => `${Math.round(value * 100)}%`;
export const ratio = (film: MarketFilm) =>
  film.budget && film.worldwideGross !== null ? film.worldwideGross / film.budget : null;
export const recoup = (list: readonly MarketFilm[]) =>
  share(list, (film) => (ratio(film) ?? 0) >= 1);
export const multiplesOf = (list: readonly MarketFilm[]) =>
  list.flatMap((film) => (film.multiple === null ? [] : [film.multiple]));
export const grossPounds = (film: MarketFilm) =>
  film.worldwideGrossToday === null ? null : Math.round(toPounds(film.worldwideGrossToday));
export const budgetPounds = (film: MarketFilm) =>
  film.budgetToday === null ? null : Math.round(toPounds(film.budgetToday));

/**
 * Market-wide figures and film groups depend only on the (immutable) market data and the
 * group's key, so they are computed once per market table: the engine stays a pure function.
 */
const memos = new WeakMap<MarketData, Map<string, unknown>>();
export function memo<T>(market: MarketData, key: string, compute: () => T): T {
  let table = memos.get(market);
  if (!table) {
    table = new Map();
    memos.set(market, table);
  }
  if (!table.has(key)) table.set(key, compute());
  return table.get(key) as T;
}

/** What every section of the analysis reads: the listing, its score and its films. */
export interface AnalysisContext {
  inputs: EngineInputs;
  listing: EngineListing;
  activity: PlatformActivity;
  market: MarketData;
  range: string;
  title: TitleScore;
  genreFilms: readonly MarketFilm[];
  genreRated: readonly MarketFilm[];
  sourceRated: readonly MarketFilm[];
  /**
   * The films the money figures rest on: those sharing the title's source and genre, or,
   * when fewer than MIN_COMPARABLES do, the genre's (then all films'), said in `basisLabel`.
   */
  basisFilms: readonly MarketFilm[];
  basisLabel: string;
  compInputs: Inputs;
  /** The basis films' gross-to-budget multiples and budgets (pounds), ascending. */
  sortedMultiples: readonly number[];
  sortedBudgets: readonly number[];
  allMedianMultiple: number;
  /** The film's production budget in pounds: implied by the asking price, else the comparables' median. */
  budget: { pounds: number | null; how: string };
}

const withRatios = (films: readonly MarketFilm[]) => films.filter((film) => ratio(film) !== null);

export function buildContext(inputs: EngineInputs, market: MarketData): AnalysisContext {
  const { listing } = inputs;
  const films = market.films;
  const genreKey = (listing.genre ?? '').trim().toLowerCase();
  const genreFilms = memo(market, `genre:${genreKey}`, () =>
    films.filter((film) => isOfGenre(film, listing.genre)),
  );
  const genreRated = memo(market, `genreRated:${genreKey}`, () => withRatios(genreFilms));
  const sourceRated = memo(market, `sourceRated:${listing.medium}`, () =>
    withRatios(films.filter((film) => isOfSource(film, listing.medium))),
  );
  const allRated = memo(market, 'allRated', () => withRatios(films));
  const title = scoreTitle(listing, market);
  const core = title.coreFilms;
  const sourceLabel = sourcesOf(listing.medium).join(', ') || 'no film source type';
  const [basisFilms, basisLabel] = memo(market, `basis:${genreKey}|${listing.medium}`, () =>
    core.length >= MIN_COMPARABLES
      ? [core, `films of genre ${describeGenreRule(listing.genre)} and source ${sourceLabel}`]
      : genreRated.length >= MIN_COMPARABLES
        ? [
            genreRated,
            `films of genre ${describeGenreRule(listing.genre)} (too few also share the source)`,
          ]
        : [allRated, 'all films (too few share the genre and source)'],
  ) as [readonly MarketFilm[], string];
  const sorted = memo(market, `basisSorted:${genreKey}|${listing.medium}`, () => ({
    multiples: multiplesOf(basisFilms).sort((a, b) => a - b),
    budgets: basisFilms
      .flatMap((film) => (budgetPounds(film) === null ? [] : [budgetPounds(film)!]))
      .sort((a, b) => a - b),
  }));
  return {
    inputs,
    listing,
    activity: inputs.activity,
    market,
    range: market.dataRange,
    title,
    genreFilms,
    genreRated,
    sourceRated,
    basisFilms,
    basisLabel,
    compInputs: [
      ['Genre', listing.genre],
      ['Medium', listing.medium],
      ['Films used', `${basisLabel}: ${basisFilms.length}`],
    ],
    sortedMultiples: sorted.multiples,
    sortedBudgets: sorted.budgets,
    allMedianMultiple: memo(market, 'allMedianMultiple', () => median(multiplesOf(films)) ?? 1),
    budget: budgetEstimate(title, sorted.budgets),
  };
}

function budgetEstimate(title: TitleScore, budgets: readonly number[]) {
  if (title.impliedBudgetUsd !== null) {
    return {
      pounds: Math.round(toPounds(title.impliedBudgetUsd)),
      how: `the asking price ÷ ${RIGHTS_SHARE_OF_BUDGET * 100}% (screen rights usually cost 2–3% of a film’s budget)`,
    };
  }
  const value = budgets.length >= MIN_COMPARABLES ? quantileOfSorted(budgets, 0.5) : null;
  return {
    pounds: value === null ? null : Math.round(value),
    how: 'the comparables’ median budget (the listing gives no asking price)',
  };
}
