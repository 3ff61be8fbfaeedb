import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { users } from '@/domains/accounts/server/accounts.tables';
import { favourites } from '@/domains/favourites/server/favourites.tables';
import { listingOnMarket } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
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
/** Text signals: what the producer wrote in their profile, and what they searched for. */
export const PROFILE_TEXT_WEIGHT = 1.5;
export const SEARCH_TEXT_WEIGHT = 1;
/** A 'Not My Market' listing pulls the taste away from itself by this much. */
export const NEGATIVE_WEIGHT = 1.5;

export interface ListingSignal {
  listingId: number;
  title: string;
  genre: string | null;
  medium: string;
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
  /** Every listing the producer has already acted on (offered, favourited, rated). */
  seenListingIds: number[];
  profileText: string | null;
  searchTexts: string[];
  counts: { offers: number; favourites: number; views: number; searches: number; feedback: number };
}

const KIND_ORDER: SignalKind[] = ['offer', 'positive', 'favourite', 'view'];

/** Everything the producer's own activity says about their taste (read-only). */
export async function findTasteSignals(db: Executor, userId: number): Promise<TasteSignals> {
  const [offerRows, favouriteRows, viewRows, feedbackRows, searchRows, userRows] =
    await Promise.all([
      db
        .select({ listingId: offers.listingId, price: offers.offerPricePence })
        .from(offers)
        .where(and(eq(offers.producerId, userId), ne(offers.status, 'abandoned'))),
      db
        .select({ listingId: favourites.listingId })
        .from(favourites)
        .where(eq(favourites.userId, userId))
        .orderBy(desc(favourites.createdAt))
        .limit(100),
      db
        .select({
          listingId: activityEvents.listingId,
          timeSpent: sql<number>`coalesce(sum(${activityEvents.timeSpent}), 0)::int`,
        })
        .from(activityEvents)
        .where(and(eq(activityEvents.userId, userId), eq(activityEvents.activityType, 'view')))
        .groupBy(activityEvents.listingId)
        .orderBy(sql`max(${activityEvents.createdAt}) desc`)
        .limit(50),
      db
        .select({
          listingId: recommendationFeedback.listingId,
          rating: recommendationFeedback.rating,
        })
        .from(recommendationFeedback)
        .where(eq(recommendationFeedback.userId, userId))
        .orderBy(desc(recommendationFeedback.createdAt))
        .limit(200),
      db
        .select({ query: searchEvents.searchQuery })
        .from(searchEvents)
        .where(and(eq(searchEvents.userId, userId), ne(searchEvents.searchQuery, '')))
        .orderBy(desc(searchEvents.createdAt))
        .limit(10),
      db.select({ text: users.whatAreYouLookingFor }).from(users).where(eq(users.id, userId)),
    ]);

  // The latest rating of each listing counts.
  const ratings = new Map<number, number>();
  for (const row of feedbackRows)
    if (!ratings.has(row.listingId)) ratings.set(row.listingId, row.rating);

  const weights = new Map<number, { kind: SignalKind; weight: number; timeSpent: number }>();
  const add = (listingId: number, kind: SignalKind, weight: number, timeSpent = 0) => {
    const current = weights.get(listingId);
    if (!current) {
      weights.set(listingId, { kind, weight, timeSpent });
      return;
    }
    current.weight += weight;
    current.timeSpent += timeSpent;
    if (KIND_ORDER.indexOf(kind) < KIND_ORDER.indexOf(current.kind)) current.kind = kind;
  };
  for (const row of new Map(offerRows.map((r) => [r.listingId, r])).values()) {
    add(row.listingId, 'offer', SIGNAL_WEIGHTS.offer);
  }
  for (const row of favouriteRows) add(row.listingId, 'favourite', SIGNAL_WEIGHTS.favourite);
  for (const row of viewRows) {
    // A glance counts a little; reading for five minutes or more counts three times as much.
    const seconds = Number(row.timeSpent);
    add(
      row.listingId,
      'view',
      SIGNAL_WEIGHTS.view * (1 + (2 * Math.min(seconds, 300)) / 300),
      seconds,
    );
  }
  for (const [listingId, rating] of ratings) {
    if (rating === 5) add(listingId, 'positive', SIGNAL_WEIGHTS.positive);
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
    signalListings.push({
      listingId,
      title: row.title,
      genre: row.genre,
      medium: row.medium,
      suggestedOfferMin: row.suggestedOfferMin,
      suggestedOfferMax: row.suggestedOfferMax,
      ...signal,
    });
  }
  signalListings.sort((a, b) => b.weight - a.weight);

  const searchTexts = [...new Set(searchRows.map((row) => row.query.trim()).filter(Boolean))];
  const profileText = userRows[0]?.text?.trim() || null;
  return {
    listings: signalListings,
    negatives: negativeIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ listingId: id, title: row.title }] : [];
    }),
    offerPrices: offerRows.map((row) => row.price),
    seenListingIds: [
      ...new Set([
        ...offerRows.map((row) => row.listingId),
        ...favouriteRows.map((row) => row.listingId),
        ...ratings.keys(),
      ]),
    ],
    profileText,
    searchTexts,
    counts: {
      offers: offerRows.length,
      favourites: favouriteRows.length,
      views: viewRows.length,
      searches: searchTexts.length,
      feedback: ratings.size,
    },
  };
}
