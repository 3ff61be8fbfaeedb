/**
 * How long the analysis engine takes: one listing, the 1,200-listing demo catalogue and a
 * 100,000-listing catalogue (synthetic listings over the real genres and media), and the
 * longest the event loop is held between yields (the recompute job yields after every listing,
 * so a "slice" here is one listing's hash and analysis).
 *
 *   npm run bench:analysis
 */
import os from 'node:os';
import {
  analyseListing,
  type EngineInputs,
} from '../src/domains/analysis/server/engine/analyse-listing';
import { computeInputHash } from '../src/domains/analysis/server/engine/analyse-listing';
import {
  GENRE_TO_FILMS,
  MEDIUM_TO_SOURCES,
} from '../src/domains/analysis/server/engine/film-matching';
import { loadMarketData } from '../src/domains/analysis/server/market/market-data';

const loadStarted = performance.now();
const market = loadMarketData();
const loadMs = performance.now() - loadStarted;
const genres = Object.keys(GENRE_TO_FILMS);
const media = [...Object.keys(MEDIUM_TO_SOURCES), 'podcast', 'other'];

function inputs(id: number): EngineInputs {
  return {
    asOfYear: 2025,
    listing: {
      id,
      title: `Listing ${id}`,
      genre: genres[id % genres.length],
      medium: media[id % media.length],
      pages: 80 + (id % 600),
      publishDate: `${1990 + (id % 35)}-01-01`,
      status: 'available',
      suggestedOfferMaxPence: (id % 200) * 100_000,
      awards: id % 7 === 0 ? 'Booker longlist' : null,
      salesFigures: id % 4 === 0 ? `Over ${(id % 50) * 10_000} copies sold` : null,
      reviews: id % 6 === 0 ? 'A triumph — The Guardian' : null,
      comparableTitles: id % 9 === 0 ? 'Gone Girl meets Jaws' : null,
      previousAdaptations: id % 11 === 0,
      averageRating: id % 3 === 0 ? 3 + (id % 20) / 10 : null,
      ratingsCount: id % 3 === 0 ? id % 5000 : null,
      ratingsSource: null,
      twitterMentions: null,
      twitterBuzzScore: id % 5 === 0 ? id % 100 : null,
      youtubeTotalViews: null,
      youtubePopularityScore: null,
      youtubeAdaptationPotential: null,
      contentRating: null,
      themes: [],
      targetDemographic: null,
    },
    activity: {
      listing: { views: id % 13, favourites: id % 4, offers: id % 3 },
      genre: {
        listings: 60,
        views: 400,
        favourites: 80,
        offers: 30,
        acceptedOptionPricesPence: [],
      },
    },
  };
}

/** Listings between two yields, as `refreshAnalyses` runs them (its `chunkSize`, default 1). */
const SLICE = 1;

function run(count: number): { totalMs: number; worstSliceMs: number; p99SliceMs: number } {
  let worstSliceMs = 0;
  const slices: number[] = [];
  const started = performance.now();
  let sliceStarted = started;
  for (let id = 1; id <= count; id += 1) {
    const input = inputs(id);
    computeInputHash(input, market);
    analyseListing(input, market);
    if (id % SLICE === 0) {
      const now = performance.now();
      slices.push(now - sliceStarted);
      worstSliceMs = Math.max(worstSliceMs, now - sliceStarted);
      sliceStarted = now;
    }
  }
  slices.sort((a, b) => a - b);
  const p99SliceMs = slices[Math.floor(slices.length * 0.99)] ?? 0;
  return { totalMs: performance.now() - started, worstSliceMs, p99SliceMs };
}

run(500); // warm up (and fill the per-genre caches, as a running server has them)
const one = run(1);
const catalogue = run(1_200);
const large = run(100_000);
console.log(
  `machine: ${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}, Node ${process.version}`,
);
console.log(
  `market data: ${market.films.length} films loaded and cleaned in ${loadMs.toFixed(1)} ms`,
);
console.log(`one listing: ${one.totalMs.toFixed(3)} ms`);
console.log(
  `1,200 listings: ${catalogue.totalMs.toFixed(0)} ms (${(catalogue.totalMs / 1_200).toFixed(3)} ms each); per ${SLICE} listing between yields: p99 ${catalogue.p99SliceMs.toFixed(1)} ms, longest ${catalogue.worstSliceMs.toFixed(1)} ms`,
);
console.log(
  `100,000 listings: ${(large.totalMs / 1000).toFixed(1)} s (${(large.totalMs / 100_000).toFixed(3)} ms each); per ${SLICE} listing between yields: p99 ${large.p99SliceMs.toFixed(1)} ms, longest ${large.worstSliceMs.toFixed(1)} ms`,
);
