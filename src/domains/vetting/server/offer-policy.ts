import { eq } from 'drizzle-orm';
import { requireVisibleListing } from '@/domains/listings/server';
import type { UserRow } from '@/domains/accounts/server';
import type { Executor } from '@/server/db/client';
import { forbidden } from '@/shared/errors';
import { VETTING_MESSAGES, type OfferPolicy } from '../vetting.schema';
import { isVerifiedProducer } from './find-verified-producers';
import { listingOfferPolicies } from './vetting.tables';

async function isVerifiedOnly(db: Executor, listingId: number): Promise<boolean> {
  const [row] = await db
    .select({ verifiedOnly: listingOfferPolicies.verifiedOnly })
    .from(listingOfferPolicies)
    .where(eq(listingOfferPolicies.listingId, listingId));
  return row?.verifiedOnly ?? false;
}

/**
 * The offers room asks this before it creates an offer (through the front door): on a listing
 * open only to verified producers, anyone else is refused with our reason (403), the same
 * sentence the listing page showed them before they started.
 */
export async function assertMayOffer(db: Executor, listingId: number, user: UserRow) {
  if (!(await isVerifiedOnly(db, listingId))) return;
  if (!(await isVerifiedProducer(db, user.id))) throw forbidden(VETTING_MESSAGES.verifiedOnly);
}

/** GET /api/vetting/listings/{listingId}/offer-policy: the policy and what it means for you. */
export async function findOfferPolicy(
  db: Executor,
  user: UserRow,
  listingId: number,
): Promise<OfferPolicy> {
  await requireVisibleListing(db, user, listingId, VETTING_MESSAGES.listingNotFound);
  const verifiedOnly = await isVerifiedOnly(db, listingId);
  if (user.role !== 'producer') return { listingId, verifiedOnly, mayOffer: false, reason: null };
  const mayOffer = !verifiedOnly || (await isVerifiedProducer(db, user.id));
  return {
    listingId,
    verifiedOnly,
    mayOffer,
    reason: mayOffer ? null : VETTING_MESSAGES.verifiedOnly,
  };
}

/** PUT /api/vetting/listings/{listingId}/offer-policy: the listing's agent sets the policy. */
export async function setOfferPolicy(
  db: Executor,
  user: UserRow,
  listingId: number,
  verifiedOnly: boolean,
): Promise<OfferPolicy> {
  const listing = await requireVisibleListing(
    db,
    user,
    listingId,
    VETTING_MESSAGES.listingNotFound,
  );
  if (listing.agentId !== user.id) throw forbidden(VETTING_MESSAGES.notYourListing);
  await db
    .insert(listingOfferPolicies)
    .values({ listingId, verifiedOnly })
    .onConflictDoUpdate({
      target: listingOfferPolicies.listingId,
      set: { verifiedOnly, updatedAt: new Date() },
    });
  return { listingId, verifiedOnly, mayOffer: false, reason: null };
}
