/**
 * Mandate matching quality (issue 35): for synthetic mandates whose hidden intent (a genre, one
 * or two themes, a setting, one or two media, a budget around the genre's offers) comes from
 * the demo generator's own vocabulary, how many of the listings that fit the intent come back
 * in the top 10 of the product's ranking (the mandates room's `fitsHardFields` + `scoreFit`:
 * half meaning, half genre, budget and territory), against keyword matching (how many of the
 * mandate's words occur in the listing's text) and a random draw, both over the same
 * hard-field candidates. Reports hit rate@10, precision@10 and nDCG@10, for the same intents
 * written twice (themes in the generator's words, then paraphrased), with three diagnostics.
 *
 *   npm run bench:mandates-quality -- [--listings 1200] [--mandates 200] [--workers 2]
 *     [--embedder model|hash]
 *
 * Listing vectors: the real model (Universal Sentence Encoder Lite), cached in the temp
 * directory and shared with bench:recommendations-quality (same catalogue, same order).
 * Mandate descriptions are embedded with the same model every run.
 */
import { parseArgs } from 'node:util';
import os from 'node:os';
import { evaluateMandates, makeMandates, mandateText } from '@/domains/mandates/server';
import type { MandateQualityListing, MandateWording } from '@/domains/mandates/server';
import { embedAll, generateCatalogue } from './lib/quality-catalogue';

const { values: args } = parseArgs({
  options: {
    listings: { type: 'string', default: '1200' },
    mandates: { type: 'string', default: '200' },
    workers: { type: 'string', default: '2' },
    embedder: { type: 'string', default: 'model' },
  },
});

const round = (value: number) => value.toFixed(3);

async function measureWording(
  listings: MandateQualityListing[],
  mandateCount: number,
  wording: MandateWording,
  useModel: boolean,
  workers: number,
) {
  console.log(
    `\n-- descriptions in the ${wording === 'vocabulary' ? "generator's theme words" : "producer's paraphrase of each theme"} (${wording})`,
  );
  const mandates = makeMandates(listings, mandateCount, undefined, wording);
  const mandateVectors = await embedAll(
    mandates.map(({ mandate }) => mandateText(mandate)),
    useModel,
    `mandates-${listings.length}-${mandateCount}-${wording}-${useModel ? 'model' : 'hash'}`,
    workers,
  );
  const started = performance.now();
  const report = evaluateMandates(listings, mandates, mandateVectors);
  console.log(
    `  ${report.measured} mandates measured (${report.skipped} with no relevant listing skipped) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `  per mandate: ${report.meanRelevant.toFixed(1)} relevant listings, ${report.meanCandidates.toFixed(1)} pass the hard fields`,
  );
  console.log(`  example: ${mandates[0].mandate.description}`);
  console.log('  method                                  hit@10   precision@10  nDCG@10');
  for (const [method, label] of [
    ['ours', 'ours (product fit)'],
    ['keyword', 'keyword matching'],
    ['random', 'random'],
    ['genreRandom', 'diagnostic: random within the genre'],
    ['meaningGenre', 'diagnostic: fit minus budget/territory'],
    ['meaningOnly', 'diagnostic: cosine alone'],
  ] as const) {
    const { hitRate, precision, ndcg } = report[method];
    console.log(
      `  ${label.padEnd(38)}  ${round(hitRate)}    ${round(precision)}         ${round(ndcg)}`,
    );
  }
  console.log(
    `  ours / keyword: precision ${(report.ours.precision / report.keyword.precision).toFixed(2)}x, nDCG ${(report.ours.ndcg / report.keyword.ndcg).toFixed(2)}x`,
  );
}

async function main() {
  const count = Number(args.listings);
  const mandateCount = Math.min(200, Number(args.mandates));
  const useModel = args.embedder !== 'hash';
  const workers = Number(args.workers);
  console.log(
    `machine: ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, node ${process.version}`,
  );
  const rows = generateCatalogue(count);
  console.log(`\n== ${count} listings (${rows.length} available), ${mandateCount} mandates`);
  const vectors = await embedAll(
    rows.map((row) => row.text),
    useModel,
    `${count}-${useModel ? 'model' : 'hash'}`,
    workers,
  );
  const listings: MandateQualityListing[] = rows.map((row, i) => ({ ...row, vector: vectors[i] }));
  for (const wording of ['vocabulary', 'paraphrased'] as const) {
    await measureWording(listings, mandateCount, wording, useModel, workers);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
