import { describe, expect, it } from 'vitest';
import {
  pageCountAdjustment,
  priceTier,
  roiMultiple,
  viabilityLabel,
  viabilityScore,
  viabilityTier,
} from '../../analysis.rules';
import type { Figure } from '../../analysis.schema';
import { loadMarketData } from '../market/market-data';
import {
  analyseListing,
  computeInputHash,
  type EngineInputs,
  type EngineListing,
} from './analyse-listing';
import { isOfGenre, isOfSource } from './film-matching';
import { ratingsSourceOf } from '../load-engine-inputs';

const market = loadMarketData();

const listing = (overrides: Partial<EngineListing> = {}): EngineListing => ({
  id: 7,
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
  averageRating: 4.1,
  ratingsCount: 1200,
  ratingsSource: null,
  twitterMentions: null,
  twitterBuzzScore: null,
  youtubeTotalViews: null,
  youtubePopularityScore: null,
  youtubeAdaptationPotential: null,
  contentRating: null,
  themes: [],
  targetDemographic: null,
  ...overrides,
});

const inputs = (overrides: Partial<EngineListing> = {}): EngineInputs => ({
  listing: listing(overrides),
  activity: {
    listing: { views: 3, favourites: 1, offers: 0 },
    genre: { listings: 50, views: 100, favourites: 10, offers: 4, acceptedOptionPricesPence: [] },
  },
  asOfYear: 2025,
});

describe('the viability score (part 1 section 9)', () => {
  it.each([
    // genre, medium, page adjustment, model → score
    [75, 75, 0, 75, 75],
    [90, 80, 5, 85, 87],
    [60, 70, -10, 50, 57],
    [40, 98, 5, 40, 60], // the medium part is kept within 0-100 (98 + 5 → 100)
    [0, 5, -10, 0, 0],
    [100, 100, 5, 100, 100],
    [66, 67, 0, 67, 67], // (66 + 67 + 67) / 3 = 66.67 → 67
  ])('genre %i, medium %i (%i), model %i → %i', (genre, medium, adj, model, expected) => {
    expect(
      viabilityScore({
        genreScore: genre,
        mediumScore: medium,
        pageAdjustment: adj,
        modelScore: model,
      }),
    ).toBe(expected);
  });

  it.each([
    [100, 'Highly Viable', 'Exceptional Potential'],
    [85, 'Highly Viable', 'Exceptional Potential'],
    [84, 'Viable', 'Strong Viability'],
    [70, 'Viable', 'Strong Viability'],
    [69, 'Cautionary', 'Moderate Appeal'],
    [55, 'Cautionary', 'Moderate Appeal'],
    [54, 'Cautionary', 'Emerging Potential'],
    [50, 'Cautionary', 'Emerging Potential'],
    [49, 'High Risk', 'Emerging Potential'],
    [0, 'High Risk', 'Emerging Potential'],
  ])('score %i is %s, %s', (score, tier, label) => {
    expect(viabilityTier(score)).toBe(tier);
    expect(viabilityLabel(score)).toBe(label);
  });

  it.each([
    ['book', 200, 5],
    ['book', 400, 5],
    ['book', 99, -10],
    ['book', 100, 0],
    ['book', 500, 0],
    ['book', 501, -5],
    ['book', null, 0],
    ['screenplay', 120, 0],
  ] as const)('%s of %s pages adjusts the medium score by %i', (medium, pages, points) => {
    expect(pageCountAdjustment(medium, pages)).toBe(points);
  });

  it.each([
    [100_001, 'Premium'],
    [100_000, 'Professional'],
    [50_001, 'Professional'],
    [25_001, 'Commercial'],
    [10_001, 'Standard'],
    [10_000, 'Emerging'],
    [null, 'Emerging'],
  ])('a suggested maximum of £%s is %s', (pounds, tier) => {
    expect(priceTier(pounds)).toBe(tier);
  });

  it('ROI multiple: 2.5 at score 75 and an average genre, capped at 5, never negative', () => {
    expect(roiMultiple(75, 1)).toBe(2.5);
    expect(roiMultiple(85, 1)).toBe(3.5);
    expect(roiMultiple(100, 2)).toBe(5);
    expect(roiMultiple(0, 1)).toBe(0);
    expect(roiMultiple(75, 1.2)).toBe(3);
  });
});

describe('analyseListing', () => {
  it('adds up: the score is the chance of recouping, reached from all films by named parts', () => {
    const analysis = analyseListing(inputs(), market);
    const { method } = analysis;
    const score = analysis.viabilityScore.value as number;
    const summed = method.base + method.parts.reduce((sum, part) => sum + part.points, 0);
    expect(Math.abs(summed - score)).toBeLessThanOrEqual(1);
    expect(analysis.tier).toBe(viabilityTier(score));
    expect(analysis.viabilityScore.basis.formula).toMatch(
      /^Estimated chance in 100 that a film adaptation like this grosses at least its production budget worldwide/,
    );
    expect(method.low).toBeLessThanOrEqual(score);
    expect(method.high).toBeGreaterThanOrEqual(score);
    expect(analysis.dataRange).toBe('1915–2010');
  });

  it('gives the same analysis and the same input hash for the same inputs', () => {
    const first = analyseListing(inputs(), market);
    const second = analyseListing(structuredClone(inputs()), market);
    expect(second).toEqual(first);
    expect(computeInputHash(inputs(), market)).toBe(
      computeInputHash(structuredClone(inputs()), market),
    );
    expect(computeInputHash(inputs({ pages: 90 }), market)).not.toBe(
      computeInputHash(inputs(), market),
    );
  });

  it('chooses comparables for the title and says why each was chosen', () => {
    const analysis = analyseListing(inputs({ genre: 'Horror', medium: 'book' }), market);
    const listed = analysis.forecasting.comparableFilms;
    expect(listed.length).toBe(10);
    for (const comparable of listed) {
      const film = market.films.find(
        (f) => f.title === comparable.title && f.year === comparable.year,
      )!;
      // The closest films share the title's genre and source, and say so.
      expect(isOfGenre(film, 'Horror')).toBe(true);
      expect(isOfSource(film, 'book')).toBe(true);
      expect(comparable.reasons).toContain(`same source (${film.source})`);
      expect(comparable.reasons).toContain('same genre (Horror)');
    }
    const named = analyseListing(
      inputs({ genre: 'Horror', medium: 'book', comparableTitles: 'Jaws meets The Shining' }),
      market,
    );
    expect(
      named.forecasting.comparableFilms
        .slice(0, 2)
        .map((film) => film.title)
        .sort(),
    ).toEqual(['Jaws', 'The Shining']);
    expect(named.forecasting.comparableFilms[0].reasons).toContain(
      'named by the agent as comparable',
    );
  });
});

describe('analyseListing: thin data, confidence and money', () => {
  it('scores a title with thin data, with low confidence and what would raise it', () => {
    const analysis = analyseListing(
      inputs({
        genre: null,
        medium: 'podcast',
        pages: null,
        publishDate: null,
        averageRating: null,
        ratingsCount: null,
        suggestedOfferMaxPence: null,
      }),
      market,
    );
    expect(analysis.viabilityScore.kind).toBe('value');
    expect(typeof analysis.viabilityScore.value).toBe('number');
    expect(analysis.viabilityScore.confidence).toBe('low');
    expect(analysis.tier).not.toBeNull();
    expect(analysis.method.wouldRaise).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^a genre the film data covers/),
        'an asking price (it places the film’s budget band)',
      ]),
    );
    expect(analysis.recommendations[0]).toMatch(/^Ask the agent for a genre the film data covers/);
    for (const figure of [
      analysis.static.genreScore,
      analysis.static.mediumScore,
      analysis.aiScores.marketAppeal,
      analysis.enhanced.publicationRecency,
    ]) {
      expect(figure.kind).toBe('insufficient');
      expect(figure.value).toBeNull();
    }
    // Every figure anywhere is a value with a basis, 'Insufficient data', or a labelled default;
    // defaults appear only in the audience section (the spec's genre defaults).
    const walk = (node: unknown, path: string, found: Array<[string, Figure]>) => {
      if (node && typeof node === 'object') {
        if ('kind' in node && 'basis' in node) found.push([path, node as Figure]);
        else for (const [key, child] of Object.entries(node)) walk(child, `${path}.${key}`, found);
      }
      return found;
    };
    const figures = walk(analysis, '', []);
    expect(figures.length).toBeGreaterThan(40);
    for (const [path, figure] of figures) {
      expect(figure.basis.formula.length, path).toBeGreaterThan(5);
      expect(figure.unit, path).not.toBe('usd');
      if (figure.kind === 'default') {
        expect(path.startsWith('.audience'), path).toBe(true);
        expect(figure.note).toBe('Genre default, not a finding');
      }
      if (figure.kind === 'insufficient') expect(figure.note, path).toMatch(/^Insufficient data/);
    }
  });

  it('never gives High confidence on a handful of comparable films', () => {
    for (const genre of ['Thriller', 'Horror', 'Western', 'Musical', 'Documentary', 'Fantasy']) {
      for (const medium of ['book', 'comic', 'game', 'stage', 'television', 'podcast']) {
        const analysis = analyseListing(inputs({ genre, medium }), market);
        if (analysis.viabilityScore.confidence === 'high') {
          expect(analysis.method.confidenceWhy).toMatch(/^\d+ films share/);
          expect(Number(analysis.method.confidenceWhy.split(' ')[0])).toBeGreaterThanOrEqual(30);
        }
      }
    }
  });

  it('states money in pounds at a named year’s prices and rate, with the data’s years', () => {
    const analysis = analyseListing(inputs(), market);
    const { productionBudget, forecastGross } = analysis.financial;
    expect(productionBudget.unit).toBe('gbp');
    // £60,000 asking price ÷ 2.5% = £2.4M budget.
    expect(productionBudget.value).toBe(2_400_000);
    expect(forecastGross.basis.formula).toMatch(
      /pounds at 2024 prices \(US CPI-U\), converted at \$1\.2781 to the pound/,
    );
    expect(forecastGross.basis.dataRange).toBe('1915–2010');
    expect(JSON.stringify(analysis)).not.toMatch(/spec part|§/);
  });

  it('uses the listing’s own audience over the genre defaults', () => {
    const analysis = analyseListing(inputs({ targetDemographic: { ageRange: '18-24' } }), market);
    expect(analysis.audience.demographics.primaryAge).toMatchObject({
      kind: 'value',
      value: '18-24',
    });
    expect(analysis.audience.demographics.genderSplit).toMatchObject({ kind: 'default' });
  });

  it('analyses a listing in well under a millisecond once the market is loaded', () => {
    // CPU time of this process, not the wall clock: on a busy machine other processes' turns
    // would count against the engine (measured 5.04 ms a listing under two `yes` loops).
    const started = process.cpuUsage();
    for (let i = 0; i < 200; i += 1) analyseListing(inputs({ id: i }), market);
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000 / 200).toBeLessThan(5);
  });

  it('names where enriched reader ratings came from in the basis', () => {
    const analysis = analyseListing(
      inputs({ ratingsSource: 'Google Books on 24 Nov 2026' }),
      market,
    );
    expect(analysis.aiScores.marketAppeal.basis.inputs).toContainEqual({
      label: 'Ratings from',
      value: 'Google Books on 24 Nov 2026',
    });
    expect(ratingsSourceOf({ source: 'Google Books', enrichedAt: '2026-11-24T10:00:00Z' })).toBe(
      'Google Books on 24 Nov 2026',
    );
    expect(ratingsSourceOf({ averageRating: 4 })).toBeNull();
  });
});
