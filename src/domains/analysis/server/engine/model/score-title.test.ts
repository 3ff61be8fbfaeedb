import { describe, expect, it } from 'vitest';
import { loadMarketData } from '../../market/market-data';
import { analyseListing, type EngineListing } from '../analyse-listing';
import { runBacktest } from './backtest';
import { BACKTEST, FITTED_MODEL } from './backtest-result.generated';
import { fitRecoupModel } from './fit-recoup-model';
import { namedTitles, salesNumber } from './listing-facts';

const market = loadMarketData();

const listing = (overrides: Partial<EngineListing> = {}): EngineListing => ({
  id: 1,
  title: 'The Glass Orchard',
  genre: 'Thriller',
  medium: 'book',
  pages: 320,
  publishDate: '2019-05-01',
  status: 'available',
  suggestedOfferMaxPence: 6_000_000,
  awards: null,
  salesFigures: null,
  reviews: null,
  comparableTitles: null,
  previousAdaptations: false,
  averageRating: null,
  ratingsCount: null,
  ratingsSource: null,
  twitterMentions: null,
  twitterBuzzScore: null,
  youtubeTotalViews: null,
  youtubePopularityScore: null,
  youtubeAdaptationPotential: null,
  contentRating: 'R',
  themes: [],
  targetDemographic: null,
  ...overrides,
});

const analyse = (overrides: Partial<EngineListing> = {}) =>
  analyseListing(
    {
      listing: listing(overrides),
      activity: {
        listing: { views: 0, favourites: 0, offers: 0 },
        genre: { listings: 0, views: 0, favourites: 0, offers: 0, acceptedOptionPricesPence: [] },
      },
      asOfYear: 2026,
    },
    market,
  );

describe('the back-test (held-out years)', () => {
  const fresh = runBacktest(market.films);

  it('beats the genre-average baseline on films released after each cut-off', () => {
    expect(fresh.spearman).toBeGreaterThan(fresh.baselineSpearman);
    expect(fresh.brier).toBeLessThan(fresh.baselineBrier);
    // Most rolling windows, not one lucky pool.
    const won = fresh.windows.filter(
      (window) => (window.spearman ?? -1) > (window.baselineSpearman ?? -1),
    );
    expect(won.length).toBeGreaterThan(fresh.windows.length / 2);
  });

  it('is what the method page and the PDF print (rerun the bench with --write if not)', () => {
    expect(BACKTEST.result).toEqual(fresh);
    const fit = fitRecoupModel(market.films);
    expect(FITTED_MODEL).toEqual({
      ...fit,
      weights: [...fit.weights],
      fittedOn: market.films.length,
    });
    expect(BACKTEST.runOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('puts held-out films in a lower band that realised a lower recoup rate', () => {
    const [, viable, cautionary, risk] = fresh.bands;
    expect(viable.recouped!).toBeGreaterThan(cautionary.recouped!);
    expect(cautionary.recouped!).toBeGreaterThan(risk.recouped!);
  });
});

describe('a score per title', () => {
  it('gives two thrillers from books different scores when their facts differ, and names the facts', () => {
    const plain = analyse();
    const acclaimed = analyse({
      awards: 'Winner of the Costa Book Award 2021',
      reviews: '‘Unputdownable’ — The Times',
      salesFigures: 'Over 450,000 copies sold across all formats',
      twitterBuzzScore: 88,
      comparableTitles: 'Jaws meets The Silence of the Lambs',
    });
    expect(acclaimed.viabilityScore.value).not.toBe(plain.viabilityScore.value);
    expect(acclaimed.viabilityScore.value as number).toBeGreaterThan(
      plain.viabilityScore.value as number,
    );
    const basis = acclaimed.viabilityScore.basis.inputs.map(
      (input) => `${input.label}: ${input.value}`,
    );
    const line = (name: string) => basis.find((text) => text.startsWith(name))!;
    expect(line('Acclaim')).toMatch(/^Acclaim \(awards, reviews, reader rating\): \+\d/);
    expect(line('Acclaim')).toContain('Awards: Winner of the Costa Book Award 2021');
    expect(line('Acclaim')).toContain('Reviews: ‘Unputdownable’ — The Times');
    expect(line('Audience reach')).toContain('Sales: Over 450,000 copies sold');
    expect(line('Audience reach')).toContain('Social buzz 88 of 100');
    expect(line('Comparable titles the agent named')).toMatch(/Jaws \(1975, recouped\)/);
    // The plain one says its facts are missing, not that they moved it.
    const plainBasis = plain.viabilityScore.basis.inputs.map(
      (input) => `${input.label}: ${input.value}`,
    );
    expect(plainBasis).toContain(
      'Acclaim (awards, reviews, reader rating): +0.0 points: The listing names no awards, reviews or reader rating',
    );
  });

  it('moves the score with the budget band the asking price implies and the rating', () => {
    const cheap = analyse({ suggestedOfferMaxPence: 1_000_000 });
    const dear = analyse({ suggestedOfferMaxPence: 400_000_000 });
    expect(cheap.viabilityScore.value).not.toBe(dear.viabilityScore.value);
    const budgetLine = (a: typeof cheap) =>
      a.viabilityScore.basis.inputs.find((input) =>
        input.label.startsWith('Budget band implied by the asking price'),
      )!.value;
    expect(budgetLine(cheap)).toMatch(/budget under £3\.9M/);
    expect(budgetLine(dear)).toMatch(/budget £78\.2M or more/);
    expect(analyse({ contentRating: 'PG' }).viabilityScore.value).not.toBe(
      analyse({ contentRating: 'R' }).viabilityScore.value,
    );
  });

  it('reads sales lines and named comparables as agents write them', () => {
    expect(salesNumber('Over 120,000 copies sold across all formats')).toBe(120_000);
    expect(salesNumber('2 million downloads to date')).toBe(2_000_000);
    expect(namedTitles('Gone Girl meets The Night Manager')).toEqual([
      'Gone Girl',
      'The Night Manager',
    ]);
    expect(namedTitles('Arrival, Interstellar')).toEqual(['Arrival', 'Interstellar']);
  });
});
