import { and, desc, eq, sql } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
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
import { ACCEPTANCE_MESSAGES, takeClaimedHold } from './accept-offer';
import { announceDealEvent } from './announce-deal-event';
import { holdLedgerEntry } from './offer-hold';
import { lockListing, partOfTerms, requirePartFree, type PartMessages } from './offer-part';
import { getOfferRecord, toOffer, type OfferRecord } from './offer-record';
import {
  firstVersionOf,
  inListingSpelling,
  pickTerms,
  sameTerms,
  storeFirstVersion,
  termOutsideListing,
  termValuesOf,
  type ListingRights,
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
    return answerCounter(deps, record, terms, 'counter');
  }
  await requireOffer(deps.db, user, offerId, 'agent');
  await agentCounter(deps, user, offerId, terms);
  const updated = await getOfferRecord(deps.db, offerId);
  await announceDealEvent(deps, 'countered', updated);
  return { offer: toOffer(updated), clientSecret: null };
}

/**
 * The producer accepts the agent's counter: its terms become the deal, completed once the
 * card hold at the counter's fee is captured (decision 016, issue 28 addendum).
 */
export async function acceptCounter(
  deps: OfferDeps,
  user: UserRow,
  offerId: number,
): Promise<NegotiationResponse> {
  const record = await requireOffer(deps.db, user, offerId, 'producer');
  return answerCounter(deps, record, null, 'accepted_counter');
}

/**
 * Locks the listing and the offer; answers both as they are now. FOR SHARE on the listing
 * conflicts with an acceptance's FOR UPDATE, so the two serialise; the producer's acceptance
 * of a counter is itself an acceptance and takes FOR UPDATE.
 */
async function lockForNegotiation(tx: Executor, offerId: number, strength: 'share' | 'update') {
  const [current] = await tx
    .select({ listingId: offers.listingId })
    .from(offers)
    .where(eq(offers.id, offerId));
  const listing = await lockListing(tx, current.listingId, strength);
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
  return { listing, offer };
}

const COUNTER_MESSAGES: PartMessages = { unavailable: OFFER_MESSAGES.listingUnavailable };

async function latestVersion(
  tx: Executor,
  offer: OfferRow,
  rights: ListingRights,
): Promise<TermVersionRecord> {
  const [latest] = await tx
    .select()
    .from(offerTerms)
    .where(eq(offerTerms.offerId, offer.id))
    .orderBy(desc(offerTerms.version))
    .limit(1);
  return latest ?? firstVersionOf(offer, rights);
}

/**
 * A proposal's terms, checked against the listing: within its rights (else 400 naming the
 * term), territories spelled as the listing spells them, exclusivity carried over from the
 * version it answers when the proposal does not name it.
 */
function proposalWithin(
  request: TermSheetRequest,
  latest: TermVersionRecord,
  rights: ListingRights,
): TermValues {
  const proposal = inListingSpelling(termValuesOf(request, latest), rights);
  const outside = termOutsideListing(proposal, rights);
  if (outside) throw validation(outside.message, { [outside.field]: outside.message });
  return proposal;
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
  proposed: TermSheetRequest,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { listing, offer } = await lockForNegotiation(tx, offerId, 'share');
    if (offer.status !== 'pending') refuseState(offer, 'pending');
    if (listing?.status !== 'available') throw conflict(OFFER_MESSAGES.listingUnavailable);
    const latest = await latestVersion(tx, offer, listing);
    const terms = proposalWithin(proposed, latest, listing);
    if (sameTerms(latest, terms)) throw validation(TERM_MESSAGES.nothingChanged);
    // A part someone else holds (or is being granted) cannot be proposed (issue 29).
    await requirePartFree(tx, listing, partOfTerms(terms), COUNTER_MESSAGES, offerId);
    await storeFirstVersion(tx, offer, listing);
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

type AnswerOutcome =
  | { next: 'pending' | 'reauthorising'; row: OfferRow }
  | { next: 'accepting'; row: OfferRow & { providerPaymentId: string } };

/**
 * The producer's answer to a counter: its terms as they are (accept) or their own (counter
 * back). Accepting terms the agent proposed completes the deal: no second acceptance by the
 * agent (decision 016, issue 28 addendum). At the held price the hold is captured at once; at
 * any other price a new hold for exactly the new amount is placed first (a capture takes the
 * whole hold), and its authorisation captures it (promoteReplacementHold). A counter back at
 * the held price is pending again (the agent's turn); at another price, after its new hold.
 */
async function answerCounter(
  deps: OfferDeps,
  record: OfferRecord,
  counterTerms: TermSheetRequest | null,
  kind: Extract<TermKind, 'counter' | 'accepted_counter'>,
): Promise<NegotiationResponse> {
  const offerId = record.offer.id;
  const isAcceptance = kind === 'accepted_counter';
  const outcome = await deps.db.transaction(async (tx): Promise<AnswerOutcome> => {
    const { listing, offer } = await lockForNegotiation(
      tx,
      offerId,
      isAcceptance ? 'update' : 'share',
    );
    if (offer.status !== 'countered') refuseState(offer, 'countered');
    if (listing?.status !== 'available') throw conflict(OFFER_MESSAGES.listingUnavailable);
    if (!offer.providerPaymentId) throw conflict('This offer has no card hold');
    const latest = await latestVersion(tx, offer, listing);
    const terms = counterTerms ? proposalWithin(counterTerms, latest, listing) : pickTerms(latest);
    if (counterTerms && sameTerms(latest, terms)) {
      throw validation(`${TERM_MESSAGES.nothingChanged}, or accept the counter`);
    }
    const newHold = terms.offerPricePence !== offer.offerPricePence;
    const capturesNow = isAcceptance && !newHold;
    // The part proposed or accepted must be free: 409 naming the cells another deal holds.
    const messages = capturesNow ? ACCEPTANCE_MESSAGES : COUNTER_MESSAGES;
    await requirePartFree(tx, listing, partOfTerms(terms), messages, offerId);
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
      offerPricePence: terms.offerPricePence,
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
    const next = newHold ? 'reauthorising' : capturesNow ? 'accepting' : 'pending';
    const [row] = await tx
      .update(offers)
      .set(
        newHold
          ? {
              ...offerTermsColumns,
              status: next,
              prevHoldVersion: offer.holdVersion,
              prevPaymentId: offer.providerPaymentId,
              prevOfferPricePence: offer.offerPricePence,
              holdVersion: sql`${offers.holdVersion} + 1`,
              providerPaymentId: null,
            }
          : { ...offerTermsColumns, status: next },
      )
      .where(and(eq(offers.id, offerId), eq(offers.status, 'countered')))
      .returning();
    if (!row) refuseState(offer, 'countered');
    if (newHold) await recordLedgerIntent(tx, deps.payments.name, holdLedgerEntry(row, 'create'));
    if (next === 'accepting') {
      await recordLedgerIntent(tx, deps.payments.name, holdLedgerEntry(row, 'capture'));
      return { next, row: { ...row, providerPaymentId: offer.providerPaymentId } };
    }
    return { next, row };
  });
  if (outcome.next === 'accepting') {
    await takeClaimedHold(deps, outcome.row);
    return { offer: toOffer(await getOfferRecord(deps.db, offerId)), clientSecret: null };
  }
  const updated = await getOfferRecord(deps.db, offerId);
  if (outcome.next === 'reauthorising') {
    const started = await startOfferPayment(deps, updated);
    return { offer: started.offer, clientSecret: started.clientSecret };
  }
  await announceDealEvent(deps, 'counter_answered', updated);
  return { offer: toOffer(updated), clientSecret: null };
}
