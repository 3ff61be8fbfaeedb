import { and, desc, eq, sql } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { recordLedgerIntent } from '@/domains/payments/server';
import type { Executor } from '@/server/db/client';
import { conflict, validation } from '@/shared/errors';
import type { TermKind } from '../offers.constants';
import {
  OFFER_MESSAGES,
  TERM_MESSAGES,
  type NegotiationResponse,
  type TermSheetRequest,
} from '../offers.schema';
import { requireOffer } from './offer-access';
import type { OfferDeps } from './offer-deps';
import { counterAnsweredMail, counterToProducerMail, sendOfferMail } from './offer-emails';
import { holdLedgerEntry } from './offer-hold';
import { getOfferRecord, toOffer, type OfferRecord } from './offer-record';
import {
  firstVersionOf,
  sameTerms,
  storeFirstVersion,
  termValuesOf,
  type TermValues,
  type TermVersionRecord,
} from './offer-terms';
import { offerTerms, offers, type OfferRow } from './offers.tables';
import { restartedDeadline } from './replace-hold';
import { startOfferPayment } from './start-offer-payment';

/**
 * A counter-offer (decision 016). The listing's agent counters a pending offer; the producer
 * counters back a countered one. Each writes the next version of the term sheet in the same
 * transaction as the offer's new state, and restarts the response deadline.
 */
export async function counterOffer(
  deps: OfferDeps,
  user: UserRow,
  offerId: number,
  terms: TermSheetRequest,
): Promise<NegotiationResponse> {
  const record = await requireOffer(deps.db, user, offerId, 'read');
  if (record.offer.producerId === user.id) {
    return answerCounter(deps, record, termValuesOf(terms), 'counter');
  }
  await requireOffer(deps.db, user, offerId, 'agent');
  await agentCounter(deps, user, offerId, termValuesOf(terms));
  const updated = await getOfferRecord(deps.db, offerId);
  await sendOfferMail(
    deps,
    updated.producer.email,
    counterToProducerMail(updated, deps.config.publicUrl),
  );
  return { offer: toOffer(updated), clientSecret: null };
}

/** The producer accepts the agent's counter: its terms become their offer (decision 016). */
export async function acceptCounter(
  deps: OfferDeps,
  user: UserRow,
  offerId: number,
): Promise<NegotiationResponse> {
  const record = await requireOffer(deps.db, user, offerId, 'producer');
  return answerCounter(deps, record, null, 'accepted_counter');
}

/** Locks the listing (as an acceptance does) and the offer; answers both as they are now. */
async function lockForNegotiation(tx: Executor, offerId: number) {
  const [current] = await tx
    .select({ listingId: offers.listingId })
    .from(offers)
    .where(eq(offers.id, offerId));
  // FOR SHARE on the listing conflicts with the acceptance's FOR UPDATE: the two serialise.
  const [listing] = await tx
    .select({ status: listings.status })
    .from(listings)
    .where(eq(listings.id, current.listingId))
    .for('share');
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
  return { listing, offer };
}

async function latestVersion(tx: Executor, offer: OfferRow): Promise<TermVersionRecord> {
  const [latest] = await tx
    .select()
    .from(offerTerms)
    .where(eq(offerTerms.offerId, offer.id))
    .orderBy(desc(offerTerms.version))
    .limit(1);
  return latest ?? firstVersionOf(offer);
}

function refuseState(offer: OfferRow, expected: OfferRow['status']): never {
  if (offer.status === 'accepting') throw conflict('This offer is already being accepted');
  if (offer.status === 'reauthorising') {
    throw conflict('The producer is re-authorising their card for this offer');
  }
  if (offer.status === 'pending' || offer.status === 'countered') {
    throw conflict(TERM_MESSAGES.notYourTurn);
  }
  throw conflict(
    expected === 'pending' ? 'Only pending offers can be countered' : 'This offer is not countered',
  );
}

async function agentCounter(
  deps: OfferDeps,
  user: UserRow,
  offerId: number,
  terms: TermValues,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { listing, offer } = await lockForNegotiation(tx, offerId);
    if (offer.status !== 'pending') refuseState(offer, 'pending');
    if (listing?.status !== 'available') throw conflict(OFFER_MESSAGES.listingUnavailable);
    const latest = await latestVersion(tx, offer);
    if (sameTerms(latest, terms)) throw validation(TERM_MESSAGES.nothingChanged);
    await storeFirstVersion(tx, offer);
    const version = latest.version + 1;
    await tx.insert(offerTerms).values({
      offerId,
      version,
      proposedBy: 'agent',
      kind: 'counter',
      authorId: user.id,
      ...terms,
    });
    const now = new Date();
    const [row] = await tx
      .update(offers)
      .set({
        status: 'countered',
        termsVersion: version,
        responseDeadline: restartedDeadline(offer, now),
        reminderSentAt: null,
        updatedAt: now,
      })
      .where(and(eq(offers.id, offerId), eq(offers.status, 'pending')))
      .returning({ id: offers.id });
    if (!row) refuseState(offer, 'pending');
  });
}

/**
 * The producer's answer to a counter: its terms as they are (accept) or their own (counter
 * back). At the held price the offer is pending again at once. At any other price a new hold
 * for exactly the new amount is needed first (a capture takes the whole hold): the offer is
 * 'reauthorising', the current hold is kept as the previous one, the new hold's ledger row is
 * written with the state, and the hold is placed after the commit; the card form confirms it.
 */
async function answerCounter(
  deps: OfferDeps,
  record: OfferRecord,
  counterTerms: TermValues | null,
  kind: Extract<TermKind, 'counter' | 'accepted_counter'>,
): Promise<NegotiationResponse> {
  const offerId = record.offer.id;
  const outcome = await deps.db.transaction(async (tx) => {
    const { listing, offer } = await lockForNegotiation(tx, offerId);
    if (offer.status !== 'countered') refuseState(offer, 'countered');
    if (listing?.status !== 'available') throw conflict(OFFER_MESSAGES.listingUnavailable);
    if (!offer.providerPaymentId) throw conflict('This offer has no card hold');
    const latest = await latestVersion(tx, offer);
    const terms = counterTerms ?? pickTerms(latest);
    if (counterTerms && sameTerms(latest, counterTerms)) {
      throw validation(`${TERM_MESSAGES.nothingChanged}, or accept the counter`);
    }
    const version = latest.version + 1;
    await tx.insert(offerTerms).values({
      offerId,
      version,
      proposedBy: 'producer',
      kind,
      authorId: offer.producerId,
      ...terms,
    });
    const now = new Date();
    const offerTermsColumns = {
      offerPricePence: terms.pricePence,
      optionPeriod: terms.optionPeriod,
      extraRightsRequest: terms.extraRightsRequest,
      fundCompetition: terms.fundCompetition,
      fundNotes: terms.fundNotes,
      termsVersion: version,
      responseDeadline: restartedDeadline(offer, now),
      reminderSentAt: null,
      lastPaymentError: null,
      updatedAt: now,
    };
    const newHold = terms.pricePence !== offer.offerPricePence;
    const [row] = await tx
      .update(offers)
      .set(
        newHold
          ? {
              ...offerTermsColumns,
              status: 'reauthorising',
              prevHoldVersion: offer.holdVersion,
              prevPaymentId: offer.providerPaymentId,
              prevHoldPricePence: offer.offerPricePence,
              holdVersion: sql`${offers.holdVersion} + 1`,
              providerPaymentId: null,
            }
          : { ...offerTermsColumns, status: 'pending' },
      )
      .where(and(eq(offers.id, offerId), eq(offers.status, 'countered')))
      .returning();
    if (!row) refuseState(offer, 'countered');
    if (newHold) await recordLedgerIntent(tx, deps.payments.name, holdLedgerEntry(row, 'create'));
    return { row, newHold };
  });
  const updated = await getOfferRecord(deps.db, offerId);
  if (outcome.newHold) {
    const started = await startOfferPayment(deps, updated);
    return { offer: started.offer, clientSecret: started.clientSecret };
  }
  await sendOfferMail(
    deps,
    updated.agent?.email,
    counterAnsweredMail(updated, deps.config.publicUrl),
  );
  return { offer: toOffer(updated), clientSecret: null };
}

function pickTerms(version: TermVersionRecord): TermValues {
  return {
    pricePence: version.pricePence,
    optionPeriod: version.optionPeriod,
    purchasePricePence: version.purchasePricePence,
    extensionMonths: version.extensionMonths,
    extensionFeePence: version.extensionFeePence,
    territory: version.territory,
    media: version.media,
    extraRightsRequest: version.extraRightsRequest,
    fundCompetition: version.fundCompetition,
    fundNotes: version.fundNotes,
    notes: version.notes,
  };
}
