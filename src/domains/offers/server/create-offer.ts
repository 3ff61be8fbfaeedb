import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { canSeeListing } from '@/domains/listings/server';
import { ledgerIntentInsert } from '@/domains/payments/server';
import { assertMayOffer } from '@/domains/vetting/server';
import { conflict, forbidden, notFound, postgresErrorCode, validation } from '@/shared/errors';
import {
  OFFER_MESSAGES,
  deckIdFromUrl,
  type CreateOfferRequest,
  type CreateOfferResponse,
} from '../offers.schema';
import type { OfferDeps } from './offer-deps';
import { FIRST_HOLD_VERSION, holdLedgerEntry } from './offer-hold';
import {
  cellsLabel,
  findTakenRights,
  overlapOf,
  partOfTerms,
  requirePartFree,
  type LockedListing,
} from './offer-part';
import {
  firstVersionOf,
  inListingSpelling,
  isRight,
  termOutsideListing,
  type ListingRights,
} from './offer-terms';
import { decks, offerTerms, offers } from './offers.tables';
import { resumeOfferPayment } from './resume-offer-payment';
import { startOfferPayment } from './start-offer-payment';

export interface CreateOfferOptions {
  user: UserRow;
  body: CreateOfferRequest;
  /** The Idempotency-Key header: the same key answers the same offer and creates nothing. */
  requestKey: string | null;
}

/**
 * A producer's offer on an available listing, for a part of its rights (issue 29: media ×
 * territories, by default the whole listing), stored as version 1 of the term sheet. The offer starts awaiting payment, with its
 * card hold's ledger row written in the same transaction; the hold is then placed
 * (manual capture) and the browser confirms it with the client secret. The agent only sees
 * the offer once the hold is authorised (syncOfferPayment).
 */
export async function createOffer(
  deps: OfferDeps,
  options: CreateOfferOptions,
): Promise<CreateOfferResponse> {
  const { user, body, requestKey } = options;
  if (user.role !== 'producer') throw forbidden(OFFER_MESSAGES.onlyProducers);

  const replay = requestKey ? await findByRequestKey(deps, user, requestKey, body) : null;
  if (replay) return replay;
  // A listing open only to verified producers refuses anyone else, in our words (issue 35).
  await assertMayOffer(deps.db, body.listingId, user);

  const deckId = deckIdFromUrl(body.deckFileUrl);
  const deckRequired = () =>
    validation(OFFER_MESSAGES.deckRequired, { deckFileUrl: OFFER_MESSAGES.deckRequired });
  if (!deckId) throw deckRequired();

  let created;
  try {
    created = await deps.db.transaction(async (tx) => {
      // Shares the lock acceptOffer takes FOR UPDATE: an offer is created either before an
      // acceptance (and then rejected by it if their parts overlap) or after it (and then
      // refused here if they do).
      const [listing] = await tx
        .select({
          id: listings.id,
          title: listings.title,
          status: listings.status,
          agentId: listings.agentId,
          rightsAvailable: listings.rightsAvailable,
          territory: listings.territory,
          exclusivity: listings.exclusivity,
          rightsTaken: listings.rightsTaken,
          // An acceptance in flight: its cells are spoken for (issue 29). Spelled out:
          // Drizzle leaves columns of a one-table select unqualified.
          isBeingAccepted: sql<boolean>`exists (
            select 1 from offers o
            where o.listing_id = listings.id and o.status = 'accepting')`,
          // The deck is checked in the same round trip (and still before the listing).
          hasDeck: sql<boolean>`exists (
            select 1 from decks d where d.id = ${deckId} and d.owner_id = ${user.id})`,
          // The new offer's id, drawn now so that its hold's ledger row (whose key names the
          // offer) is written in the same statement as the offer.
          nextOfferId: sql<number>`nextval(pg_get_serial_sequence('offers', 'id'))::int`,
        })
        .from(listings)
        .where(eq(listings.id, body.listingId))
        .for('share', { of: listings });
      // A listing the producer may not see is answered as a missing one (issue 27).
      if (!listing || !canSeeListing(user, listing)) {
        const [deck] = await tx
          .select({ id: decks.id })
          .from(decks)
          .where(and(eq(decks.id, deckId), eq(decks.ownerId, user.id)));
        if (!deck) throw deckRequired();
        throw notFound('Listing not found');
      }
      if (!listing.hasDeck) throw deckRequired();
      if (listing.status !== 'available') throw conflict(OFFER_MESSAGES.listingUnavailable);
      const part = partAsked(body, listing);
      // Something of the listing is taken or being taken: the part must keep clear of it.
      if (listing.rightsTaken.length > 0 || listing.isBeingAccepted) {
        await requireFreePartAsked(
          tx,
          listing,
          part,
          body.media === null && body.territories === null,
        );
      }
      const hold = {
        id: listing.nextOfferId,
        listingId: listing.id,
        producerId: user.id,
        offerPricePence: body.offerPricePence,
        holdVersion: FIRST_HOLD_VERSION,
        providerPaymentId: null,
      };
      // The hold's ledger row, counted as this attempt: the hold is placed right after the
      // commit. Written by the offer's insert (a CTE): one statement, one round trip.
      const holdIntent = tx.$with('hold_intent').as(
        ledgerIntentInsert(tx, deps.payments.name, holdLedgerEntry(hold, 'create'), {
          attempting: true,
        }),
      );
      const [row] = await tx
        .with(holdIntent)
        .insert(offers)
        .overridingSystemValue()
        .values({
          id: hold.id,
          listingId: listing.id,
          producerId: user.id,
          offerPricePence: body.offerPricePence,
          optionPeriod: body.optionPeriod,
          extraRightsRequest: body.extraRightsRequest,
          fundCompetition: body.fundCompetition,
          fundNotes: body.fundCompetition ? body.fundNotes : null,
          deckId,
          deckFileUrl: body.deckFileUrl.trim(),
          status: 'awaiting_payment',
          requestKey,
          paymentProvider: deps.payments.name,
          holdVersion: hold.holdVersion,
        })
        .returning();
      // Version 1 of the term sheet, with the part: what the agent sees and accepts.
      const [first] = await tx
        .insert(offerTerms)
        .values({ offerId: row.id, ...firstVersionOf(row, { ...listing, ...part }) })
        .returning();
      return { row, listing, first };
    });
  } catch (error) {
    if (postgresErrorCode(error) === '23505') {
      // Either the same Idempotency-Key raced in, or an open offer already exists.
      const raced = requestKey ? await findByRequestKey(deps, user, requestKey, body) : null;
      if (raced) return raced;
      throw conflict(OFFER_MESSAGES.alreadyOpen);
    }
    throw error;
  }
  const { row, listing, first } = created;
  return startOfferPayment(
    deps,
    {
      offer: row,
      listing: {
        id: listing.id,
        title: listing.title,
        status: listing.status,
        agentId: listing.agentId,
        rightsAvailable: listing.rightsAvailable,
        territory: listing.territory,
        exclusivity: listing.exclusivity,
      },
      current: first,
      producer: {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        companyName: user.companyName,
        email: user.email,
      },
      agent: null,
    },
    { intentCounted: true },
  );
}

/** The listing's rights as a part: `rightsAvailable` (media) and `territory` (territories). */
type Part = { rightsAvailable: string[]; territory: string[] };

/**
 * The part the offer asks for, within the listing (400 naming what it does not offer) and in
 * its spelling; what is left out stands as the listing offers it.
 */
function partAsked(body: CreateOfferRequest, listing: ListingRights): Part {
  const asked = inListingSpelling(
    {
      media: body.media ?? listing.rightsAvailable.filter(isRight),
      territories: body.territories ?? listing.territory,
      exclusivity: null,
    },
    listing,
  );
  const outside = termOutsideListing(asked, listing);
  if (outside) throw validation(outside.message, { [outside.field]: outside.message });
  return { rightsAvailable: asked.media, territory: asked.territories };
}

/**
 * Under the listing's lock: the part is clear of taken cells (409 naming them). An offer that
 * names no part on a listing partly taken is asked to choose one (400), naming what is free.
 */
async function requireFreePartAsked(
  tx: Executor,
  listing: LockedListing,
  part: Part,
  isWholeListing: boolean,
): Promise<void> {
  const cells = partOfTerms({
    media: part.rightsAvailable.filter(isRight),
    territories: part.territory,
  });
  if (isWholeListing && cells.length > 0) {
    const taken = overlapOf(cells, (await findTakenRights(tx, listing)).cells);
    if (taken.length > 0 && taken.length < cells.length) {
      const free = cells.filter((cell) => !taken.includes(cell));
      const message = `${OFFER_MESSAGES.choosePart} Already optioned: ${cellsLabel(taken)}. Still available: ${cellsLabel(free)}.`;
      throw validation(message, { media: OFFER_MESSAGES.choosePart });
    }
  }
  await requirePartFree(tx, listing, cells, { unavailable: OFFER_MESSAGES.listingUnavailable });
}

async function findByRequestKey(
  deps: OfferDeps,
  user: UserRow,
  requestKey: string,
  body: CreateOfferRequest,
): Promise<CreateOfferResponse | null> {
  const [existing] = await deps.db
    .select({ id: offers.id, listingId: offers.listingId })
    .from(offers)
    .where(and(eq(offers.producerId, user.id), eq(offers.requestKey, requestKey)));
  if (!existing) return null;
  if (existing.listingId !== body.listingId) {
    throw conflict('This Idempotency-Key was already used for another offer');
  }
  return resumeOfferPayment(deps, user, existing.id, { replay: true });
}
