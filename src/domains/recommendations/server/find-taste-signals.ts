import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { users } from '@/domains/accounts/server/accounts.tables';
import { favourites } from '@/domains/favourites/server/favourites.tables';
import { listingOnMarket } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { listingViews } from '@/domains/membership/server/membership.tables';
import { offers } from '@/domains/offers/server/offers.tables';
import { activityEvents, searchEvents } from '@/domains/tracking/server/tracking.tables';
import { recommendationFeedback } from './recommendations.tables';

/** Why a listing is part of a producer's taste, strongest first. */
export type SignalKind = 'offer' | 'positive' | 'favourite' | 'view';

/** How much each kind of signal weighs in the taste vector (offers are the strongest). */
export const SIGNAL_WEIGHTS: Record<SignalKind, number> = {
  offer: 3,
  positive: 2.5,
  favourite: 2,
  view: 0.5,
};

export interface ListingSignal {
  listingId: number;
  title: string;
  genre: string | null;
  medium: string;
  tags: string[];
  themes: string[];
  suggestedOfferMin: number | null;
  suggestedOfferMax: number | null;
  kind: SignalKind;
  weight: number;
  /** Seconds spent reading, for views. */
  timeSpent: number;
}

export interface TasteSignals {
  listings: ListingSignal[];
  /** Listings marked 'Not My Market'. */
  negatives: { listingId: number; title: string }[];
  /** Prices of the producer's offers, in pence. */
  offerPrices: number[];
  /** Every listing the producer has already acted on (offered, favourited, rated, opened). */
  seenListingIds: number[];
  profileText: string | null;
  searchTexts: string[];
  counts: SignalCounts;
}

/** What the taste profile says it was read from: totals, not the samples ranking reads. */
export interface SignalCounts {
  /** Offers made (withdrawn drafts aside). */
  offers: number;
  favourites: number;
  /** Different titles opened or read. */
  views: number;
  /** Searches with words in them. */
  searches: number;
  /** Titles rated, either way. */
  feedback: number;
  /** Titles marked 'Not My Market'. */
  notMyMarket: number;
}

const KIND_ORDER: SignalKind[] = ['offer', 'positive', 'favourite', 'view'];
/** How many recent titles of each kind ranking reads (the counts are totals). */
const RECENT_FAVOURITES = 100;
const RECENT_VIEWS = 50;
const RECENT_RATINGS = 200;
const RECENT_SEARCHES = 10;

/**
 * Titles the producer opened or read, most recent first, with the seconds spent. Opening a
 * listing is counted by the membership room (one row per title and month, even on Premium);
 * the time spent arrives later from the page's view beacon (tracking), only after three
 * seconds on the page. A title counts as viewed if either says so: counting beacons alone
 * said "1 viewed titles" after five titles were opened.
 */
function viewedTitles(db: Executor, userId: number) {
  return db.execute<{ listing_id: number; time_spent: number; last_seen: string }>(sql`
    select listing_id, sum(time_spent)::int as time_spent, max(seen_at) as last_seen from (
      select ${listingViews.listingId} as listing_id, 0 as time_spent,
        ${listingViews.viewedAt} as seen_at
      from ${listingViews} where ${listingViews.userId} = ${userId}
      union all
      select ${activityEvents.listingId}, coalesce(${activityEvents.timeSpent}, 0),
        ${activityEvents.createdAt}
      from ${activityEvents}
      where ${activityEvents.userId} = ${userId} and ${activityEvents.activityType} = 'view'
    ) seen
    group by listing_id
    order by max(seen_at) desc, listing_id`);
}

/** Totals for the taste profile's sentence: one count per kind, never capped by a sample. */
async function countSignals(db: Executor, userId: number, viewed: number): Promise<SignalCounts> {
  const [[offerCount], [favouriteCount], [searchCount], [ratingCount]] = await Promise.all([
    db
      .select({ n: count() })
      .from(offers)
      .where(and(eq(offers.producerId, userId), ne(offers.status, 'abandoned'))),
    db.select({ n: count() }).from(favourites).where(eq(favourites.userId, userId)),
    db
      .select({ n: count() })
      .from(searchEvents)
      .where(and(eq(searchEvents.userId, userId), sql`btrim(${searchEvents.searchQuery}) <> ''`)),
    db
      .execute<{ rated: number; not_my_market: number }>(
        sql`
      select count(*)::int as rated, count(*) filter (where rating = 1)::int as not_my_market
      from (
        select distinct on (${recommendationFeedback.listingId}) ${recommendationFeedback.rating} as rating
        from ${recommendationFeedback} where ${recommendationFeedback.userId} = ${userId}
        order by ${recommendationFeedback.listingId}, ${recommendationFeedback.createdAt} desc,
          ${recommendationFeedback.id} desc
      ) latest`,
      )
      .then((result) => result.rows),
  ]);
  return {
    offers: Number(offerCount.n),
    favourites: Number(favouriteCount.n),
    views: viewed,
    searches: Number(searchCount.n),
    feedback: Number(ratingCount.rated),
    notMyMarket: Number(ratingCount.not_my_market),
  };
}

type SignalWeights = Map<number, { kind: SignalKind; weight: number; timeSpent: number }>;

function addSignal(
  weights: SignalWeights,
  listingId: number,
  kind: SignalKind,
  weight: number,
  timeSpent = 0,
) {
  const current = weights.get(listingId);
  if (!current) {
    weights.set(listingId, { kind, weight, timeSpent });
    return;
  }
  current.weight += weight;
  current.timeSpent += timeSpent;
  if (KIND_ORDER.indexOf(kind) < KIND_ORDER.indexOf(current.kind)) current.kind = kind;
}

/** Everything the producer's own activity says about their taste (read-only). */
export async function findTasteSignals(db: Executor, userId: number): Promise<TasteSignals> {
  const [offerRows, favouriteRows, viewed, feedbackRows, searchRows, userRows] = await Promise.all([
    db
      .select({ listingId: offers.listingId, price: offers.offerPricePence })
      .from(offers)
      .where(and(eq(offers.producerId, userId), ne(offers.status, 'abandoned'))),
    db
      .select({ listingId: favourites.listingId })
      .from(favourites)
      .where(eq(favourites.userId, userId))
      .orderBy(desc(favourites.createdAt))
      .limit(RECENT_FAVOURITES),
    viewedTitles(db, userId),
    db
      .select({
        listingId: recommendationFeedback.listingId,
        rating: recommendationFeedback.rating,
      })
      .from(recommendationFeedback)
      .where(eq(recommendationFeedback.userId, userId))
      .orderBy(desc(recommendationFeedback.createdAt), desc(recommendationFeedback.id))
      .limit(RECENT_RATINGS),
    db
      .select({ query: searchEvents.searchQuery })
      .from(searchEvents)
      .where(and(eq(searchEvents.userId, userId), ne(searchEvents.searchQuery, '')))
      .orderBy(desc(searchEvents.createdAt))
      .limit(RECENT_SEARCHES),
    db.select({ text: users.whatAreYouLookingFor }).from(users).where(eq(users.id, userId)),
  ]);
  const viewRows = viewed.rows.map((row) => ({
    listingId: Number(row.listing_id),
    timeSpent: Number(row.time_spent),
  }));

  // The latest rating of each listing counts.
  const ratings = new Map<number, number>();
  for (const row of feedbackRows)
    if (!ratings.has(row.listingId)) ratings.set(row.listingId, row.rating);

  const weights: SignalWeights = new Map();
  for (const row of new Map(offerRows.map((r) => [r.listingId, r])).values()) {
    addSignal(weights, row.listingId, 'offer', SIGNAL_WEIGHTS.offer);
  }
  for (const row of favouriteRows) {
    addSignal(weights, row.listingId, 'favourite', SIGNAL_WEIGHTS.favourite);
  }
  for (const row of viewRows.slice(0, RECENT_VIEWS)) {
    // A glance counts a little; reading for five minutes or more counts three times as much.
    const seconds = row.timeSpent;
    const weight = SIGNAL_WEIGHTS.view * (1 + (2 * Math.min(seconds, 300)) / 300);
    addSignal(weights, row.listingId, 'view', weight, seconds);
  }
  for (const [listingId, rating] of ratings) {
    if (rating === 5) addSignal(weights, listingId, 'positive', SIGNAL_WEIGHTS.positive);
  }
  const negativeIds = [...ratings].filter(([, rating]) => rating === 1).map(([id]) => id);
  for (const id of negativeIds) weights.delete(id);

  const ids = [...new Set([...weights.keys(), ...negativeIds])];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: listings.id,
            title: listings.title,
            genre: listings.genre,
            medium: listings.medium,
            tags: listings.tags,
            themes: listings.themes,
            suggestedOfferMin: listings.suggestedOfferMin,
            suggestedOfferMax: listings.suggestedOfferMax,
          })
          .from(listings)
          // A listing since taken off the market is no signal: its title would reach the
          // producer in a recommendation's reasons (issue 27).
          .where(and(inArray(listings.id, ids), listingOnMarket()));
  const byId = new Map(rows.map((row) => [row.id, row]));

  const signalListings: ListingSignal[] = [];
  for (const [listingId, signal] of weights) {
    const row = byId.get(listingId);
    if (!row) continue;
    const { id: _id, ...card } = row;
    signalListings.push({
      listingId,
      ...card,
      tags: card.tags ?? [],
      themes: card.themes ?? [],
      ...signal,
    });
  }
  // Strongest first; equal weights by id, so every reading gives the same order.
  signalListings.sort((a, b) => b.weight - a.weight || a.listingId - b.listingId);

  const searchTexts = [...new Set(searchRows.map((row) => row.query.trim()).filter(Boolean))];
  const profileText = userRows[0]?.text?.trim() || null;
  return {
    listings: signalListings,
    negatives: negativeIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ listingId: id, title: row.title }] : [];
    }),
    offerPrices: offerRows.map((row) => row.price),
    // Titles they already know are not recommended back to them.
    seenListingIds: [
      ...new Set([
        ...offerRows.map((row) => row.listingId),
        ...favouriteRows.map((row) => row.listingId),
        ...ratings.keys(),
        ...viewRows.map((row) => row.listingId),
      ]),
    ],
    profileText,
    searchTexts,
    counts: await countSignals(db, userId, viewRows.length),
  };
}
