import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { COUNTED_STATUSES, type OfferStatus } from '../offers.constants';
import type { MySubmissionsResponse } from '../offers.schema';
import { findOfferRecords, toOffer } from './offer-record';
import { offers } from './offers.tables';

/**
 * The producer's offers, newest first, with the page's four counters. Abandoned offers
 * (never paid for, given up) are left out: they never reached the agent.
 */
export async function findMySubmissions(
  db: Executor,
  producerId: number,
): Promise<MySubmissionsResponse> {
  const records = await findOfferRecords(
    db,
    and(eq(offers.producerId, producerId), ne(offers.status, 'abandoned')),
  );
  const countOf = (statuses: readonly OfferStatus[]) =>
    records.filter((record) => statuses.includes(record.offer.status)).length;
  return {
    offers: records.map(toOffer),
    counts: {
      total: records.length,
      pending: countOf(COUNTED_STATUSES.pending),
      accepted: countOf(COUNTED_STATUSES.accepted),
      rejected: countOf(COUNTED_STATUSES.rejected),
      closed: countOf(COUNTED_STATUSES.closed),
    },
  };
}
