/**
 * The cold-search run of `bench/catalogue.ts --cold` (issue 18): at least 300 distinct
 * never-seen searches drawn from the catalogue's own vocabulary (1–3 words, a third of them
 * ending in a 1–3-letter prefix as typed search-as-you-type), each with random filters, every
 * one on empty caches, over real HTTP; meanwhile a probe asks `/api/health` every 10 ms and
 * records how long each answer took (on the embedded database a slow query stalls it).
 *
 * Issue 29 adds the avails filter ("available for <media> in <territory>": availableMedia,
 * availableTerritory) to the mix: `avails` 'mix' sets it on about one query in four (a medium,
 * a territory or both), 'only' on every query, 'none' leaves the issue 18 mix as it was (the
 * same queries for the same seed).
 */
import { MEDIUMS, RIGHTS, EXCLUSIVITY } from '@/domains/listings/listings.constants';
import { clearCatalogueCaches } from '@/domains/listings/server/catalogue-cache';
import { createRng } from '@/server/prng';

export interface ColdRunOptions {
  address: string;
  cookie: string;
  vocabulary: string[];
  genres: string[];
  territories: string[];
  queries: number;
  /** Seeds the query generator, so two runs (or two databases) ask the same questions. */
  seed: number;
  avails: AvailsMode;
}

export const AVAILS_MODES = ['mix', 'only', 'none'] as const;
export type AvailsMode = (typeof AVAILS_MODES)[number];

export interface ColdRunResult {
  latencies: number[];
  /** Each query's latency, in the order asked. */
  timings: { url: string; ms: number }[];
  probe: number[];
  slowest: { url: string; ms: number }[];
  estimated: number;
}

const PRICE_RANGES = ['under-50k', '50k-100k', '100k-500k', 'over-500k'];
const VIABILITY = ['highly-viable', 'viable', 'cautionary', 'high-risk'];

/** Distinct query strings: words of the vocabulary, some cut to a prefix, random filters. */
export function coldQueries(options: ColdRunOptions): string[] {
  // The demo catalogue's own seeded generator: the same seed asks the same queries.
  const rng = createRng(options.seed);
  const next = () => rng.next();
  const pick = <T>(values: readonly T[]) => rng.pick(values);
  const seen = new Set<string>();
  const queries: string[] = [];
  while (queries.length < options.queries) {
    const count = 1 + Math.floor(next() * 3);
    const words = Array.from({ length: count }, () => pick(options.vocabulary));
    if (next() < 1 / 3) {
      const last = words[words.length - 1];
      words[words.length - 1] = last.slice(0, 1 + Math.floor(next() * 3));
    }
    const params = new URLSearchParams({ search: words.join(' '), limit: '24' });
    // Each filter is set on about one query in four, as people narrow a search.
    if (next() < 0.25) params.set('medium', pick(MEDIUMS));
    if (next() < 0.25 && options.genres.length > 0) params.set('genre', pick(options.genres));
    if (next() < 0.25) params.set('priceRange', pick(PRICE_RANGES));
    if (next() < 0.15) params.set('commercialViability', pick(VIABILITY));
    if (next() < 0.15) params.set('rights', pick(RIGHTS));
    if (next() < 0.15 && options.territories.length > 0) {
      params.set('territory', pick(options.territories));
    }
    if (next() < 0.1) params.set('exclusivity', pick(EXCLUSIVITY));
    // Drawn after the others, so that 'none' asks exactly the issue 18 queries.
    if (options.avails !== 'none' && next() < (options.avails === 'only' ? 1 : 0.25)) {
      const form = next();
      if (form < 2 / 3) params.set('availableMedia', pick(RIGHTS));
      if (form >= 1 / 3 && options.territories.length > 0) {
        params.set('availableTerritory', pick(options.territories));
      }
    }
    const url = `/api/listings?${params}`;
    if (seen.has(url)) continue;
    seen.add(url);
    queries.push(url);
  }
  return queries;
}

/** Runs the queries one after another on empty caches while the health probe runs. */
export async function runColdSearches(options: ColdRunOptions): Promise<ColdRunResult> {
  const urls = coldQueries(options);
  // The first request a process serves compiles the route's code (and the client's): one
  // request that none of the queries repeats warms that path; its answers are then cleared.
  await fetch(`${options.address}/api/listings?limit=1&sort=price-low`, {
    headers: { cookie: options.cookie },
  }).then((response) => response.arrayBuffer());
  const probe: number[] = [];
  let probing = true;
  const probeLoop = (async () => {
    while (probing) {
      const started = performance.now();
      const response = await fetch(`${options.address}/api/health`);
      await response.arrayBuffer();
      probe.push(performance.now() - started);
      const wait = 10 - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();

  const latencies: number[] = [];
  const timings: { url: string; ms: number }[] = [];
  let estimated = 0;
  for (const url of urls) {
    clearCatalogueCaches({ keepIndex: true });
    const started = performance.now();
    const response = await fetch(`${options.address}${url}`, {
      headers: { cookie: options.cookie },
    });
    const body = (await response.json()) as { totalIsEstimate?: boolean };
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (body.totalIsEstimate) estimated += 1;
    latencies.push(ms);
    timings.push({ url, ms });
  }
  probing = false;
  await probeLoop;
  const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5);
  return { latencies, timings, probe, slowest, estimated };
}
