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
  it('adds up: the score is the formula of its three parts', () => {
    const analysis = analyseListing(inputs(), market);
    const { genreScore, mediumScore, lengthBonus, modelScore } = analysis.static;
    const expected = viabilityScore({
      genreScore: genreScore.value as number,
      mediumScore: mediumScore.value as number,
      pageAdjustment: lengthBonus.value as number,
      modelScore: modelScore.value as number,
    });
    expect(analysis.viabilityScore.value).toBe(expected);
    expect(analysis.tier).toBe(viabilityTier(expected));
    expect(analysis.viabilityScore.basis.formula).toMatch(/÷ 3/);
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

  it('takes comparables only of the listing’s genre and source type', () => {
    const analysis = analyseListing(inputs({ genre: 'Horror', medium: 'book' }), market);
    expect(analysis.forecasting.comparableFilms.length).toBeGreaterThan(0);
    for (const comparable of analysis.forecasting.comparableFilms) {
      const film = market.films.find(
        (f) => f.title === comparable.title && f.year === comparable.year,
      )!;
      expect(isOfGenre(film, 'Horror')).toBe(true);
      expect(isOfSource(film, 'book')).toBe(true);
      expect(['Based on Book/Short Story', 'Based on Factual Book/Article']).toContain(film.source);
    }
  });

  it('says Insufficient data, not a default, when the listing lacks what a figure needs', () => {
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
    expect(analysis.viabilityScore.kind).toBe('insufficient');
    expect(analysis.viabilityScore.value).toBeNull();
    expect(analysis.viabilityScore.note).toMatch(/^Insufficient data/);
    expect(analysis.tier).toBeNull();
    for (const figure of [
      analysis.static.genreScore,
      analysis.static.mediumScore,
      analysis.aiScores.marketAppeal,
      analysis.aiScores.adaptationFit,
      analysis.financial.productionBudget,
      analysis.financial.forecastGross,
      analysis.financial.roiMultiple,
      analysis.forecasting.scenarios.expected.gross,
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
      if (figure.kind === 'default') {
        expect(path.startsWith('.audience'), path).toBe(true);
        expect(figure.note).toBe('Genre default, not a finding');
      }
      if (figure.kind === 'insufficient') expect(figure.note, path).toMatch(/^Insufficient data/);
    }
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
    const started = performance.now();
    for (let i = 0; i < 200; i += 1) analyseListing(inputs({ id: i }), market);
    expect((performance.now() - started) / 200).toBeLessThan(5);
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
