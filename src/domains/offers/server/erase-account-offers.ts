import { and, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import type { PlatformUser } from '@/server/platform-user';
import { findChainFileKeys, removeChainFiles } from '@/domains/chain-of-title/server';
import { deleteAgentListings, removeListingImages } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { findPendingCallsFor } from '@/domains/payments/server';
import type { AppDeps } from '@/server/deps';
import type { Executor } from '@/server/db/client';
import { OPTIONING_STATUSES, type OfferStatus } from '../offers.constants';
import { closeOpenOffers, offersInvolving } from './close-account-offers';
import { offerSubject } from './offer-hold';
import { decks, offers } from './offers.tables';

const isOptioning = (status: OfferStatus) =>
  (OPTIONING_STATUSES as readonly OfferStatus[]).includes(status);

/** The offers among these whose provider calls are not all settled (their rows must stay). */
async function unsettledOffers(db: Executor, offerIds: number[]): Promise<Set<number>> {
  const pending = await findPendingCallsFor(db, offerIds.map(offerSubject));
  const subjects = new Set(pending.map((call) => call.subject));
  return new Set(offerIds.filter((id) => subjects.has(offerSubject(id))));
}

/**
 * The offers room's erasure when an account is deleted (after closeAccountOffers settled the
 * money). The person's own offers go, except accepted ones (financial records) and any whose
 * provider call is still unsettled (reconciliation needs the row to finish it); their decks go
 * unless an offer that stays carries them. An agent's listings go too, except those carrying
 * an accepted offer (or an unsettled one), which stay withdrawn.
 */
export async function eraseAccountOffers(
  deps: Pick<AppDeps, 'db' | 'payments' | 'mailer' | 'config' | 'log' | 'storage'>,
  user: PlatformUser,
): Promise<void> {
  // A request already under way when settling began may have opened an offer since.
  await closeOpenOffers(deps, user);

  const own = await deps.db
    .select({ id: offers.id, status: offers.status })
    .from(offers)
    .where(eq(offers.producerId, user.id));
  const ownUnsettled = await unsettledOffers(
    deps.db,
    own.map((offer) => offer.id),
  );
  const deletable = own
    .filter((offer) => !isOptioning(offer.status) && !ownUnsettled.has(offer.id))
    .map((offer) => offer.id);
  if (deletable.length > 0) await deps.db.delete(offers).where(inArray(offers.id, deletable));

  const unused = await deps.db
    .delete(decks)
    .where(
      and(
        eq(decks.ownerId, user.id),
        // The decks of the offers that stay (NOT IN needs the nulls left out).
        notInArray(
          decks.id,
          deps.db
            .select({ id: offers.deckId })
            .from(offers)
            .where(and(eq(offers.producerId, user.id), isNotNull(offers.deckId))),
        ),
      ),
    )
    .returning({ storageKey: decks.storageKey });
  for (const deck of unused) {
    await deps.storage.delete(deck.storageKey).catch((error: unknown) => {
      deps.log.warn({ err: error, key: deck.storageKey }, 'deck file left behind');
    });
  }

  const onListings = await deps.db
    .select({ id: offers.id, listingId: offers.listingId, status: offers.status })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .where(eq(listings.agentId, user.id));
  const onListingsUnsettled = await unsettledOffers(
    deps.db,
    onListings.map((offer) => offer.id),
  );
  const kept = onListings
    .filter((offer) => isOptioning(offer.status) || onListingsUnsettled.has(offer.id))
    .map((offer) => offer.listingId);
  const keptIds = new Set(kept);
  const goingIds = (
    await deps.db.select({ id: listings.id }).from(listings).where(eq(listings.agentId, user.id))
  )
    .map((row) => row.id)
    .filter((id) => !keptIds.has(id));
  const chainFiles = await findChainFileKeys(deps.db, goingIds);
  const deleted = await deleteAgentListings(deps.db, user.id, [...keptIds]);
  await removeListingImages(deps, deleted);
  await removeChainFiles(deps, chainFiles);
}

/** Offers still name the person (accepted ones, or ones whose money is not settled yet). */
export async function hasOfferRecords(
  deps: Pick<AppDeps, 'db'>,
  user: PlatformUser,
): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: offers.id })
    .from(offers)
    .where(offersInvolving(deps.db, user.id))
    .limit(1);
  return row !== undefined;
}
