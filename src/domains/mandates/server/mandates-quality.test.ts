import { describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '@/domains/recommendations/server';
import { mandateText } from './mandate-fit';
import {
  contentWords,
  evaluateMandates,
  makeMandates,
  scoreList,
  type MandateQualityListing,
} from './mandate-quality';

/**
 * Issue 35's matching bench in miniature: 36 listings in three genres that share themes, as the
 * demo catalogue's genres do (grief and folklore are horror's and fantasy's; memory is the
 * thriller's and the science fiction's), so a mandate's theme words alone cannot tell a fitting
 * listing from one of another genre. The test embedder hashes words.
 */
const GENRES = {
  Horror: {
    themes: ['grief', 'folklore', 'isolation', 'memory'],
    settings: ['a fenland village', 'a Cornish lighthouse'],
    words: 'haunting dread cellar whispers ritual candle shadow bones'.split(' '),
  },
  Fantasy: {
    themes: ['folklore', 'grief', 'destiny', 'sacrifice'],
    settings: ['a drowned kingdom', 'a fenland village'],
    words: 'dragon sword prophecy crown realm sorcery quest throne'.split(' '),
  },
  'Science Fiction': {
    themes: ['memory', 'isolation', 'identity', 'artificial intelligence'],
    settings: ['a generation ship', 'a Cornish lighthouse'],
    words: 'android orbit signal colony reactor drone cloned starlight'.split(' '),
  },
} as const;

function fixtureListings(vectors: number[][] | null): MandateQualityListing[] {
  const rows: MandateQualityListing[] = [];
  Object.entries(GENRES).forEach(([genre, profile], g) => {
    for (let i = 0; i < 12; i += 1) {
      const themes = [profile.themes[i % 4], profile.themes[(i + 1) % 4]];
      const setting = profile.settings[i % 2];
      const words = [0, 1, 2, 3].map((j) => profile.words[(i + j * 3) % profile.words.length]);
      const id = g * 12 + i + 1;
      const text = `Story ${id}. A tale of ${words.join(', ')}, set in ${setting}. Themes: ${themes.join(', ')}. Genre: ${genre}.`;
      rows.push({
        id,
        title: `Story ${id}`,
        author: 'A Writer',
        genre,
        medium: i % 3 === 0 ? 'screenplay' : 'book',
        themes,
        tags: [],
        setting,
        rightsAvailable: ['film', 'tv'],
        territory: i % 2 === 0 ? ['Worldwide'] : ['UK'],
        suggestedOfferMin: (2000 + 500 * (i % 5)) * 100,
        suggestedOfferMax: (6000 + 1000 * (i % 5)) * 100,
        askingPrice: null,
        text,
        vector: vectors?.[id - 1] ?? [],
      });
    }
  });
  return rows;
}

async function measure() {
  const embedder = createHashingEmbedder();
  const texts = fixtureListings(null).map((listing) => listing.text);
  const listings = fixtureListings(await embedder.embed(texts));
  const mandates = makeMandates(listings, 40, 'mandates-quality-fixture');
  const mandateVectors = await embedder.embed(mandates.map(({ mandate }) => mandateText(mandate)));
  await embedder.close();
  return { report: evaluateMandates(listings, mandates, mandateVectors), mandates };
}

describe('mandate matching quality (issue 35)', () => {
  it('ranks the listings of a mandate’s hidden intent well above keyword matching', async () => {
    const { report } = await measure();
    expect(report.measured).toBeGreaterThanOrEqual(35);
    // Measured when written: ours nDCG@10 1.00 and precision@10 0.74 (7.7 relevant listings a
    // mandate, so 0.77 at most); keyword 0.93 and 0.67. Falling to keyword's level fails here.
    expect(report.ours.ndcg).toBeGreaterThan(0.95);
    expect(report.ours.ndcg).toBeGreaterThan(report.keyword.ndcg + 0.05);
    expect(report.ours.precision).toBeGreaterThan(report.keyword.precision + 0.05);
    expect(report.keyword.precision).toBeGreaterThan(report.random.precision);
  });

  it('writes mandates in a producer’s words, not the listing’s text', async () => {
    const { mandates } = await measure();
    const { intent, mandate } = mandates[0];
    expect(mandate.genres).toEqual([intent.genre]);
    expect(mandate.media).toEqual(intent.media);
    expect(mandate.budgetMin).toBeLessThan(mandate.budgetMax);
    expect(mandate.description).not.toContain('Themes:');
    expect(mandate.description).toContain(intent.themes[0]);
  });

  it('scores a list by hit, precision and nDCG at 10', () => {
    const relevant = new Set([1, 2]);
    expect(scoreList([1, 3, 4, 5, 6, 7, 8, 9, 10, 11], relevant)).toEqual({
      hitRate: 1,
      precision: 0.1,
      ndcg: 1 / (1 + 1 / Math.log2(3)),
    });
    expect(scoreList([3, 4], relevant).hitRate).toBe(0);
    expect(contentWords('We want the grief, and Folklore!')).toEqual(
      new Set(['grief', 'folklore']),
    );
  });
});
