import { and, desc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import { users, type UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { listingViews } from '@/domains/membership/server/membership.tables';
import { activityEvents } from '@/domains/tracking/server/tracking.tables';
import type { Executor } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import type { ListingViewersResponse } from '../insights.schema';
import { lastUkMonths } from './analytics-months';
import { requireAgentOrAdmin } from '@/domains/offers/server';

const MONTHS_SHOWN = 12;

/**
 * Who viewed one of the agent's listings. Counts include everyone but the agent; names and
 * companies only of producers who chose (in their account settings) to show them to agents.
 * A view is the server's record of a person opening the listing, once per person a month.
 */
export async function findListingViewers(
  db: Executor,
  user: UserRow,
  agentId: number,
  listingId: number,
  now: Date = new Date(),
): Promise<ListingViewersResponse> {
  requireAgentOrAdmin(user, agentId);
  const [listing] = await db
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.agentId, agentId)));
  // Another agent's listing reads as missing: its existence is not this agent's business.
  if (!listing) throw notFound('Listing not found');

  const ofThisListing = and(
    eq(listingViews.listingId, listingId),
    ne(listingViews.userId, agentId),
  );
  const months = lastUkMonths(now, MONTHS_SHOWN);
  const [[totals], monthRows, viewerRows] = await Promise.all([
    db
      .select({
        views: sql<number>`cast(count(*) as int)`,
        viewers: sql<number>`cast(count(distinct ${listingViews.userId}) as int)`,
      })
      .from(listingViews)
      .where(ofThisListing),
    db
      .select({
        month: listingViews.month,
        views: sql<number>`cast(count(*) as int)`,
        viewers: sql<number>`cast(count(distinct ${listingViews.userId}) as int)`,
      })
      .from(listingViews)
      .where(and(ofThisListing, inArray(listingViews.month, months)))
      .groupBy(listingViews.month),
    db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        companyName: users.companyName,
        views: sql<number>`cast(count(*) as int)`,
        lastViewedAt: max(listingViews.viewedAt),
      })
      .from(listingViews)
      .innerJoin(users, eq(users.id, listingViews.userId))
      .where(
        and(
          ofThisListing,
          // The producer's own choice, and only producers: the one rule that names anyone.
          eq(users.showNameToAgents, true),
          eq(users.role, 'producer'),
          sql`${users.deletedAt} is null`,
        ),
      )
      .groupBy(users.id)
      .orderBy(desc(max(listingViews.viewedAt))),
  ]);

  // listing_views keeps the first opening of each month; the visits the browser reported
  // (activity 'view' events) tell when a named viewer last looked.
  const lastVisits =
    viewerRows.length === 0
      ? []
      : await db
          .select({ userId: activityEvents.userId, at: max(activityEvents.createdAt) })
          .from(activityEvents)
          .where(
            and(
              eq(activityEvents.listingId, listingId),
              eq(activityEvents.activityType, 'view'),
              inArray(
                activityEvents.userId,
                viewerRows.map((row) => row.userId),
              ),
            ),
          )
          .groupBy(activityEvents.userId);
  const lastVisitOf = new Map(lastVisits.map((row) => [row.userId, row.at]));

  const byMonth = new Map(monthRows.map((row) => [row.month, row]));
  const namedViewers = viewerRows.map((row) => {
    const candidates = [row.lastViewedAt, lastVisitOf.get(row.userId)].filter(
      (at): at is Date => at instanceof Date,
    );
    const latest = new Date(Math.max(...candidates.map((at) => at.getTime())));
    return {
      firstName: row.firstName,
      lastName: row.lastName,
      companyName: row.companyName,
      views: row.views,
      lastViewedAt: latest.toISOString(),
    };
  });
  return {
    listingId: listing.id,
    title: listing.title,
    totalViews: totals?.views ?? 0,
    uniqueViewers: totals?.viewers ?? 0,
    months: months.map((month) => ({
      month,
      views: byMonth.get(month)?.views ?? 0,
      viewers: byMonth.get(month)?.viewers ?? 0,
    })),
    namedViewers,
    anonymousViewers: (totals?.viewers ?? 0) - namedViewers.length,
  };
}
