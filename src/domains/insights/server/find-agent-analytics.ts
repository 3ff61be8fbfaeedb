import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { favourites } from '@/domains/favourites/server/favourites.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { listingViews } from '@/domains/membership/server/membership.tables';
import type { Executor } from '@/server/db/client';
import { penceToPounds } from '@/shared/money';
import type { AgentActivityMonth, AgentAnalyticsResponse } from '../insights.schema';
import { lastUkMonths, ukMonthOf } from './analytics-months';
import { offerReachedAgent, requireAgentOrAdmin } from '@/domains/offers/server';
import { offers } from '@/domains/offers/server/offers.tables';

const MONTHS_SHOWN = 12;

const int = (expression: SQL) => sql<number>`cast(${expression} as int)`;
/** A sum of pence as a JS number (float8: exact far beyond any portfolio's total). */
const penceSum = (expression: SQL, condition: SQL = sql`true`) =>
  sql<number>`cast(coalesce(sum(${expression}) filter (where ${condition}), 0) as double precision)`;

/** accepted ÷ offers as a percentage with one decimal; null when there were no offers. */
export function conversionRate(accepted: number, total: number): number | null {
  return total === 0 ? null : Math.round((accepted / total) * 1000) / 10;
}

/**
 * The agent's analytics, from rows only: offers that reached the agent (authorised holds) and
 * what became of them, accepted option fees, viewers (each counted once a month by the server
 * when they open the listing; the agent's own views are left out) and favourites.
 */
export async function findAgentAnalytics(
  db: Executor,
  user: UserRow,
  agentId: number,
  now: Date = new Date(),
): Promise<AgentAnalyticsResponse> {
  requireAgentOrAdmin(user, agentId);
  const ownListings = await db
    .select({
      id: listings.id,
      title: listings.title,
      medium: listings.medium,
      status: listings.status,
    })
    .from(listings)
    .where(eq(listings.agentId, agentId))
    .orderBy(listings.id);
  const listingIds = ownListings.map((listing) => listing.id);
  const months = lastUkMonths(now, MONTHS_SHOWN);
  if (listingIds.length === 0) return emptyAnalytics(months);

  // Reached the agent: its hold was authorised (an offer closed while awaiting payment, when
  // another was accepted, never did).
  const reachedAgent = and(inArray(offers.listingId, listingIds), offerReachedAgent);
  const isAccepted = sql`${offers.status} = 'accepted'`;
  const offerMonth = ukMonthOf(sql`${offers.submittedAt}`);
  const acceptedMonth = ukMonthOf(sql`coalesce(${offers.decidedAt}, ${offers.submittedAt})`);
  const notTheAgentsOwnView = ne(listingViews.userId, agentId);
  const notTheAgentsOwnFavourite = ne(favourites.userId, agentId);

  const [offerRows, viewRows, favouriteRows, offersByMonth, acceptedByMonth] = await Promise.all([
    db
      .select({
        listingId: offers.listingId,
        total: int(sql`count(*)`),
        accepted: int(sql`count(*) filter (where ${isAccepted})`),
        revenuePence: penceSum(sql`${offers.offerPricePence}`, isAccepted),
        offeredPence: penceSum(sql`${offers.offerPricePence}`),
      })
      .from(offers)
      .where(reachedAgent)
      .groupBy(offers.listingId),
    db
      .select({
        listingId: listingViews.listingId,
        views: int(sql`count(*)`),
        viewers: int(sql`count(distinct ${listingViews.userId})`),
      })
      .from(listingViews)
      .where(and(inArray(listingViews.listingId, listingIds), notTheAgentsOwnView))
      .groupBy(listingViews.listingId),
    db
      .select({ listingId: favourites.listingId, favourites: int(sql`count(*)`) })
      .from(favourites)
      .where(and(inArray(favourites.listingId, listingIds), notTheAgentsOwnFavourite))
      .groupBy(favourites.listingId),
    db
      .select({ month: offerMonth, offers: int(sql`count(*)`) })
      .from(offers)
      .where(reachedAgent)
      .groupBy(offerMonth),
    db
      .select({
        month: acceptedMonth,
        accepted: int(sql`count(*)`),
        revenuePence: penceSum(sql`${offers.offerPricePence}`),
      })
      .from(offers)
      .where(and(reachedAgent, eq(offers.status, 'accepted')))
      .groupBy(acceptedMonth),
  ]);
  const [monthlyViewers, monthlyFavourites, [portfolio]] = await Promise.all([
    db
      .select({
        month: listingViews.month,
        viewers: int(sql`count(distinct ${listingViews.userId})`),
      })
      .from(listingViews)
      .where(
        and(
          inArray(listingViews.listingId, listingIds),
          notTheAgentsOwnView,
          inArray(listingViews.month, months),
        ),
      )
      .groupBy(listingViews.month),
    db
      .select({ month: ukMonthOf(sql`${favourites.createdAt}`), favourites: int(sql`count(*)`) })
      .from(favourites)
      .where(and(inArray(favourites.listingId, listingIds), notTheAgentsOwnFavourite))
      .groupBy(ukMonthOf(sql`${favourites.createdAt}`)),
    db
      .select({ viewers: int(sql`count(distinct ${listingViews.userId})`) })
      .from(listingViews)
      .where(and(inArray(listingViews.listingId, listingIds), notTheAgentsOwnView)),
  ]);

  const listingPerformance = performanceOf(ownListings, offerRows, viewRows, favouriteRows);

  const sum = (pick: (row: (typeof offerRows)[number]) => number) =>
    offerRows.reduce((total, row) => total + pick(row), 0);
  const totalOffers = sum((row) => row.total);
  const totalAccepted = sum((row) => row.accepted);
  const totalFavourites = favouriteRows.reduce((total, row) => total + row.favourites, 0);

  const series = monthlySeries(months, {
    offersByMonth,
    acceptedByMonth,
    monthlyViewers,
    monthlyFavourites,
  });

  return {
    overview: {
      totalListings: ownListings.length,
      totalOffers,
      totalRevenue: penceToPounds(sum((row) => row.revenuePence)),
      conversionRate: conversionRate(totalAccepted, totalOffers),
      totalViews: viewRows.reduce((total, row) => total + row.views, 0),
      uniqueViewers: portfolio?.viewers ?? 0,
      totalFavourites,
    },
    listingPerformance,
    months: series,
    funnel: {
      viewers: portfolio?.viewers ?? 0,
      favourites: totalFavourites,
      offers: totalOffers,
      accepted: totalAccepted,
    },
  };
}

function emptyAnalytics(months: string[]): AgentAnalyticsResponse {
  return {
    overview: {
      totalListings: 0,
      totalOffers: 0,
      totalRevenue: penceToPounds(0),
      conversionRate: null,
      totalViews: 0,
      uniqueViewers: 0,
      totalFavourites: 0,
    },
    listingPerformance: [],
    months: months.map((month) => ({
      month,
      offers: 0,
      accepted: 0,
      revenue: penceToPounds(0),
      viewers: 0,
      favourites: 0,
    })),
    funnel: { viewers: 0, favourites: 0, offers: 0, accepted: 0 },
  };
}

type ListingRowCounts = { listingId: number };

/** Each of the agent's listings with its offers, fees, views and favourites. */
function performanceOf(
  ownListings: Array<{ id: number; title: string; medium: string; status: string }>,
  offerRows: Array<
    ListingRowCounts & {
      total: number;
      accepted: number;
      revenuePence: number;
      offeredPence: number;
    }
  >,
  viewRows: Array<ListingRowCounts & { views: number; viewers: number }>,
  favouriteRows: Array<ListingRowCounts & { favourites: number }>,
): AgentAnalyticsResponse['listingPerformance'] {
  const byListing = <T extends { listingId: number }>(rows: T[]) =>
    new Map(rows.map((row) => [row.listingId, row]));
  const offersOf = byListing(offerRows);
  const viewsOf = byListing(viewRows);
  const favouritesOf = byListing(favouriteRows);

  return ownListings.map((listing) => {
    const offered = offersOf.get(listing.id);
    const total = offered?.total ?? 0;
    const accepted = offered?.accepted ?? 0;
    return {
      id: listing.id,
      title: listing.title,
      medium: listing.medium,
      status: listing.status,
      totalOffers: total,
      acceptedOffers: accepted,
      totalRevenue: penceToPounds(offered?.revenuePence ?? 0),
      avgOfferPrice:
        total === 0 ? null : penceToPounds(Math.round((offered?.offeredPence ?? 0) / total)),
      conversionRate: conversionRate(accepted, total),
      views: viewsOf.get(listing.id)?.views ?? 0,
      uniqueViewers: viewsOf.get(listing.id)?.viewers ?? 0,
      favourites: favouritesOf.get(listing.id)?.favourites ?? 0,
    };
  });
}

/** The months shown, oldest first, each present (zeros where nothing happened). */
function monthlySeries(
  months: string[],
  rows: {
    offersByMonth: Array<{ month: string; offers: number }>;
    acceptedByMonth: Array<{ month: string; accepted: number; revenuePence: number }>;
    monthlyViewers: Array<{ month: string; viewers: number }>;
    monthlyFavourites: Array<{ month: string; favourites: number }>;
  },
): AgentActivityMonth[] {
  const { offersByMonth, acceptedByMonth, monthlyViewers, monthlyFavourites } = rows;
  const monthly = <T extends { month: string }>(rows: T[]) =>
    new Map(rows.map((row) => [row.month, row]));
  const offeredIn = monthly(offersByMonth);
  const acceptedIn = monthly(acceptedByMonth);
  const viewedIn = monthly(monthlyViewers);
  const favouritedIn = monthly(monthlyFavourites);
  return months.map((month) => ({
    month,
    offers: offeredIn.get(month)?.offers ?? 0,
    accepted: acceptedIn.get(month)?.accepted ?? 0,
    revenue: penceToPounds(acceptedIn.get(month)?.revenuePence ?? 0),
    viewers: viewedIn.get(month)?.viewers ?? 0,
    favourites: favouritedIn.get(month)?.favourites ?? 0,
  }));
}
