import { notify } from '@/domains/notifications/server';
import type { AppDeps } from '@/server/deps';
import { render, type MailContent } from '@/server/mail/templates';
import { formatPounds } from '@/shared/money';
import { paths } from '@/shared/paths';
import type { TermParty } from '../offers.constants';
import {
  counterAnsweredMail,
  counterToProducerMail,
  newOfferMail,
  offerAcceptedMail,
  offerExpiredMail,
  offerRejectedMail,
  sendOfferMail,
} from './offer-emails';
import { currentTermsOf, type OfferRecord } from './offer-record';

/**
 * Every event of a deal that a party hears about (issue 28): by the bell and by email, once,
 * to the party who did not cause it, each linking to the deal.
 */
export const DEAL_EVENTS = [
  'offer_received',
  'countered',
  'counter_answered',
  'counter_accepted',
  'hold_reauthorised',
  'accepted',
  'rejected',
  'hold_released',
  'agreement_ready',
  'signed_by_other',
  'sealed',
] as const;
export type DealEvent = (typeof DEAL_EVENTS)[number];

/** Where a party finds the deal: their card of it on their own screen. */
export const dealPath = (offerId: number, party: TermParty) =>
  party === 'agent'
    ? `${paths.agentDashboard}?tab=submissions#offer-${offerId}`
    : `${paths.mySubmissions}#offer-${offerId}`;

type Deps = Pick<AppDeps, 'db' | 'mailer'> & { config: Pick<AppDeps['config'], 'publicUrl'> };

interface EventText {
  /** Who hears about it; 'both' for what both parties must act on or keep. */
  to: TermParty | 'both';
  title: (record: OfferRecord) => string;
  /** The email; null when the event's email is sent elsewhere (the sealed PDF's own mail). */
  mail: ((record: OfferRecord, publicUrl: string, party: TermParty) => MailContent) | null;
}

const feeOf = (record: OfferRecord) =>
  formatPounds(currentTermsOf(record).offerPricePence, { exact: true });
const titleOf = (record: OfferRecord) => `"${record.listing.title}"`;

/** A plain email for an event whose text is the bell's, with a link to the deal. */
const simpleMail =
  (subject: (r: OfferRecord) => string, lines: (r: OfferRecord) => string[]) =>
  (record: OfferRecord, publicUrl: string, party: TermParty): MailContent =>
    render({
      publicUrl,
      subject: subject(record),
      greetingName:
        party === 'agent' ? (record.agent?.firstName ?? 'there') : record.producer.firstName,
      paragraphs: lines(record),
      action: { label: 'Open the deal', url: `${publicUrl}${dealPath(record.offer.id, party)}` },
    });

const EVENTS: Record<DealEvent, EventText> = {
  offer_received: {
    to: 'agent',
    title: (r) => `New offer of ${feeOf(r)} on ${titleOf(r)}`,
    mail: (r, url) => newOfferMail(r, url),
  },
  countered: {
    to: 'producer',
    title: (r) => `The agent countered on ${titleOf(r)}: ${feeOf(r)}`,
    mail: (r, url) => counterToProducerMail(r, url),
  },
  counter_answered: {
    to: 'agent',
    title: (r) => `The producer countered back on ${titleOf(r)}: ${feeOf(r)}`,
    mail: (r, url) => counterAnsweredMail(r, url),
  },
  counter_accepted: {
    to: 'agent',
    title: (r) => `The producer accepted your counter on ${titleOf(r)}: the deal is agreed`,
    mail: simpleMail(
      (r) => `Your counter on ${r.listing.title} was accepted`,
      (r) => [
        `The producer accepted your counter of ${feeOf(r)} for a ${r.offer.optionPeriod}-month option on ${titleOf(r)}.`,
        `${feeOf(r)} has been taken from their card: the deal is agreed, and the option agreement is being prepared for both of you to sign.`,
      ],
    ),
  },
  hold_reauthorised: {
    to: 'producer',
    title: (r) => `Your new card hold of ${feeOf(r)} on ${titleOf(r)} is authorised`,
    mail: simpleMail(
      (r) => `Your new card hold on ${r.listing.title} is authorised`,
      (r) => [
        `The new hold of ${feeOf(r)} on your card for ${titleOf(r)} is authorised, and the earlier hold has been released.`,
      ],
    ),
  },
  accepted: {
    to: 'producer',
    title: (r) => `Your deal on ${titleOf(r)} is agreed: ${feeOf(r)} taken`,
    mail: (r, url) => offerAcceptedMail(r, url),
  },
  rejected: {
    to: 'producer',
    title: (r) => `Your offer on ${titleOf(r)} was rejected; the hold is released`,
    mail: (r, url) => offerRejectedMail(r, url),
  },
  hold_released: {
    to: 'producer',
    title: (r) => `Your offer on ${titleOf(r)} expired; the card hold is released`,
    mail: (r, url) => offerExpiredMail(r, url),
  },
  agreement_ready: {
    to: 'both',
    title: (r) => `The option agreement for ${titleOf(r)} is ready to sign`,
    mail: simpleMail(
      (r) => `Your option agreement for ${r.listing.title} is ready to sign`,
      (r) => [
        `The option agreement for ${titleOf(r)} has been drawn up from the agreed terms (${feeOf(r)} for a ${r.offer.optionPeriod}-month option).`,
        'Read it with View Contract, then sign it with Sign Agreement.',
      ],
    ),
  },
  signed_by_other: {
    to: 'both',
    title: (r) => `The other party signed the option agreement for ${titleOf(r)}`,
    mail: simpleMail(
      (r) => `The option agreement for ${r.listing.title} was signed by the other party`,
      (r) => [
        `The other party has signed the option agreement for ${titleOf(r)}. Sign it too to complete it.`,
      ],
    ),
  },
  sealed: {
    to: 'both',
    title: (r) => `The option agreement for ${titleOf(r)} is signed by both and sealed`,
    // The sealed PDF goes by its own mail, with the file attached (mail-signed-agreement.ts).
    mail: null,
  },
};

/** The parties an event reaches; `only` narrows 'both' to one (e.g. who did not sign). */
function recipients(event: DealEvent, only?: TermParty): TermParty[] {
  const to = EVENTS[event].to;
  const parties: TermParty[] = to === 'both' ? ['producer', 'agent'] : [to];
  return only ? parties.filter((party) => party === only) : parties;
}

/**
 * Tells the right party of a deal event: a bell notification and an email, each linking to
 * the deal. Called once per event, after the transition that caused it committed (its
 * conditional write makes the transition happen once, so the announcement does too).
 */
export async function announceDealEvent(
  deps: Deps,
  event: DealEvent,
  record: OfferRecord,
  options: { only?: TermParty; mail?: MailContent; title?: string } = {},
): Promise<void> {
  const text = EVENTS[event];
  const items = [];
  for (const party of recipients(event, options.only)) {
    const userId = party === 'agent' ? record.agent?.id : record.producer.id;
    if (!userId) continue;
    items.push({
      userId,
      kind: `deal_${event}`,
      title: options.title ?? text.title(record),
      url: dealPath(record.offer.id, party),
    });
    const mail = options.mail ?? text.mail?.(record, deps.config.publicUrl, party);
    if (mail) {
      await sendOfferMail(
        deps,
        party === 'agent' ? record.agent?.email : record.producer.email,
        mail,
      );
    }
  }
  await notify(deps.db, items);
}
