import type { paymentLedger } from '@/domains/payments/server/payments.tables';
import { penceToPounds } from '@/shared/money';
import type { OfferTimelineEvent } from '../offers.schema';
import { parseHoldKey } from './offer-hold';
import type { TermVersionRecord } from './offer-terms';
import type { OfferAgreementRow } from '@/domains/agreements/server/agreements.tables';
import type { OfferRow } from './offers.tables';

/** Where an event goes among others of the same instant (the order things happen in). */
const ORDER: Record<OfferTimelineEvent['kind'], number> = {
  created: 0,
  authorised: 1,
  countered: 2,
  counter_accepted: 3,
  reauthorised: 4,
  released: 5,
  accepted: 6,
  captured: 7,
  agreement_issued: 8,
  signed: 9,
};

interface Dated {
  event: OfferTimelineEvent;
  at: Date;
}

/**
 * An offer's timeline (decision 016), from rows that exist: the offer, its term sheet
 * versions, the payment ledger's hold rows (only the provider calls that succeeded) and the
 * agreement with its signatures. Oldest first.
 */
export function buildOfferTimeline(input: {
  offer: OfferRow;
  versions: TermVersionRecord[];
  ledger: (typeof paymentLedger.$inferSelect)[];
  agreement: OfferAgreementRow | undefined;
}): OfferTimelineEvent[] {
  const { offer, versions, ledger, agreement } = input;
  const events: Dated[] = [];
  const add = (
    at: Date,
    kind: OfferTimelineEvent['kind'],
    by: OfferTimelineEvent['by'],
    pence: number | null,
    sortAt: Date = at,
  ) =>
    events.push({
      at: sortAt,
      event: {
        kind,
        at: at.toISOString(),
        by,
        amount: pence === null ? null : penceToPounds(pence),
      },
    });

  add(
    offer.createdAt,
    'created',
    'producer',
    versions[0]?.offerPricePence ?? offer.offerPricePence,
  );
  for (const version of versions.slice(1)) {
    if (version.kind === 'counter') {
      add(version.createdAt, 'countered', version.proposedBy, version.offerPricePence);
    } else if (version.kind === 'accepted_counter') {
      add(version.createdAt, 'counter_accepted', version.proposedBy, version.offerPricePence);
    }
  }
  for (const row of ledger) {
    const key = parseHoldKey(row.idempotencyKey);
    if (!key || row.outcome !== 'succeeded') continue;
    const at = row.completedAt ?? row.createdAt;
    if (key.action === 'create') {
      add(at, key.holdVersion > 1 ? 'reauthorised' : 'authorised', 'producer', row.amountPence);
    } else if (key.action === 'capture') {
      add(at, 'captured', null, row.amountPence);
    } else {
      add(at, 'released', null, row.amountPence);
    }
  }
  if (offer.status === 'accepted' && offer.decidedAt) {
    // The acceptance is recorded as its capture commits (decided_at just after the capture's
    // ledger row): listed before the charge it caused.
    const capture = events.find((dated) => dated.event.kind === 'captured');
    const sortAt = capture && capture.at < offer.decidedAt ? capture.at : offer.decidedAt;
    // Whoever said the last yes: the producer when they accepted the agent's counter.
    const last = versions[versions.length - 1];
    const by = last?.kind === 'accepted_counter' ? 'producer' : 'agent';
    add(offer.decidedAt, 'accepted', by, offer.offerPricePence, sortAt);
  }
  if (agreement) {
    add(agreement.createdAt, 'agreement_issued', null, agreement.offerPricePence);
    if (agreement.producerSignedAt) add(agreement.producerSignedAt, 'signed', 'producer', null);
    if (agreement.agentSignedAt) add(agreement.agentSignedAt, 'signed', 'agent', null);
  }
  return events
    .sort((a, b) => a.at.getTime() - b.at.getTime() || ORDER[a.event.kind] - ORDER[b.event.kind])
    .map((dated) => dated.event);
}
