import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { users } from '@/domains/accounts/server/accounts.tables';
import { favourites } from '@/domains/favourites/server/favourites.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import {
  membershipPayments,
  membershipSubscriptions,
} from '@/domains/membership/server/subscriptions.tables';
import { offers } from '@/domains/offers/server/offers.tables';
import { activityEvents, searchEvents } from '@/domains/tracking/server/tracking.tables';
import type { Executor } from '@/server/db/client';
import { AppError } from '@/shared/errors';
import { penceToPounds } from '@/shared/money';
import {
  ANALYTICS_PERIODS,
  ANALYTICS_TOP,
  ANALYTICS_ZERO_RESULT_TOP,
  QUEUE_AGE_BANDS,
  RENEWALS_WINDOW_DAYS,
  type AdminAnalytics,
  type AnalyticsInterval,
  type FunnelStage,
} from '../admin-analytics.schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first day (UTC, YYYY-MM-DD) of each of the last `periods` months or ISO weeks
 * (Monday first), the one holding `now` last.
 */
export function periodStarts(interval: AnalyticsInterval, now: Date, periods: number): string[] {
  const starts: string[] = [];
  for (let back = periods - 1; back >= 0; back -= 1) {
    let start: Date;
    if (interval === 'month') {
      start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    } else {
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const sinceMonday = (now.getUTCDay() + 6) % 7;
      start = new Date(today - (sinceMonday + 7 * back) * DAY_MS);
    }
    starts.push(start.toISOString().slice(0, 10));
  }
  return starts;
}

/** The middle value (the mean of the two middle ones for an even count); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const roundDays = (ms: number) => Math.round((ms / DAY_MS) * 10) / 10;

/** The period a timestamp falls in, as the keys of periodStarts (UTC). */
const periodOf = (interval: AnalyticsInterval, column: PgColumn): SQL<string> =>
  sql<string>`to_char(date_trunc(${sql.raw(`'${interval}'`)}, ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

const asCount = sql<number>`count(*)::int`;
const sumPence = (column: PgColumn) => sql<number>`coalesce(sum(${column}), 0)::bigint`;

/**
 * GET /api/admin/analytics: the platform's figures for administrators, each counted from
 * the rows that hold it (reads of the other rooms' tables, never writes).
 */
export async function findAdminAnalytics(
  db: Executor,
  { admin, interval, now }: { admin: UserRow; interval: AnalyticsInterval; now: Date },
): Promise<AdminAnalytics> {
  if (admin.role !== 'admin') throw new AppError('FORBIDDEN', 'Admin access required');
  const starts = periodStarts(interval, now, ANALYTICS_PERIODS);
  const since = new Date(`${starts[0]}T00:00:00Z`);
  const [usersPanel, verification, listingsPanel, funnel, money, top, zeroResultSearches] =
    await Promise.all([
      usersFigures(db, interval, since, starts),
      verificationQueue(db, now),
      listingFigures(db),
      offerFunnel(db),
      moneyFigures(db, interval, since, starts, now),
      topListings(db),
      zeroResults(db),
    ]);
  return {
    generatedAt: now.toISOString(),
    interval,
    users: usersPanel,
    verification,
    listings: listingsPanel,
    offers: { funnel },
    money,
    mostViewed: top.viewed,
    mostFavourited: top.favourited,
    zeroResultSearches,
  };
}

async function usersFigures(
  db: Executor,
  interval: AnalyticsInterval,
  since: Date,
  starts: string[],
) {
  const live = isNull(users.deletedAt);
  const byRole = await db
    .select({ role: users.role, count: asCount })
    .from(users)
    .where(live)
    .groupBy(users.role)
    .orderBy(users.role);
  const [premium] = await db
    .select({ count: asCount })
    .from(users)
    .where(and(live, eq(users.role, 'producer'), eq(users.membershipTier, 'premium')));
  const period = periodOf(interval, users.createdAt);
  const signups = await db
    .select({ period, count: asCount })
    .from(users)
    .where(and(live, gte(users.createdAt, since)))
    .groupBy(period);
  const byPeriod = new Map(signups.map((row) => [row.period, row.count]));
  return {
    total: byRole.reduce((sum, row) => sum + row.count, 0),
    premiumProducers: premium.count,
    byRole,
    signups: starts.map((start) => ({ period: start, count: byPeriod.get(start) ?? 0 })),
  };
}

async function verificationQueue(db: Executor, now: Date) {
  const pending = await db
    .select({
      submittedAt: sql<Date>`coalesce(${users.agentVerificationSubmittedAt}, ${users.createdAt})`,
    })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        eq(users.role, 'agent'),
        eq(users.agentVerificationStatus, 'pending'),
      ),
    );
  const submitted = pending.map((row) => new Date(row.submittedAt));
  const ages = submitted.map((date) => Math.max(0, now.getTime() - date.getTime()));
  const oldest = submitted.length > 0 ? new Date(Math.min(...submitted.map(Number))) : null;
  const middle = median(ages);
  const bands = QUEUE_AGE_BANDS.map((band) => ({ band: band.label, count: 0 }));
  for (const age of ages) {
    const index = QUEUE_AGE_BANDS.findIndex((band) => age / DAY_MS < band.maxDays);
    bands[index].count += 1;
  }
  return {
    pending: pending.length,
    oldestSubmittedAt: oldest?.toISOString() ?? null,
    oldestAgeDays: oldest ? roundDays(now.getTime() - oldest.getTime()) : null,
    medianAgeDays: middle === null ? null : roundDays(middle),
    ageBands: bands,
  };
}

async function listingFigures(db: Executor) {
  const byMedium = await db
    .select({ medium: listings.medium, count: asCount })
    .from(listings)
    .groupBy(listings.medium)
    .orderBy(desc(asCount), listings.medium);
  const byStatus = await db
    .select({ status: listings.status, count: asCount })
    .from(listings)
    .groupBy(listings.status)
    .orderBy(desc(asCount), listings.status);
  return { total: byMedium.reduce((sum, row) => sum + row.count, 0), byMedium, byStatus };
}

/**
 * Created: every offer a producer started. Authorised: its card hold went through (the agent
 * saw it). The outcomes count authorised offers only: an offer abandoned or cancelled before
 * its hold never reached the agent.
 */
async function offerFunnel(db: Executor): Promise<Array<{ stage: FunnelStage; count: number }>> {
  const rows = await db
    .select({
      status: offers.status,
      isAuthorised: sql<boolean>`${offers.submittedAt} is not null`,
      count: asCount,
    })
    .from(offers)
    .groupBy(offers.status, sql`${offers.submittedAt} is not null`);
  const sum = (test: (row: (typeof rows)[number]) => boolean) =>
    rows.filter(test).reduce((total, row) => total + row.count, 0);
  const authorised = (status: string[]) => (row: (typeof rows)[number]) =>
    row.isAuthorised && status.includes(row.status);
  return [
    { stage: 'created', count: sum(() => true) },
    { stage: 'authorised', count: sum((row) => row.isAuthorised) },
    { stage: 'awaiting', count: sum(authorised(['pending', 'accepting'])) },
    { stage: 'accepted', count: sum(authorised(['accepted'])) },
    { stage: 'rejected', count: sum(authorised(['rejected'])) },
    { stage: 'expired', count: sum(authorised(['expired'])) },
    { stage: 'cancelled', count: sum(authorised(['cancelled'])) },
  ];
}

async function moneyFigures(
  db: Executor,
  interval: AnalyticsInterval,
  since: Date,
  starts: string[],
  now: Date,
) {
  const offerSums = await db
    .select({ status: offers.status, count: asCount, pence: sumPence(offers.offerPricePence) })
    .from(offers)
    .where(inArray(offers.status, ['pending', 'accepting', 'accepted']))
    .groupBy(offers.status);
  const held = offerSums.filter((row) => row.status !== 'accepted');
  const captured = offerSums.find((row) => row.status === 'accepted');
  const [paid] = await db
    .select({
      count: asCount,
      net: sumPence(membershipPayments.netPence),
      vat: sumPence(membershipPayments.vatPence),
      gross: sumPence(membershipPayments.grossPence),
    })
    .from(membershipPayments)
    .where(isNull(membershipPayments.refundedAt));
  const [refunded] = await db
    .select({ count: asCount, gross: sumPence(membershipPayments.grossPence) })
    .from(membershipPayments)
    .where(isNotNull(membershipPayments.refundedAt));
  const period = periodOf(interval, membershipPayments.paidAt);
  const byPeriodRows = await db
    .select({
      period,
      net: sumPence(membershipPayments.netPence),
      vat: sumPence(membershipPayments.vatPence),
      gross: sumPence(membershipPayments.grossPence),
    })
    .from(membershipPayments)
    .where(and(isNull(membershipPayments.refundedAt), gte(membershipPayments.paidAt, since)))
    .groupBy(period);
  const byPeriod = new Map(byPeriodRows.map((row) => [row.period, row]));
  const windowEnd = new Date(now.getTime() + RENEWALS_WINDOW_DAYS * DAY_MS);
  const renewals = await db
    .select({ autoRenew: membershipSubscriptions.autoRenew, count: asCount })
    .from(membershipSubscriptions)
    .where(
      and(
        eq(membershipSubscriptions.status, 'active'),
        gte(membershipSubscriptions.currentPeriodEnd, now),
        lte(membershipSubscriptions.currentPeriodEnd, windowEnd),
      ),
    )
    .groupBy(membershipSubscriptions.autoRenew);
  const pounds = (pence: number | string | undefined) => penceToPounds(Number(pence ?? 0));
  return {
    holdsOutstanding: pounds(held.reduce((sum, row) => sum + Number(row.pence), 0)),
    holdsOutstandingCount: held.reduce((sum, row) => sum + row.count, 0),
    captured: pounds(captured?.pence),
    capturedCount: captured?.count ?? 0,
    membership: {
      payments: paid.count,
      net: pounds(paid.net),
      vat: pounds(paid.vat),
      gross: pounds(paid.gross),
      refunded: pounds(refunded.gross),
      refundedCount: refunded.count,
    },
    membershipByPeriod: starts.map((start) => {
      const row = byPeriod.get(start);
      return {
        period: start,
        net: pounds(row?.net),
        vat: pounds(row?.vat),
        gross: pounds(row?.gross),
      };
    }),
    renewalsDue: {
      count: renewals.find((row) => row.autoRenew)?.count ?? 0,
      endingCount: renewals.find((row) => !row.autoRenew)?.count ?? 0,
      windowDays: RENEWALS_WINDOW_DAYS,
    },
  };
}

async function topListings(db: Executor) {
  const views = count(activityEvents.id);
  const viewed = await db
    .select({
      listingId: listings.id,
      title: listings.title,
      author: listings.author,
      count: sql<number>`${views}::int`,
    })
    .from(activityEvents)
    .innerJoin(listings, eq(listings.id, activityEvents.listingId))
    .where(eq(activityEvents.activityType, 'view'))
    .groupBy(listings.id)
    .orderBy(desc(views), listings.id)
    .limit(ANALYTICS_TOP);
  const saves = count(favourites.userId);
  const favourited = await db
    .select({
      listingId: listings.id,
      title: listings.title,
      author: listings.author,
      count: sql<number>`${saves}::int`,
    })
    .from(favourites)
    .innerJoin(listings, eq(listings.id, favourites.listingId))
    .groupBy(listings.id)
    .orderBy(desc(saves), listings.id)
    .limit(ANALYTICS_TOP);
  return { viewed, favourited };
}

/** Searches that found nothing, by what was typed (ignoring case and outer spaces). */
async function zeroResults(db: Executor) {
  const query = sql<string>`lower(btrim(${searchEvents.searchQuery}))`;
  const rows = await db
    .select({
      query,
      count: asCount,
      lastSearchedAt: sql<Date>`max(${searchEvents.createdAt})`,
    })
    .from(searchEvents)
    .where(and(eq(searchEvents.resultsCount, 0), sql`btrim(${searchEvents.searchQuery}) <> ''`))
    .groupBy(query)
    .orderBy(desc(asCount), query)
    .limit(ANALYTICS_ZERO_RESULT_TOP);
  return rows.map((row) => ({
    query: row.query,
    count: row.count,
    lastSearchedAt: new Date(row.lastSearchedAt).toISOString(),
  }));
}
