import { and, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { listings } from '@/domains/listings/server/listings.tables';
import { favourites } from '@/domains/favourites/server/favourites.tables';
import { offers } from '@/domains/offers/server/offers.tables';
import { listingViews } from '@/domains/membership/server/membership.tables';
import type { EngineInputs } from './engine/analyse-listing';
import { genreKey, loadGenreActivity, type GenreActivity } from './load-genre-activity';

export type { GenreActivity } from './load-genre-activity';

export interface ListingForAnalysis {
  inputs: EngineInputs;
  agentId: number | null;
  status: string;
  title: string;
  author: string;
}

const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The engine's inputs for each listing named (missing ids are left out). */
export async function loadEngineInputs(
  db: Executor,
  listingIds: readonly number[],
  options: { now: Date; genreActivity?: Map<string, GenreActivity> },
): Promise<Map<number, ListingForAnalysis>> {
  if (listingIds.length === 0) return new Map();
  const ids = [...listingIds];
  const [rows, viewCounts, favouriteCounts, offerCounts] = await Promise.all([
    db.select().from(listings).where(inArray(listings.id, ids)),
    db
      .select({ listingId: listingViews.listingId, n: sql<number>`count(*)::int` })
      .from(listingViews)
      .where(inArray(listingViews.listingId, ids))
      .groupBy(listingViews.listingId),
    db
      .select({ listingId: favourites.listingId, n: sql<number>`count(*)::int` })
      .from(favourites)
      .where(inArray(favourites.listingId, ids))
      .groupBy(favourites.listingId),
    db
      .select({ listingId: offers.listingId, n: sql<number>`count(*)::int` })
      .from(offers)
      .where(and(inArray(offers.listingId, ids), sql`${offers.status} <> 'awaiting_payment'`))
      .groupBy(offers.listingId),
  ]);
  // Only the genres of these listings: a request for one listing must not aggregate the
  // whole catalogue's activity.
  const genreActivity =
    options.genreActivity ??
    (await loadGenreActivity(db, { genres: rows.map((row) => row.genre) }));
  const count = (list: Array<{ listingId: number; n: number }>) =>
    new Map(list.map((row) => [row.listingId, Number(row.n)]));
  const views = count(viewCounts);
  const favs = count(favouriteCounts);
  const offerMap = count(offerCounts);
  const asOfYear = options.now.getUTCFullYear();
  const empty: GenreActivity = {
    listings: 0,
    views: 0,
    favourites: 0,
    offers: 0,
    acceptedOptionPricesPence: [],
  };
  const result = new Map<number, ListingForAnalysis>();
  for (const row of rows) {
    const details = row.mediumDetails ?? {};
    result.set(row.id, {
      agentId: row.agentId,
      status: row.status,
      title: row.title,
      author: row.author,
      inputs: {
        asOfYear,
        listing: {
          id: row.id,
          title: row.title,
          genre: row.genre,
          medium: row.medium,
          pages: row.pages,
          publishDate: row.publishDate,
          status: row.status,
          suggestedOfferMaxPence: row.suggestedOfferMax,
          awards: row.awards,
          salesFigures: row.salesFigures,
          reviews: row.reviews,
          comparableTitles: row.comparableTitles,
          previousAdaptations: row.previousAdaptations,
          averageRating: toNumber(details.averageRating),
          ratingsCount: toNumber(details.ratingsCount),
          ratingsSource: ratingsSourceOf(details),
          twitterMentions: row.twitterMentions,
          twitterBuzzScore: row.twitterBuzzScore,
          youtubeTotalViews: row.youtubeTotalViews,
          youtubePopularityScore: row.youtubePopularityScore,
          youtubeAdaptationPotential: row.youtubeAdaptationPotential,
          contentRating: row.contentRating,
          themes: row.themes,
          targetDemographic: row.targetDemographic
            ? {
                ageRange: row.targetDemographic.ageRange,
                gender: row.targetDemographic.gender,
                income: row.targetDemographic.income,
              }
            : null,
        },
        activity: {
          listing: {
            views: views.get(row.id) ?? 0,
            favourites: favs.get(row.id) ?? 0,
            offers: offerMap.get(row.id) ?? 0,
          },
          genre: genreActivity.get(genreKey(row.genre)) ?? empty,
        },
      },
    });
  }
  return result;
}

/**
 * 'Google Books on 24 Nov 2026' when enrichment supplied the ratings (it records its source
 * and date in mediumDetails), so the analysis says what its reader figures rest on.
 */
export function ratingsSourceOf(details: Record<string, unknown>): string | null {
  if (typeof details.source !== 'string' || typeof details.enrichedAt !== 'string') return null;
  const at = new Date(details.enrichedAt);
  if (Number.isNaN(at.getTime())) return null;
  const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' });
  return `${details.source} on ${day.format(at)}`;
}
