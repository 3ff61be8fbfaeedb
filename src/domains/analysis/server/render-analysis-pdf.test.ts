import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { loadMarketData } from './market/market-data';
import { analyseListing, computeInputHash, type EngineInputs } from './engine/analyse-listing';
import { renderAnalysisReport } from './render-analysis-pdf';
import type { Analysis } from '../analysis.schema';

const market = loadMarketData();
const inputs: EngineInputs = {
  asOfYear: 2026,
  listing: {
    id: 11,
    title: 'The Glass Orchard',
    genre: 'Thriller',
    medium: 'book',
    pages: 320,
    publishDate: '2019-05-01',
    status: 'available',
    suggestedOfferMaxPence: 25_000_000,
    awards: 'Shortlisted for the CWA Gold Dagger 2020',
    salesFigures: 'Over 240,000 copies sold across all formats',
    reviews: '‘Gripping’ — The Guardian',
    comparableTitles: 'Gone Girl meets The Silence of the Lambs',
    previousAdaptations: false,
    averageRating: 4.1,
    ratingsCount: 3200,
    ratingsSource: null,
    twitterMentions: 400,
    twitterBuzzScore: 61,
    youtubeTotalViews: null,
    youtubePopularityScore: null,
    youtubeAdaptationPotential: null,
    contentRating: 'R',
    themes: ['grief'],
    targetDemographic: null,
  },
  activity: {
    listing: { views: 0, favourites: 0, offers: 0 },
    genre: { listings: 0, views: 0, favourites: 0, offers: 0, acceptedOptionPricesPence: [] },
  },
};

describe('the analysis PDF', () => {
  it('is a report a producer can forward, with no internal name or spec reference', async () => {
    const analysis: Analysis = {
      ...analyseListing(inputs, market),
      inputHash: computeInputHash(inputs, market),
      computedAt: '2026-11-26T12:00:00.000Z',
    };
    const { bytes, text, pages } = await renderAnalysisReport(analysis, {
      title: 'The Glass Orchard',
      author: 'Ruth Calder',
    });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(pages);
    expect(pages).toBeGreaterThanOrEqual(3);
    // The cover: title, score, band.
    const cover = text.split('How the score was reached')[0];
    expect(cover).toContain('The Glass Orchard');
    expect(cover).toContain(`${String(analysis.viabilityScore.value)} / 100`);
    expect(cover).toContain(analysis.tier!);
    // Every part, the method's back-test figure and date, the comparables and the sources.
    for (const heading of [
      'How the score was reached',
      'Money',
      'Comparable films',
      'Assumptions',
      'Method and back-test',
      'Sources',
    ]) {
      expect(text).toContain(heading);
    }
    const { backtest } = analysis.method;
    expect(text).toContain(`Back-test of ${backtest.runOn}`);
    expect(text).toContain(`${backtest.spearman.toFixed(2)}`);
    expect(text).toContain('The Silence of the Lambs (1991)');
    expect(text).toContain('named by the agent as comparable');
    // No internal names (camelCase identifiers), no spec references, no dollars left unconverted.
    expect(text).not.toMatch(/\b[a-z]+[A-Z][a-zA-Z]*\b/);
    expect(text).not.toMatch(/spec part|part 1|§|s\.\d/i);
    expect(text).not.toMatch(/\$\d[\d.,]*M/);
  });
});
