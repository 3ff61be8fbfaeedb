import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
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
  const list = records.map(toOffer);
  return {
    offers: list,
    counts: {
      total: list.length,
      pending: list.filter((offer) => offer.status === 'pending').length,
      accepted: list.filter((offer) => offer.status === 'accepted').length,
      rejected: list.filter((offer) => offer.status === 'rejected').length,
    },
  };
}
