/**
 * How good the recommendations are, measured offline (issue 31): synthetic producers with a
 * hidden taste (a genre, two of its themes, a medium) each have a history of interactions
 * drawn from that taste and from what is popular; the last few are hidden, the rest feed the
 * recommender, and hit rate@10 and nDCG@10 count how many hidden titles come back. "Ours"
 * is `rankRecommendations` itself (the same code as GET /api/recommendations, with exact
 * nearest neighbours as the database's fallback path computes them), against the most
 * interacted-with titles (popularity) and a random draw. Used by
 * `bench/recommendations-quality.ts` and by its fixture test.
 */
import { createRng, hashSeed, type Rng } from '@/server/prng';
import { SIGNAL_WEIGHTS, type ListingSignal, type SignalKind } from './find-taste-signals';
import {
  matchReference,
  rankRecommendations,
  tasteVector,
  type RankCandidate,
  type TasteInput,
} from './rank-recommendations';
import { deriveTasteProfile } from './taste-profile';

export interface QualityListing {
  id: number;
  title: string;
  genre: string;
  medium: string;
  themes: string[];
  tags: string[];
  /** Where (and when) the story is set, in the generator's words ("a Victorian harbour town"). */
  setting: string | null;
  suggestedOfferMin: number | null;
  suggestedOfferMax: number | null;
  /** 0..1: how widely liked, whatever one's taste (drives the popularity baseline's hits). */
  appeal: number;
  vector: Float32Array;
}

export interface Interaction {
  listingId: number;
  kind: Exclude<SignalKind, 'positive'>;
  timeSpent: number;
}

export interface SyntheticProducer {
  taste: { genre: string; themes: string[]; medium: string; setting: string | null };
  /** Oldest first: what the recommender sees. */
  history: Interaction[];
  /** The next titles they went to: what it should find. */
  hidden: number[];
}

export interface ProducerOptions {
  producers: number;
  historyLength: number;
  hiddenCount: number;
  /** Share of interactions drawn from popularity alone, whatever the taste. */
  noise: number;
  seed: string;
}

export const DEFAULT_PRODUCER_OPTIONS: ProducerOptions = {
  producers: 200,
  historyLength: 12,
  hiddenCount: 3,
  noise: 0.2,
  seed: 'recommendations-quality-v1',
};

/** How strongly a producer of this taste is drawn to a title (their hidden truth). */
export function affinity(taste: SyntheticProducer['taste'], listing: QualityListing): number {
  const sharedThemes = listing.themes.filter((theme) => taste.themes.includes(theme)).length;
  const genre = listing.genre === taste.genre ? 1 : 0.01;
  const medium = listing.medium === taste.medium ? 1.5 : 1;
  const setting = taste.setting !== null && listing.setting === taste.setting ? 4 : 1;
  return genre * (1 + 1.5 * sharedThemes) * medium * setting * (0.3 + listing.appeal);
}

/** k distinct indices drawn with probability ∝ weight (Efraimidis–Spirakis keys), in draw order. */
function weightedDraw(rng: Rng, weights: number[], k: number): number[] {
  const keys = weights.map((weight, index) => ({
    index,
    key: weight > 0 ? -Math.log(1 - rng.next()) / weight : Infinity,
  }));
  keys.sort((a, b) => a.key - b.key);
  return keys.slice(0, k).map((entry) => entry.index);
}

function drawTaste(rng: Rng, listings: QualityListing[]): SyntheticProducer['taste'] {
  const anchor = rng.pick(listings);
  const sameGenre = listings.filter((listing) => listing.genre === anchor.genre);
  const themes = [...new Set(sameGenre.flatMap((listing) => listing.themes))];
  return {
    genre: anchor.genre,
    themes: rng.sample(themes, 2),
    medium: anchor.medium,
    setting: anchor.setting,
  };
}

function drawKind(rng: Rng): Interaction['kind'] {
  return rng.weighted([
    ['view', 55],
    ['favourite', 35],
    ['offer', 10],
  ] as const);
}

/**
 * Producers with a hidden taste and a history: each interaction comes from their taste (with
 * probability 1 − noise) or from popularity alone; the last `hiddenCount` are hidden.
 */
export function makeProducers(
  listings: QualityListing[],
  options: ProducerOptions = DEFAULT_PRODUCER_OPTIONS,
): SyntheticProducer[] {
  const available = listings;
  const appealWeights = available.map((listing) => listing.appeal ** 2);
  const total = options.historyLength + options.hiddenCount;
  return Array.from({ length: options.producers }, (_, p) => {
    const rng = createRng(hashSeed(options.seed, p));
    const taste = drawTaste(rng, available);
    const tasteWeights = available.map((listing) => affinity(taste, listing));
    const fromTaste = weightedDraw(rng, tasteWeights, total);
    const fromPopularity = weightedDraw(rng, appealWeights, total);
    const chosen: number[] = [];
    let t = 0;
    let q = 0;
    while (chosen.length < total) {
      const index = rng.chance(options.noise) ? fromPopularity[q++] : fromTaste[t++];
      if (index !== undefined && !chosen.includes(index)) chosen.push(index);
    }
    const ids = chosen.map((index) => available[index].id);
    return {
      taste,
      history: ids.slice(0, options.historyLength).map((listingId) => ({
        listingId,
        kind: drawKind(rng),
        timeSpent: rng.int(10, 400),
      })),
      hidden: ids.slice(options.historyLength),
    };
  });
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i] * b[i];
  return sum;
}

/** The k listings most similar to the taste (exact), best first, ties by id; one pass. */
function nearestListings(
  taste: number[],
  listings: QualityListing[],
  seen: Set<number>,
  k: number,
): { listing: QualityListing; similarity: number }[] {
  const top: { listing: QualityListing; similarity: number }[] = [];
  const before = (a: (typeof top)[number], b: (typeof top)[number]) =>
    a.similarity > b.similarity || (a.similarity === b.similarity && a.listing.id < b.listing.id);
  for (const listing of listings) {
    if (seen.has(listing.id)) continue;
    const entry = { listing, similarity: dot(taste, listing.vector) };
    if (top.length === k && !before(entry, top[k - 1])) continue;
    let i = Math.min(top.length, k - 1);
    top[i] = entry;
    while (i > 0 && before(top[i], top[i - 1])) {
      [top[i], top[i - 1]] = [top[i - 1], top[i]];
      i -= 1;
    }
  }
  return top;
}

/** The weight a signal of this kind gets in the product (find-taste-signals). */
function signalWeight(interaction: Interaction): number {
  if (interaction.kind !== 'view') return SIGNAL_WEIGHTS[interaction.kind];
  return SIGNAL_WEIGHTS.view * (1 + (2 * Math.min(interaction.timeSpent, 300)) / 300);
}

export interface RecommendedTitle {
  id: number;
  score: number;
}

/**
 * Ours: the product's ranking over the producer's history. The candidates are the exact
 * nearest 60 among `listings`, as the database's fallback path computes them, unless the
 * caller gives them (the sampled protocol ranks a fixed candidate set).
 */
export function recommendOurs(
  producer: SyntheticProducer,
  listings: QualityListing[],
  byId: Map<number, QualityListing>,
  limit = 10,
  fixedCandidates?: QualityListing[],
): RecommendedTitle[] {
  const signals: (ListingSignal & { vector: number[] })[] = producer.history.map((i) => {
    const listing = byId.get(i.listingId)!;
    return {
      ...listing,
      listingId: listing.id,
      kind: i.kind,
      weight: signalWeight(i),
      timeSpent: i.kind === 'view' ? i.timeSpent : 0,
      vector: Array.from(listing.vector),
    };
  });
  const profile = deriveTasteProfile({
    listings: signals,
    negatives: [],
    offerPrices: producer.history
      .filter((i) => i.kind === 'offer')
      .flatMap((i) => byId.get(i.listingId)?.suggestedOfferMin ?? []),
    seenListingIds: [],
    profileText: null,
    searchTexts: [],
    counts: { offers: 0, favourites: 0, views: 0, searches: 0, feedback: 0, notMyMarket: 0 },
  });
  const input: TasteInput = {
    signals,
    profileText: null,
    searchText: null,
    negatives: [],
    popular: [],
  };
  const taste = tasteVector(input);
  if (!taste) return [];
  const seen = new Set(producer.history.map((i) => i.listingId));
  const pool = fixedCandidates ?? nearestListings(taste, listings, seen, 60).map((n) => n.listing);
  const candidates: RankCandidate[] = pool.map((listing) => ({
    ...listing,
    vector: Array.from(listing.vector),
  }));
  const ranked = rankRecommendations(candidates, input, {
    profile,
    taste,
    reference: matchReference(input, profile, taste, []),
    shown: new Set(),
    lowered: new Map(),
    isColdStart: false,
    limit,
  });
  return ranked.map((r) => ({ id: r.id, score: r.score }));
}

/** The titles most interacted with across every producer's visible history. */
export function popularityOrder(producers: SyntheticProducer[]): number[] {
  const counts = new Map<number, number>();
  for (const producer of producers) {
    for (const { listingId } of producer.history) {
      counts.set(listingId, (counts.get(listingId) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
}

export function recommendPopular(
  producer: SyntheticProducer,
  order: number[],
  limit = 10,
): number[] {
  const seen = new Set(producer.history.map((i) => i.listingId));
  return order.filter((id) => !seen.has(id)).slice(0, limit);
}

export function recommendRandom(
  producer: SyntheticProducer,
  listings: QualityListing[],
  rng: Rng,
  limit = 10,
): number[] {
  const seen = new Set(producer.history.map((i) => i.listingId));
  return rng.sample(
    listings.filter((listing) => !seen.has(listing.id)).map((listing) => listing.id),
    limit,
  );
}

/** 1 when any hidden title is in the list. */
export function hitAt(recommended: number[], hidden: number[]): number {
  return recommended.some((id) => hidden.includes(id)) ? 1 : 0;
}

/** nDCG with binary relevance: hidden titles near the top count more. */
export function ndcgAt(recommended: number[], hidden: number[]): number {
  let dcg = 0;
  recommended.forEach((id, rank) => {
    if (hidden.includes(id)) dcg += 1 / Math.log2(rank + 2);
  });
  let ideal = 0;
  for (let rank = 0; rank < Math.min(hidden.length, recommended.length); rank += 1) {
    ideal += 1 / Math.log2(rank + 2);
  }
  return ideal === 0 ? 0 : dcg / ideal;
}

export interface MethodQuality {
  hitRate: number;
  ndcg: number;
  /**
   * Share of the top 10 in the producer's hidden taste (its genre, and one of its themes or its
   * setting): readable where the hidden picks are a handful among thousands of equally
   * fitting titles (100,000 listings), where hit rates of every method are near zero.
   */
  tastePrecision: number;
}

/** Whether a title is of this hidden taste: its genre, and one of its themes or its setting. */
export function isInTaste(taste: SyntheticProducer['taste'], listing: QualityListing): boolean {
  if (listing.genre !== taste.genre) return false;
  return (
    listing.themes.some((theme) => taste.themes.includes(theme)) ||
    (taste.setting !== null && listing.setting === taste.setting)
  );
}

export interface QualityReport {
  ours: MethodQuality;
  popularity: MethodQuality;
  random: MethodQuality;
  /** Ours: how the match badges of the top 10 are spread, and what each band delivers. */
  calibration: {
    /** Producers whose top 10 has more than one 95%+. */
    producersWithSeveral95: number;
    maxCount95: number;
    /** Share of the top-10 titles in each band, and the share of those that were hidden picks. */
    bands: Record<'green' | 'yellow' | 'orange', { share: number; hitShare: number }>;
    meanTopScore: number;
  };
}

function band(score: number): 'green' | 'yellow' | 'orange' {
  return score >= 80 ? 'green' : score >= 60 ? 'yellow' : 'orange';
}

/** Every producer through the three methods; means of hit@10 and nDCG@10. */
export function evaluateQuality(
  listings: QualityListing[],
  producers: SyntheticProducer[],
  limit = 10,
): QualityReport {
  const byId = new Map(listings.map((listing) => [listing.id, listing]));
  const order = popularityOrder(producers);
  const rng = createRng(hashSeed('random-baseline'));
  const sums = { ours: [0, 0, 0], popularity: [0, 0, 0], random: [0, 0, 0] };
  const bandCounts = { green: [0, 0], yellow: [0, 0], orange: [0, 0] };
  let several95 = 0;
  let max95 = 0;
  let scoreSum = 0;
  for (const producer of producers) {
    const ours = recommendOurs(producer, listings, byId, limit);
    const lists = {
      ours: ours.map((title) => title.id),
      popularity: recommendPopular(producer, order, limit),
      random: recommendRandom(producer, listings, rng, limit),
    };
    for (const method of ['ours', 'popularity', 'random'] as const) {
      sums[method][0] += hitAt(lists[method], producer.hidden);
      sums[method][1] += ndcgAt(lists[method], producer.hidden);
      const inTaste = lists[method].filter((id) => isInTaste(producer.taste, byId.get(id)!));
      sums[method][2] += lists[method].length === 0 ? 0 : inTaste.length / lists[method].length;
    }
    const count95 = ours.filter((title) => title.score >= 95).length;
    if (count95 > 1) several95 += 1;
    max95 = Math.max(max95, count95);
    if (ours.length > 0) scoreSum += ours[0].score;
    for (const title of ours) {
      bandCounts[band(title.score)][0] += 1;
      if (producer.hidden.includes(title.id)) bandCounts[band(title.score)][1] += 1;
    }
  }
  const n = producers.length;
  const quality = (method: keyof typeof sums) => ({
    hitRate: sums[method][0] / n,
    ndcg: sums[method][1] / n,
    tastePrecision: sums[method][2] / n,
  });
  const shown = bandCounts.green[0] + bandCounts.yellow[0] + bandCounts.orange[0];
  const bandReport = (name: keyof typeof bandCounts) => ({
    share: shown === 0 ? 0 : bandCounts[name][0] / shown,
    hitShare: bandCounts[name][0] === 0 ? 0 : bandCounts[name][1] / bandCounts[name][0],
  });
  return {
    ours: quality('ours'),
    popularity: quality('popularity'),
    random: quality('random'),
    calibration: {
      producersWithSeveral95: several95,
      maxCount95: max95,
      bands: {
        green: bandReport('green'),
        yellow: bandReport('yellow'),
        orange: bandReport('orange'),
      },
      meanTopScore: n === 0 ? 0 : scoreSum / n,
    },
  };
}

/** How many unseen titles each hidden pick competes with in the sampled protocol. */
export const SAMPLED_NEGATIVES = 100;

/**
 * The sampled protocol (He et al., "Neural Collaborative Filtering", 2017): each producer's
 * hidden picks are ranked among `negatives` unseen titles drawn at random from the whole
 * catalogue, and hit@10 / nDCG@10 are read from that short list. It makes catalogues of any
 * size comparable (at 100,000 the full-catalogue protocol's hit rates are chance for every
 * method), and only these titles need vectors, so the real model can embed them. Sampled
 * metrics are known to flatter differences between methods (Krichene & Rendle, KDD 2020):
 * report it beside the full-catalogue figures, labelled, never instead of them.
 */
export function sampledCandidateIds(
  producer: SyntheticProducer,
  catalogueIds: number[],
  seed: number,
  negatives = SAMPLED_NEGATIVES,
): number[] {
  const rng = createRng(seed);
  const taken = new Set([...producer.history.map((i) => i.listingId), ...producer.hidden]);
  const drawn: number[] = [];
  while (drawn.length < negatives && drawn.length + taken.size < catalogueIds.length) {
    const id = rng.pick(catalogueIds);
    if (taken.has(id)) continue;
    taken.add(id);
    drawn.push(id);
  }
  // Sorted by id so no method can read anything into where the hidden picks sit in the list.
  return [...producer.hidden, ...drawn].sort((a, b) => a - b);
}

/**
 * Every producer through the three methods under the sampled protocol. `byId` needs vectors
 * only for each producer's history and sampled candidates (`sampledCandidateIds`).
 */
export function evaluateSampled(
  byId: Map<number, QualityListing>,
  producers: SyntheticProducer[],
  candidateIds: number[][],
  limit = 10,
): Pick<QualityReport, 'ours' | 'popularity' | 'random'> {
  const order = popularityOrder(producers);
  const rank = new Map(order.map((id, index) => [id, index]));
  const rng = createRng(hashSeed('random-baseline-sampled'));
  const sums = { ours: [0, 0, 0], popularity: [0, 0, 0], random: [0, 0, 0] };
  producers.forEach((producer, p) => {
    const pool = candidateIds[p].map((id) => byId.get(id)!);
    const lists = {
      ours: recommendOurs(producer, [], byId, limit, pool).map((title) => title.id),
      // Interacted-with titles first by count; the never-seen rest in a random order.
      popularity: rng
        .sample(candidateIds[p], candidateIds[p].length)
        .sort((a, b) => (rank.get(a) ?? order.length) - (rank.get(b) ?? order.length))
        .slice(0, limit),
      random: rng.sample(candidateIds[p], limit),
    };
    for (const method of ['ours', 'popularity', 'random'] as const) {
      sums[method][0] += hitAt(lists[method], producer.hidden);
      sums[method][1] += ndcgAt(lists[method], producer.hidden);
      const inTaste = lists[method].filter((id) => isInTaste(producer.taste, byId.get(id)!));
      sums[method][2] += lists[method].length === 0 ? 0 : inTaste.length / lists[method].length;
    }
  });
  const n = producers.length;
  const quality = (method: keyof typeof sums) => ({
    hitRate: sums[method][0] / n,
    ndcg: sums[method][1] / n,
    tastePrecision: sums[method][2] / n,
  });
  return { ours: quality('ours'), popularity: quality('popularity'), random: quality('random') };
}
