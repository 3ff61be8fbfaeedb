/**
 * The demo generator's catalogue as the quality benches read it (issues 31 and 35), and the
 * embedding of its texts with a cache in the temp directory, shared by
 * bench/recommendations-quality.ts and bench/mandates-quality.ts so both rank the same titles
 * in the same order (and the 1,200-listing model vectors are embedded once for both).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateListing, type CatalogueContext } from '@/app/server/seed/generate-listing';
import { GENRES } from '@/app/server/seed/word-lists';
import { createHashingEmbedder, createModelEmbedder } from '@/domains/recommendations/server';
import { listingEmbeddingText } from '@/domains/recommendations/server/embed-listings';

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

const CONTEXT_AGENTS = [
  { id: 1, fullName: 'Agent One' },
  { id: 2, fullName: 'Agent Two' },
];

/** Every setting a genre's stories use, longest first (so the fullest phrase is found). */
export const SETTINGS = new Map(
  GENRES.map((genre) => [
    genre.name,
    [...genre.settings, ...(genre.periods ?? []).flatMap((period) => period.settings)].sort(
      (a, b) => b.length - a.length,
    ),
  ]),
);

/** The demo generator's catalogue of this size, available titles only (the only ones shown). */
export function generateCatalogue(count: number) {
  const context: CatalogueContext = {
    count,
    agents: CONTEXT_AGENTS,
    demoAgent: { id: 3, fullName: 'Demo Agent' },
  };
  const rows = [];
  for (let index = 0; index < count; index += 1) {
    const listing = generateListing(index, index + 1, context);
    if (listing.status !== 'available') continue;
    // Only what ranking, matching and the synthetic tastes read: 100,000 full listings would not fit.
    const themes = listing.themes ?? [];
    const tags = listing.tags ?? [];
    rows.push({
      id: listing.id,
      title: listing.title,
      author: listing.author,
      genre: listing.genre ?? '',
      medium: listing.medium,
      themes,
      tags,
      setting:
        SETTINGS.get(listing.genre ?? '')?.find((setting) =>
          (listing.description ?? '').includes(setting),
        ) ?? null,
      rightsAvailable: listing.rightsAvailable ?? [],
      territory: listing.territory ?? [],
      suggestedOfferMin: listing.suggestedOfferMin,
      suggestedOfferMax: listing.suggestedOfferMax,
      askingPrice: listing.askingPrice ?? null,
      // The generator's hidden "how known is it" drives the buzz score; else viability.
      appeal: (listing.twitterBuzzScore ?? (listing.viabilityScore ?? 50) * 0.6) / 100,
      text: listingEmbeddingText({ ...listing, themes, tags }),
    });
  }
  return rows;
}

export type CatalogueRow = ReturnType<typeof generateCatalogue>[number];

/**
 * The texts' vectors: the real model (its worker threads) or the hashing embedder the tests
 * use. Model vectors are cached as `pts-recs-quality-<cacheKey>.json` in the temp directory
 * and reused when the cached count matches.
 */
export async function embedAll(
  texts: string[],
  useModel: boolean,
  cacheKey: string,
  workers: number,
) {
  const cache = path.join(os.tmpdir(), `pts-recs-quality-${cacheKey}.json`);
  if (useModel && existsSync(cache)) {
    const cached = JSON.parse(readFileSync(cache, 'utf8')) as number[][];
    if (cached.length === texts.length) return cached.map((vector) => Float32Array.from(vector));
  }
  const embedder = useModel ? createModelEmbedder({ workers }) : createHashingEmbedder();
  // Float32: 100,000 vectors of 512 numbers are 200 MB so, twice that as plain arrays.
  const vectors: Float32Array[] = [];
  const batch = useModel ? 64 : 2000;
  const started = performance.now();
  for (let i = 0; i < texts.length; i += batch) {
    const embedded = await embedder.embed(texts.slice(i, i + batch));
    vectors.push(...embedded.map((vector) => Float32Array.from(vector)));
    if (useModel && (i / batch) % 5 === 0) {
      console.log(`  embedded ${vectors.length}/${texts.length}`);
    }
  }
  await embedder.close();
  console.log(
    `  ${useModel ? 'model' : 'hashing'} embedding: ${texts.length} texts in ${round((performance.now() - started) / 1000, 1)} s`,
  );
  if (useModel) writeFileSync(cache, JSON.stringify(vectors.map((vector) => Array.from(vector))));
  return vectors;
}
