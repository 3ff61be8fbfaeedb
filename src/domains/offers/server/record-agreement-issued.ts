import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { offers } from './offers.tables';

/**
 * The agreements room issued the offer's option agreement: the offer shows where to download
 * it (its signedOptionUrl). Offers writes its own row; set once, a repeat changes nothing.
 */
export async function recordAgreementIssued(
  db: Executor,
  offerId: number,
  agreementUrl: string,
): Promise<void> {
  await db
    .update(offers)
    .set({ signedOptionUrl: agreementUrl, updatedAt: new Date() })
    .where(and(eq(offers.id, offerId), isNull(offers.signedOptionUrl)));
}
