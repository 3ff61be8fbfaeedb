import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { forbidden } from '@/shared/errors';
import { hasPremiumAccess, type PremiumSubject } from '@/domains/membership/membership.rules';
import { listings } from '@/domains/listings/server/listings.tables';
import { offers } from '@/domains/offers/server/offers.tables';
import { listingCardColumns, toListingCard } from '@/domains/listings/server';
import type { RecommendationsQuery, RecommendationsResponse } from '../recommendations.schema';
import type { Embedder } from './embedder';
import { normalise } from './embedder';
import {
  findTasteSignals,
  NEGATIVE_WEIGHT,
  PROFILE_TEXT_WEIGHT,
  SEARCH_TEXT_WEIGHT,
  type ListingSignal,
  type TasteSignals,
} from './find-taste-signals';
import { setRecommendationProgress } from './recommendation-progress';
import { listingEmbeddings, recommendationImpressions } from './recommendations.tables';
import {
  deriveTasteProfile,
  findStatedTasteProfile,
  toTasteProfile,
  type TasteProfileValues,
} from './taste-profile';
import { cosine, findEmbeddings, findNearestListings, type VectorCapability } from './vector-store';
import { intArray } from '@/server/db/int-array';

export const PREMIUM_REQUIRED = 'AI recommendations are a Premium feature';
const NEIGHBOURS = 60;
/** Diversity: 1 ranks by fit alone; lower trades fit for variety (maximal marginal relevance). */
const MMR_LAMBDA = 0.72;

export interface GenerateRecommendationsDeps {
  db: Database;
  embedder: Embedder;
  capability?: VectorCapability;
}

export interface RecommendationsViewer extends PremiumSubject {
  id: number;
}

/** The ONE premium rule (membership.rules) guards AI recommendations everywhere. */
export function requireRecommendationsAccess(user: RecommendationsViewer): void {
  if (!hasPremiumAccess(user, 'aiRecommendations')) throw forbidden(PREMIUM_REQUIRED);
}

function compactPounds(pence: number): string {
  const pounds = pence / 100;
  if (pounds >= 1_000_000) return `£${Number((pounds / 1_000_000).toFixed(1))}M`;
  if (pounds >= 1_000) return `£${Math.round(pounds / 1_000)}k`;
  return `£${Math.round(pounds)}`;
}

const SIGNAL_PHRASES: Record<ListingSignal['kind'], (signal: ListingSignal) => string> = {
  offer: () => 'which you made an offer on',
  positive: () => 'which you rated Commercially Viable',
  favourite: () => 'which you favourited',
  view: (signal) =>
    signal.timeSpent >= 60
      ? `which you spent ${Math.round(signal.timeSpent / 60)} min reading`
      : 'which you viewed',
};

interface Candidate {
  id: number;
  vector: number[];
  similarity: number;
  fit: number;
  genre: string | null;
  medium: string;
  min: number | null;
  max: number | null;
  tags: string[];
}

/**
 * GET /api/recommendations: the producer's taste (offers strongest, then 'Commercially
 * Viable' ratings, favourites, views weighted by time spent, searches and their profile
 * text) as one vector, the available listings they have not acted on ranked by closeness to
 * it, adjusted for their genres, mediums and budget, pushed away from what they marked 'Not
 * My Market', and picked for variety. Progress is recorded as each stage of the work ends.
 */
export async function generateRecommendations(
  deps: GenerateRecommendationsDeps,
  user: RecommendationsViewer,
  query: RecommendationsQuery,
): Promise<RecommendationsResponse> {
  requireRecommendationsAccess(user);
  const { db, embedder } = deps;
  const progress = (percent: number, stage: string) =>
    setRecommendationProgress(db, user.id, percent, stage);

  await progress(5, 'Starting');
  const signals = await findTasteSignals(db, user.id);
  const stated = await findStatedTasteProfile(db, user.id);
  const profile: TasteProfileValues = stated ?? deriveTasteProfile(signals);
  await progress(20, 'Reading your offers, favourites, views and searches');

  const excluded = (query.excluded ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((id) => Number.isSafeInteger(id));
  const notCandidates = [...new Set([...signals.seenListingIds, ...excluded])];
  const candidateWhere: SQL = and(
    eq(listings.status, 'available'),
    notCandidates.length > 0
      ? sql`not (${listings.id} = any(${intArray(notCandidates)}))`
      : undefined,
  ) as SQL;

  // The taste vector: signal listings' vectors by weight, the words they wrote and searched.
  const signalIds = signals.listings.map((signal) => signal.listingId);
  const negativeIds = signals.negatives.map((negative) => negative.listingId);
  const stored = await findEmbeddings(db, [...signalIds, ...negativeIds]);
  const texts = [signals.profileText, signals.searchTexts.join('; ') || null];
  const [profileVector, searchVector] = await embedTexts(embedder, texts);
  const isColdStart =
    signals.listings.filter((signal) => stored.has(signal.listingId)).length === 0;
  const popular = isColdStart ? await findPopularListingIds(db, candidateWhere) : [];
  const popularVectors = await findEmbeddings(db, popular);
  await progress(35, 'Building your taste profile');

  const parts: { vector: number[]; weight: number }[] = [];
  for (const signal of signals.listings) {
    const vector = stored.get(signal.listingId);
    if (vector) parts.push({ vector, weight: signal.weight });
  }
  if (profileVector) parts.push({ vector: profileVector, weight: PROFILE_TEXT_WEIGHT });
  if (searchVector) parts.push({ vector: searchVector, weight: SEARCH_TEXT_WEIGHT });
  // Cold start: the most-offered titles weigh 1 together, less than what the producer wrote.
  for (const id of popular) {
    const vector = popularVectors.get(id);
    if (vector) parts.push({ vector, weight: 1 / popular.length });
  }
  for (const id of negativeIds) {
    const vector = stored.get(id);
    if (vector) parts.push({ vector, weight: -NEGATIVE_WEIGHT });
  }
  const taste = weightedSum(parts);

  const [{ total }] = await db
    .select({ total: count() })
    .from(listingEmbeddings)
    .innerJoin(listings, eq(listings.id, listingEmbeddings.listingId))
    .where(candidateWhere);
  await progress(50, `Comparing ${total} available titles with your taste`);

  const neighbours = taste
    ? await findNearestListings(db, {
        vector: taste,
        where: candidateWhere,
        limit: NEIGHBOURS,
        capability: deps.capability,
      })
    : [];
  const candidateIds = [...new Set([...neighbours.map((n) => n.listingId), ...popular])];
  const [candidateVectors, cardRows, shownRows] = await Promise.all([
    findEmbeddings(db, candidateIds),
    candidateIds.length === 0
      ? Promise.resolve([])
      : db.select(listingCardColumns).from(listings).where(inArray(listings.id, candidateIds)),
    query.refresh > 0 && candidateIds.length > 0
      ? db
          .select({ listingId: recommendationImpressions.listingId })
          .from(recommendationImpressions)
          .where(
            and(
              eq(recommendationImpressions.userId, user.id),
              inArray(recommendationImpressions.listingId, candidateIds),
            ),
          )
      : Promise.resolve([]),
  ]);
  await progress(75, 'Balancing variety and your budget');

  const cards = new Map(cardRows.map((row) => [row.id, row]));
  const shown = new Set(shownRows.map((row) => row.listingId));
  const negativeList = negativeIds.flatMap((id) => {
    const vector = stored.get(id);
    return vector ? [vector] : [];
  });
  const candidates: Candidate[] = [];
  for (const id of candidateIds) {
    const vector = candidateVectors.get(id);
    const card = cards.get(id);
    if (!vector || !card || card.status !== 'available') continue;
    const similarity = taste ? cosine(taste, vector) : 0;
    let fit = similarity + profileFit(profile, card);
    // What they called 'Not My Market' keeps its neighbours down too.
    const nearestNegative = Math.max(
      0,
      ...negativeList.map((negative) => cosine(negative, vector)),
    );
    fit -= 0.6 * Math.max(0, nearestNegative - 0.25);
    if (isColdStart && popular.includes(id)) fit += profileVector ? 0.02 : 0.1;
    if (shown.has(id)) fit -= 0.05;
    candidates.push({
      id,
      vector,
      similarity,
      fit,
      genre: card.genre,
      medium: card.medium,
      min: card.suggestedOfferMin,
      max: card.suggestedOfferMax,
      tags: card.tags,
    });
  }
  const picked = pickDiverse(candidates, query.limit);

  const recommendations = picked.map((candidate) => ({
    listing: toListingCard(cards.get(candidate.id)!),
    score: toScore(candidate.fit),
    reasoning: explain(candidate, signals, stored, profile, {
      profileVector,
      searchVector,
      isPopular: popular.includes(candidate.id),
    }),
  }));
  if (picked.length > 0) {
    await db
      .insert(recommendationImpressions)
      .values(picked.map((candidate) => ({ userId: user.id, listingId: candidate.id })))
      .onConflictDoUpdate({
        target: [recommendationImpressions.userId, recommendationImpressions.listingId],
        set: { shownAt: new Date() },
      });
  }
  // Nothing to compare with: either every title was acted on, or the job has not embedded
  // the catalogue yet (a fresh start); the second is worth saying.
  const isStillEmbedding =
    Number(total) === 0 &&
    (
      await db.execute(sql`select 1 from ${listings} l
        where l.status = 'available'
          and not exists (select 1 from ${listingEmbeddings} e where e.listing_id = l.id)
        limit 1`)
    ).rows.length > 0;
  await progress(100, 'Done');

  return {
    recommendations,
    totalAnalyzed: Number(total),
    profile: toTasteProfile(profile),
    signals: signals.counts,
    isColdStart,
    note: isStillEmbedding
      ? 'The catalogue is still being analysed; recommendations appear within a few minutes.'
      : isColdStart && signals.listings.length > 0
        ? 'The titles you have favourited, offered on or read are still being analysed, so for now these come from your profile and the most-offered titles.'
        : isColdStart
          ? signals.profileText
            ? 'You have no offers, favourites or views yet, so these come from what your profile says you are looking for and the most-offered titles.'
            : 'You have no offers, favourites or views yet, so these are the most-offered titles. Favourite titles or make offers to personalise them.'
          : null,
  };
}

async function embedTexts(
  embedder: Embedder,
  texts: (string | null)[],
): Promise<(number[] | null)[]> {
  const present = texts.filter((text): text is string => Boolean(text));
  const vectors = present.length > 0 ? await embedder.embed(present) : [];
  let next = 0;
  return texts.map((text) => (text ? vectors[next++] : null));
}

/** The catalogue's most-offered available titles (else the featured, else the most viable). */
/**
 * The most-offered available titles (then featured, then best scored) among those already
 * embedded: a cold start needs their vectors, and the backlog may still be embedding.
 */
async function findPopularListingIds(db: Database, candidateWhere: SQL): Promise<number[]> {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .innerJoin(listingEmbeddings, eq(listingEmbeddings.listingId, listings.id))
    .leftJoin(offers, eq(offers.listingId, listings.id))
    .where(candidateWhere)
    .groupBy(listings.id)
    .orderBy(
      desc(count(offers.id)),
      desc(listings.isFeatured),
      sql`${listings.viabilityScore} desc nulls last`,
      desc(listings.id),
    )
    .limit(10);
  return rows.map((row) => row.id);
}

function weightedSum(parts: { vector: number[]; weight: number }[]): number[] | null {
  const positive = parts.filter((part) => part.weight > 0);
  if (positive.length === 0) return null;
  const sum = new Array<number>(positive[0].vector.length).fill(0);
  for (const part of parts) {
    for (let i = 0; i < sum.length; i += 1) sum[i] += part.weight * (part.vector[i] ?? 0);
  }
  return normalise(sum);
}

const lower = (value: string | null) => (value ?? '').toLowerCase();

function matchesGenre(profile: TasteProfileValues, genre: string | null, tags: string[]) {
  const wanted = profile.genres.map((g) => g.toLowerCase());
  return wanted.find(
    (g) => lower(genre).includes(g) || tags.some((tag) => tag.toLowerCase().includes(g)),
  );
}

type PriceFit = 'within' | 'above' | 'below' | 'unknown';

function priceFit(profile: TasteProfileValues, min: number | null, max: number | null): PriceFit {
  if (profile.budgetMin === null && profile.budgetMax === null) return 'unknown';
  const low = min ?? max;
  const high = max ?? min;
  if (low === null || high === null) return 'unknown';
  if (profile.budgetMax !== null && low > profile.budgetMax) return 'above';
  if (profile.budgetMin !== null && high < profile.budgetMin) return 'below';
  return 'within';
}

/** Genre, medium and budget: small nudges on top of closeness in meaning. */
function profileFit(
  profile: TasteProfileValues,
  card: {
    genre: string | null;
    tags: string[];
    medium: string;
    suggestedOfferMin: number | null;
    suggestedOfferMax: number | null;
  },
): number {
  let fit = 0;
  if (matchesGenre(profile, card.genre, card.tags)) fit += 0.06;
  if (profile.mediums.some((medium) => medium.toLowerCase() === card.medium.toLowerCase())) {
    fit += 0.03;
  }
  const price = priceFit(profile, card.suggestedOfferMin, card.suggestedOfferMax);
  if (price === 'within') fit += 0.05;
  if (price === 'above') fit -= 0.08;
  if (price === 'below') fit -= 0.02;
  return fit;
}

/** Maximal marginal relevance: each pick is the best fit, less its likeness to those picked. */
function pickDiverse(candidates: Candidate[], limit: number): Candidate[] {
  const remaining = [...candidates].sort((a, b) => b.fit - a.fit || a.id - b.id);
  const picked: Candidate[] = [];
  while (picked.length < limit && remaining.length > 0) {
    let bestIndex = 0;
    let bestValue = -Infinity;
    for (let i = 0; i < remaining.length; i += 1) {
      const likeness = Math.max(0, ...picked.map((p) => cosine(p.vector, remaining[i].vector)));
      const value = MMR_LAMBDA * remaining[i].fit - (1 - MMR_LAMBDA) * likeness;
      if (value > bestValue) {
        bestValue = value;
        bestIndex = i;
      }
    }
    picked.push(remaining.splice(bestIndex, 1)[0]);
  }
  return picked;
}

/** Fit (closeness plus nudges, about 0 to 0.8) → the 0-100 match badge. */
export function toScore(fit: number): number {
  return Math.max(0, Math.min(99, Math.round(30 + 90 * fit)));
}

function explain(
  candidate: Candidate,
  signals: TasteSignals,
  stored: Map<number, number[]>,
  profile: TasteProfileValues,
  context: { profileVector: number[] | null; searchVector: number[] | null; isPopular: boolean },
): string {
  const clauses: string[] = [];
  let best: { signal: ListingSignal; similarity: number } | null = null;
  for (const signal of signals.listings) {
    const vector = stored.get(signal.listingId);
    if (!vector) continue;
    // Stronger signals win near-ties: an offer names the title before a glance does.
    const similarity = cosine(vector, candidate.vector) + signal.weight * 0.02;
    if (!best || similarity > best.similarity) best = { signal, similarity };
  }
  const profileSimilarity = context.profileVector
    ? cosine(context.profileVector, candidate.vector)
    : -1;
  const searchSimilarity = context.searchVector
    ? cosine(context.searchVector, candidate.vector)
    : -1;
  if (best && best.similarity >= Math.max(profileSimilarity, searchSimilarity)) {
    clauses.push(
      `Shares the themes of ‘${best.signal.title}’, ${SIGNAL_PHRASES[best.signal.kind](best.signal)}`,
    );
  } else if (searchSimilarity > profileSimilarity && signals.searchTexts.length > 0) {
    clauses.push(`Close to your searches for ‘${signals.searchTexts[0]}’`);
  } else if (profileSimilarity > -1) {
    clauses.push('Matches what your profile says you are looking for');
  } else if (context.isPopular) {
    clauses.push('One of the most-offered titles in the catalogue');
  }
  const genre = matchesGenre(profile, candidate.genre, candidate.tags);
  if (genre) clauses.push(`${candidate.genre ?? genre}, one of your genres`);
  const price = priceFit(profile, candidate.min, candidate.max);
  if (price !== 'unknown' && profile.budgetMin !== null && profile.budgetMax !== null) {
    const range = `${compactPounds(profile.budgetMin)}–${compactPounds(profile.budgetMax)}`;
    if (price === 'within') clauses.push(`within your usual ${range} range`);
    else if (price === 'above') clauses.push(`above your usual ${range} range`);
    else clauses.push(`below your usual ${range} range`);
  }
  if (clauses.length === 0) clauses.push('Close in meaning to the titles you engage with');
  const sentence = clauses.join('; ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}
