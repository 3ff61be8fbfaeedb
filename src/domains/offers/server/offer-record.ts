import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import { penceToPounds } from '@/shared/money';
import type { OfferStatus, PublicOfferStatus } from '../offers.constants';
import type { Offer } from '../offers.schema';
import {
  firstVersionOf,
  isExclusivity,
  isRight,
  toTerms,
  type TermVersionRecord,
} from './offer-terms';
import { offerTerms, offers } from './offers.tables';

const agents = alias(users, 'agents');

/** An offer with what its answers and emails need: the listing, the producer, the agent. */
const offerRecordColumns = {
  offer: offers,
  listing: {
    id: listings.id,
    title: listings.title,
    status: listings.status,
    agentId: listings.agentId,
    rightsAvailable: listings.rightsAvailable,
    territory: listings.territory,
    exclusivity: listings.exclusivity,
  },
  /** The term sheet's current version (null before anyone countered: version 1 is the row). */
  current: offerTerms,
  producer: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    companyName: users.companyName,
    email: users.email,
  },
  agent: { id: agents.id, firstName: agents.firstName, email: agents.email },
};

export async function findOfferRecords(
  db: Executor,
  where: SQL | undefined,
  options: { orderBy?: SQL[]; limit?: number } = {},
) {
  const query = db
    .select(offerRecordColumns)
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .innerJoin(users, eq(users.id, offers.producerId))
    .leftJoin(agents, eq(agents.id, listings.agentId))
    .leftJoin(
      offerTerms,
      and(eq(offerTerms.offerId, offers.id), eq(offerTerms.version, offers.termsVersion)),
    )
    .where(where)
    .orderBy(...(options.orderBy ?? [desc(offers.createdAt), desc(offers.id)]));
  return options.limit ? query.limit(options.limit) : query;
}

export type OfferRecord = Awaited<ReturnType<typeof findOfferRecords>>[number];

/** The offer with its listing, producer and agent, or null. */
export async function loadOfferRecord(db: Executor, offerId: number): Promise<OfferRecord | null> {
  const [record] = await findOfferRecords(db, eq(offers.id, offerId), { limit: 1 });
  return record ?? null;
}

/**
 * The status the API shows. 'accepting' is our own short-lived claim while the capture is
 * in flight: to both sides the offer is still pending until the money has moved.
 */
export function publicStatus(status: OfferStatus): PublicOfferStatus {
  return status === 'accepting' ? 'pending' : status;
}

/** The term sheet as it stands: the current stored version, or version 1 from the row. */
export function currentTermsOf(record: Pick<OfferRecord, 'offer' | 'listing' | 'current'>) {
  return (
    (record.current as TermVersionRecord | null) ?? firstVersionOf(record.offer, record.listing)
  );
}

/** The hold live on the producer's card now: the current one once authorised, else the previous. */
function heldPenceOf(offer: OfferRecord['offer']): number | null {
  if (offer.status === 'reauthorising') return offer.prevOfferPricePence;
  const isLive = ['pending', 'countered', 'accepting'].includes(offer.status);
  return isLive && offer.providerPaymentId ? offer.offerPricePence : null;
}

/** Database row (pence, Dates) → API shape (pounds as strings, ISO dates). */
export function toOffer(record: OfferRecord): Offer {
  const { offer, listing, producer } = record;
  const current = currentTermsOf(record);
  return {
    id: offer.id,
    listingId: offer.listingId,
    listingTitle: listing.title,
    status: publicStatus(offer.status),
    offerPrice: penceToPounds(offer.offerPricePence) ?? '0.00',
    optionPeriod: offer.optionPeriod,
    extraRightsRequest: offer.extraRightsRequest,
    fundCompetition: offer.fundCompetition,
    fundNotes: offer.fundNotes,
    deckFileUrl: offer.deckFileUrl,
    signedOptionUrl: offer.signedOptionUrl,
    submittedAt: offer.submittedAt?.toISOString() ?? null,
    responseDeadline: offer.responseDeadline?.toISOString() ?? null,
    createdAt: offer.createdAt.toISOString(),
    cancellationReason: offer.cancellationReason,
    rejectionReason: offer.rejectionReason,
    lastPaymentError: offer.lastPaymentError,
    terms: {
      ...toTerms(current),
      version: current.version,
      proposedBy: current.proposedBy,
      kind: current.kind,
    },
    listingRights: {
      media: listing.rightsAvailable.filter(isRight),
      territories: listing.territory,
      exclusivity: isExclusivity(listing.exclusivity) ? listing.exclusivity : null,
    },
    heldAmount: penceToPounds(heldPenceOf(offer)),
    producer: {
      id: producer.id,
      firstName: producer.firstName,
      lastName: producer.lastName,
      companyName: producer.companyName,
    },
  };
}

/** The offer with its listing, producer and agent, or NOT_FOUND. */
export async function getOfferRecord(db: Executor, offerId: number): Promise<OfferRecord> {
  const record = await loadOfferRecord(db, offerId);
  if (!record) throw notFound('Offer not found');
  return record;
}
