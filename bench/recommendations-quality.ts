/**
 * Recommendation quality (issue 31): hit rate@10 and nDCG@10 of our ranking against a
 * popularity baseline and a random draw, on the demo generator's catalogue, with synthetic
 * producers whose hidden taste (a genre, two of its themes, a setting, a medium) comes from
 * the generator's own vocabulary. Each producer has 12 interactions (views, favourites, offers)
 * drawn 80% from their taste and 20% from popularity; the last 3 are hidden and must be found.
 * Also reports how the match badges of our top 10 spread (how many 95%+, what each band holds).
 *
 *   npm run bench:recommendations-quality -- [--listings 1200,100000] [--producers 200]
 *     [--model-up-to 1200] [--workers 2] [--protocol full,sampled] [--sampled-producers 100]
 *
 * Two protocols. "full": the hidden picks must come back from the whole catalogue (exact
 * nearest 60, then our ranking). Catalogues up to --model-up-to listings are embedded with the
 * real model (Universal Sentence Encoder Lite in its worker threads; vectors cached in the temp
 * directory); larger ones with the hashing embedder the tests use, because embedding 100,000
 * texts with the model takes 86 minutes here. "sampled": each producer's hidden picks ranked
 * among 100 unseen titles drawn from the whole catalogue (recommendation-quality.ts says why
 * and what it flatters); only those titles and the histories are embedded, always with the
 * real model, so it runs at 100,000 too. The output labels every figure.
 */
import { parseArgs } from 'node:util';
import os from 'node:os';
import {
  DEFAULT_PRODUCER_OPTIONS,
  evaluateQuality,
  evaluateSampled,
  makeProducers,
  sampledCandidateIds,
  type QualityListing,
  type QualityReport,
} from '@/domains/recommendations/server/recommendation-quality';
import { hashSeed } from '@/server/prng';
import { embedAll as embedTexts, generateCatalogue } from './lib/quality-catalogue';

const { values: args } = parseArgs({
  options: {
    listings: { type: 'string', default: '1200,100000' },
    producers: { type: 'string', default: String(DEFAULT_PRODUCER_OPTIONS.producers) },
    'model-up-to': { type: 'string', default: '1200' },
    workers: { type: 'string', default: '2' },
    protocol: { type: 'string', default: 'full,sampled' },
    'sampled-producers': { type: 'string', default: '100' },
  },
});

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

const embedAll = (texts: string[], useModel: boolean, cacheKey: string) =>
  embedTexts(texts, useModel, cacheKey, Number(args.workers));

function printQuality(report: Pick<QualityReport, 'ours' | 'popularity' | 'random'>, n: number) {
  console.log('  method      hit@10   nDCG@10  in-taste@10');
  for (const method of ['ours', 'popularity', 'random'] as const) {
    const { hitRate, ndcg, tastePrecision } = report[method];
    console.log(
      `  ${method.padEnd(10)}  ${round(hitRate).toFixed(3)}    ${round(ndcg).toFixed(3)}    ${round(tastePrecision).toFixed(3)}`,
    );
  }
  console.log(
    `  hidden picks found: ours ${Math.round(report.ours.hitRate * n)}/${n} producers, popularity ${Math.round(report.popularity.hitRate * n)}/${n}`,
  );
  console.log(
    `  ours / popularity: hit ${round(report.ours.hitRate / report.popularity.hitRate, 2)}x, nDCG ${round(report.ours.ndcg / report.popularity.ndcg, 2)}x`,
  );
}

/** The sampled protocol: the real model embeds only the histories and sampled candidates. */
async function measureSampled(count: number, rows: ReturnType<typeof generateCatalogue>) {
  const n = Number(args['sampled-producers']);
  console.log(`\n== ${count} listings, sampled protocol (real model embeddings), ${n} producers`);
  // Producers are drawn from the taste weights alone: no vector is needed to make them.
  const noVectors: QualityListing[] = rows.map(({ text: _text, ...row }) => ({
    ...row,
    vector: new Float32Array(0),
  }));
  const producers = makeProducers(noVectors, { ...DEFAULT_PRODUCER_OPTIONS, producers: n });
  const catalogueIds = noVectors.map((listing) => listing.id);
  const candidateIds = producers.map((producer, p) =>
    sampledCandidateIds(producer, catalogueIds, hashSeed('sampled-candidates', count, p)),
  );
  const needed = [
    ...new Set([
      ...producers.flatMap((producer) => producer.history.map((i) => i.listingId)),
      ...candidateIds.flat(),
    ]),
  ].sort((a, b) => a - b);
  const rowById = new Map(rows.map((row) => [row.id, row]));
  const vectors = await embedAll(
    needed.map((id) => rowById.get(id)!.text),
    true,
    `${count}-sampled-${n}-model`,
  );
  const byId = new Map(
    needed.map((id, i) => {
      const { text: _text, ...row } = rowById.get(id)!;
      return [id, { ...row, vector: vectors[i] }];
    }),
  );
  const started = performance.now();
  const report = evaluateSampled(byId, producers, candidateIds);
  console.log(
    `  ${n} producers evaluated in ${round((performance.now() - started) / 1000, 1)} s (${needed.length} titles embedded)`,
  );
  printQuality(report, n);
}

async function measure(count: number) {
  const protocols = args.protocol.split(',');
  const useModel = count <= Number(args['model-up-to']);
  console.log(
    `\n== ${count} listings (${useModel ? 'real model embeddings' : 'hashing embedder'})`,
  );
  let started = performance.now();
  const rows = generateCatalogue(count);
  console.log(
    `  generated ${count} (${rows.length} available) in ${round((performance.now() - started) / 1000, 1)} s`,
  );
  if (protocols.includes('sampled')) await measureSampled(count, rows);
  if (!protocols.includes('full')) return;
  console.log(`\n== ${count} listings, full protocol`);
  const texts = rows.map((row) => row.text);
  const vectors = await embedAll(texts, useModel, `${count}-${useModel ? 'model' : 'hash'}`);
  const listings: QualityListing[] = rows.map(({ text: _text, ...row }, i) => ({
    ...row,
    vector: vectors[i],
  }));
  const producers = makeProducers(listings, {
    ...DEFAULT_PRODUCER_OPTIONS,
    producers: Number(args.producers),
  });
  started = performance.now();
  const report = evaluateQuality(listings, producers);
  const seconds = round((performance.now() - started) / 1000, 1);
  console.log(`  ${producers.length} producers evaluated in ${seconds} s`);
  printQuality(report, producers.length);
  const { calibration } = report;
  console.log(
    `  match badges of our top 10: most 95%+ in one list ${calibration.maxCount95}; producers with more than one ${calibration.producersWithSeveral95}/${producers.length}; mean top match ${round(calibration.meanTopScore, 1)}`,
  );
  for (const name of ['green', 'yellow', 'orange'] as const) {
    const { share, hitShare } = calibration.bands[name];
    console.log(
      `    ${name.padEnd(6)} ${(share * 100).toFixed(1)}% of cards, ${(hitShare * 100).toFixed(1)}% of them were hidden picks`,
    );
  }
}

async function main() {
  console.log(
    `machine: ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => round(l, 1))
      .join(' ')}, node ${process.version}`,
  );
  for (const count of args.listings.split(',').map(Number)) await measure(count);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
