import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { forbidden } from '@/shared/errors';
import { hasPremiumAccess, type PremiumSubject } from '@/domains/membership/membership.rules';
import { listings } from '@/domains/listings/server/listings.tables';
import { offers } from '@/domains/offers/server/offers.tables';
import { listingCardColumns, toListingCard } from '@/domains/listings/server';
import { NOT_MY_MARKET_NEIGHBOURS, PRODUCERS_ONLY } from '../recommendations.constants';
import type { RecommendationsQuery, RecommendationsResponse } from '../recommendations.schema';
import type { Embedder } from './embedder';
import { findTasteSignals, type TasteSignals } from './find-taste-signals';
import {
  matchReference,
  rankRecommendations,
  tasteVector,
  type RankCandidate,
  type TasteInput,
} from './rank-recommendations';
import { setRecommendationProgress } from './recommendation-progress';
import { listingEmbeddings, recommendationImpressions } from './recommendations.tables';
import {
  deriveTasteProfile,
  findStatedTasteProfile,
  toTasteProfile,
  type TasteProfileValues,
} from './taste-profile';
import { findEmbeddings, findNearestListings, type VectorCapability } from './vector-store';
import { intArray } from '@/server/db/int-array';

export { PRODUCERS_ONLY };
export const PREMIUM_REQUIRED = 'AI recommendations are a Premium feature';
/** How many titles nearest the taste are scored (the rest of the catalogue cannot win). */
const NEIGHBOURS = 60;
/** Catalogue titles sampled to calibrate the match of a thin taste (match-score.ts). */
const CALIBRATION_SAMPLE = 200;
/** The latest 'Not My Market' titles whose neighbours are lowered. */
const LOWERED_NEGATIVES = 20;
/** How many 'Not My Market' titles the taste profile lists. */
const LISTED_NEGATIVES = 10;

export interface GenerateRecommendationsDeps {
  db: Database;
  embedder: Embedder;
  capability?: VectorCapability;
}

export interface RecommendationsViewer extends PremiumSubject {
  id: number;
}

/**
 * Who may have AI recommendations: producers (the spec's roles table gives them to premium
 * producers only; agents and admins are "not shown", and recommending titles to buy to the
 * people who sell them means nothing), and among producers the ONE premium rule of
 * membership.rules. Decision 015 records it.
 */
export function requireRecommendationsAccess(user: RecommendationsViewer): void {
  if (user.role !== 'producer') throw forbidden(PRODUCERS_ONLY);
  if (!hasPremiumAccess(user, 'aiRecommendations')) throw forbidden(PREMIUM_REQUIRED);
}

function parseExcluded(excluded: string | undefined): number[] {
  return (excluded ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((id) => Number.isSafeInteger(id));
}

/** The producer's taste: their signals with vectors, their words embedded, their feedback. */
async function loadTaste(
  deps: GenerateRecommendationsDeps,
  signals: TasteSignals,
  candidateWhere: SQL,
): Promise<{ input: TasteInput; isColdStart: boolean }> {
  const { db, embedder } = deps;
  const negativeIds = signals.negatives.map((negative) => negative.listingId);
  const stored = await findEmbeddings(db, [
    ...signals.listings.map((signal) => signal.listingId),
    ...negativeIds,
  ]);
  const searchText = signals.searchTexts.join('; ') || null;
  const [profileVector, searchVector] = await embedTexts(embedder, [
    signals.profileText,
    searchText,
  ]);
  const withVectors = signals.listings.flatMap((signal) => {
    const vector = stored.get(signal.listingId);
    return vector ? [{ ...signal, vector }] : [];
  });
  const isColdStart = withVectors.length === 0;
  const popularIds = isColdStart ? await findPopularListingIds(db, candidateWhere) : [];
  const popularVectors = await findEmbeddings(db, popularIds);
  return {
    isColdStart,
    input: {
      signals: withVectors,
      profileText:
        signals.profileText && profileVector
          ? { text: signals.profileText, vector: profileVector }
          : null,
      searchText:
        searchText && searchVector ? { text: signals.searchTexts[0], vector: searchVector } : null,
      negatives: signals.negatives.flatMap((negative) => {
        const vector = stored.get(negative.listingId);
        return vector ? [{ ...negative, vector }] : [];
      }),
      popular: popularIds.flatMap((id) => {
        const vector = popularVectors.get(id);
        return vector ? [{ id, vector }] : [];
      }),
    },
  };
}

/**
 * 'Not My Market' at once: the three titles nearest each marked title (among those the
 * producer could be shown), which rank-recommendations lowers; the latest marks first.
 */
async function findLoweredNeighbours(
  deps: GenerateRecommendationsDeps,
  negatives: TasteInput['negatives'],
  candidateWhere: SQL,
): Promise<Map<number, string>> {
  const lowered = new Map<number, string>();
  for (const negative of negatives.slice(0, LOWERED_NEGATIVES)) {
    const nearest = await findNearestListings(deps.db, {
      vector: negative.vector,
      where: candidateWhere,
      limit: NOT_MY_MARKET_NEIGHBOURS,
      capability: deps.capability,
    });
    for (const { listingId } of nearest) {
      if (!lowered.has(listingId)) lowered.set(listingId, negative.title);
    }
  }
  return lowered;
}

/** A fixed sample of the candidates (the same titles on every call), to calibrate against. */
async function findCatalogueSample(db: Database, candidateWhere: SQL) {
  const rows = await db
    .select({
      vector: listingEmbeddings.embedding,
      genre: listings.genre,
      medium: listings.medium,
      tags: listings.tags,
      themes: listings.themes,
      suggestedOfferMin: listings.suggestedOfferMin,
      suggestedOfferMax: listings.suggestedOfferMax,
    })
    .from(listingEmbeddings)
    .innerJoin(listings, eq(listings.id, listingEmbeddings.listingId))
    .where(candidateWhere)
    .orderBy(sql`md5(${listings.id}::text)`)
    .limit(CALIBRATION_SAMPLE);
  return rows.map((row) => ({ ...row, vector: row.vector.map(Number), themes: row.themes ?? [] }));
}

async function countCandidates(db: Database, candidateWhere: SQL): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(listingEmbeddings)
    .innerJoin(listings, eq(listings.id, listingEmbeddings.listingId))
    .where(candidateWhere);
  return Number(total);
}

/** The cards, vectors and impressions of the titles to score. */
async function loadCandidates(db: Database, userId: number, ids: number[], isRefresh: boolean) {
  if (ids.length === 0) return { candidates: [], cards: new Map(), shown: new Set<number>() };
  const [vectors, cardRows, shownRows] = await Promise.all([
    findEmbeddings(db, ids),
    db
      .select({ ...listingCardColumns, themes: listings.themes })
      .from(listings)
      .where(inArray(listings.id, ids)),
    isRefresh
      ? db
          .select({ listingId: recommendationImpressions.listingId })
          .from(recommendationImpressions)
          .where(
            and(
              eq(recommendationImpressions.userId, userId),
              inArray(recommendationImpressions.listingId, ids),
            ),
          )
      : Promise.resolve([]),
  ]);
  const cards = new Map(cardRows.map((row) => [row.id, row]));
  const candidates: RankCandidate[] = [];
  for (const id of ids) {
    const vector = vectors.get(id);
    const card = cards.get(id);
    if (!vector || !card || card.status !== 'available') continue;
    candidates.push({ ...card, id, vector, themes: card.themes ?? [] });
  }
  return { candidates, cards, shown: new Set(shownRows.map((row) => row.listingId)) };
}

function coldStartNote(signals: TasteSignals, isColdStart: boolean): string | null {
  if (!isColdStart) return null;
  if (signals.listings.length > 0) {
    return 'The titles you have favourited, offered on or read are still being analysed, so for now these come from your profile and the most-offered titles.';
  }
  return signals.profileText
    ? 'You have no offers, favourites or views yet, so these come from what your profile says you are looking for and the most-offered titles.'
    : 'You have no offers, favourites or views yet, so these are the most-offered titles. Favourite titles or make offers to personalise them.';
}

/** Nothing to compare with because the job has not embedded the catalogue yet (a fresh start). */
async function isCatalogueStillEmbedding(db: Database): Promise<boolean> {
  const result = await db.execute(sql`select 1 from ${listings} l
    where l.status = 'available'
      and not exists (select 1 from ${listingEmbeddings} e where e.listing_id = l.id)
    limit 1`);
  return result.rows.length > 0;
}

/**
 * GET /api/recommendations: the producer's taste (offers strongest, then 'Commercially
 * Viable' ratings, favourites, views weighted by time spent, searches and their profile
 * text) as one vector; the available titles they have not seen yet ranked by closeness to it,
 * adjusted for their genres, mediums and budget and lowered near what they marked 'Not My
 * Market'; in match order, each with a calibrated match (match-score.ts) and the reason.
 * Progress is recorded as each stage of the work ends.
 */
export async function generateRecommendations(
  deps: GenerateRecommendationsDeps,
  user: RecommendationsViewer,
  query: RecommendationsQuery,
): Promise<RecommendationsResponse> {
  requireRecommendationsAccess(user);
  const { db } = deps;
  const progress = (percent: number, stage: string) =>
    setRecommendationProgress(db, user.id, percent, stage);

  await progress(5, 'Starting');
  const signals = await findTasteSignals(db, user.id);
  const stated = await findStatedTasteProfile(db, user.id);
  const profile: TasteProfileValues = stated ?? deriveTasteProfile(signals);
  await progress(20, 'Reading your offers, favourites, views and searches');

  const notCandidates = [...new Set([...signals.seenListingIds, ...parseExcluded(query.excluded)])];
  const candidateWhere = and(
    eq(listings.status, 'available'),
    notCandidates.length > 0
      ? sql`not (${listings.id} = any(${intArray(notCandidates)}))`
      : undefined,
  ) as SQL;
  const { input, isColdStart } = await loadTaste(deps, signals, candidateWhere);
  const taste = tasteVector(input);
  await progress(35, 'Building your taste profile');

  const total = await countCandidates(db, candidateWhere);
  await progress(50, `Comparing ${total} available titles with your taste`);

  const neighbours = taste
    ? await findNearestListings(db, {
        vector: taste,
        where: candidateWhere,
        limit: NEIGHBOURS,
        capability: deps.capability,
      })
    : [];
  const lowered = await findLoweredNeighbours(deps, input.negatives, candidateWhere);
  const ids = [
    ...new Set([...neighbours.map((n) => n.listingId), ...input.popular.map((p) => p.id)]),
  ];
  const { candidates, cards, shown } = await loadCandidates(db, user.id, ids, query.refresh > 0);
  await progress(75, 'Scoring each title against the titles you chose');

  const reference = matchReference(
    input,
    profile,
    taste,
    // A thin taste is calibrated against the catalogue; the sample is read only then.
    input.signals.length >= 3 ? [] : await findCatalogueSample(db, candidateWhere),
  );
  const ranked = rankRecommendations(candidates, input, {
    profile,
    taste,
    reference,
    shown,
    lowered,
    isColdStart,
    limit: query.limit,
  });
  if (ranked.length > 0) {
    await db
      .insert(recommendationImpressions)
      .values(ranked.map((r) => ({ userId: user.id, listingId: r.id })))
      .onConflictDoUpdate({
        target: [recommendationImpressions.userId, recommendationImpressions.listingId],
        set: { shownAt: new Date() },
      });
  }
  const isStillEmbedding = total === 0 && (await isCatalogueStillEmbedding(db));
  await progress(100, 'Done');

  return {
    recommendations: ranked.map((r) => ({
      listing: toListingCard(cards.get(r.id)!),
      score: r.score,
      reasoning: r.reasoning,
    })),
    totalAnalyzed: total,
    profile: toTasteProfile(profile),
    signals: signals.counts,
    notMyMarket: signals.negatives.slice(0, LISTED_NEGATIVES),
    isColdStart,
    note: isStillEmbedding
      ? 'The catalogue is still being analysed; recommendations appear within a few minutes.'
      : coldStartNote(signals, isColdStart),
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
