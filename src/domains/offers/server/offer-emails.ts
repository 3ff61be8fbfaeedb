import type { AppDeps } from '@/server/deps';
import { render, type MailContent } from '@/server/mail/templates';
import { formatPounds } from '@/shared/money';
import { paths } from '@/shared/paths';
import type { OfferRecord } from './offer-record';
import type { OfferRow } from './offers.tables';

/** "£25,000.00": a card hold is an exact amount. */
const amountOf = (record: { offer: Pick<OfferRow, 'offerPricePence'> }) =>
  formatPounds(record.offer.offerPricePence, { exact: true });

/** Made once: Date#toLocaleString builds a new formatter on every call (~0.1 ms each). */
const deadlineFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  dateStyle: 'full',
  timeStyle: 'short',
});

const formatDeadline = (date: Date) => deadlineFormat.format(date);

type OfferMail = (record: OfferRecord, publicUrl: string) => MailContent;

const describe = (record: { offer: Pick<OfferRow, 'offerPricePence' | 'optionPeriod'> }) =>
  `${amountOf(record)} for a ${record.offer.optionPeriod}-month option`;

const producerName = (record: {
  producer: Pick<OfferRecord['producer'], 'firstName' | 'lastName' | 'companyName'>;
}) =>
  [record.producer.firstName, record.producer.lastName].join(' ') +
  (record.producer.companyName ? ` (${record.producer.companyName})` : '');

/** What the new-offer email reads of an offer's record (all markAuthorised answers). */
export interface NewOfferMailRecord {
  offer: Pick<OfferRow, 'offerPricePence' | 'optionPeriod' | 'responseDeadline'>;
  listing: Pick<OfferRecord['listing'], 'title'>;
  producer: Pick<OfferRecord['producer'], 'firstName' | 'lastName' | 'companyName'>;
  agent: Pick<NonNullable<OfferRecord['agent']>, 'firstName' | 'email'> | null;
}

/** To the agent, once the producer's card hold is authorised. */
export const newOfferMail = (record: NewOfferMailRecord, publicUrl: string): MailContent =>
  render({
    publicUrl,
    subject: `New offer on ${record.listing.title}`,
    greetingName: record.agent?.firstName ?? 'there',
    paragraphs: [
      `${producerName(record)} has offered ${describe(record)} on "${record.listing.title}".`,
      'The amount is held on their card and is only taken if you accept.',
      ...(record.offer.responseDeadline
        ? [
            `Please accept or reject it by ${formatDeadline(record.offer.responseDeadline)}; after that the hold is released.`,
          ]
        : []),
    ],
    action: {
      label: 'Review the offer',
      url: `${publicUrl}${paths.agentDashboard}?tab=submissions`,
    },
  });

export const offerAcceptedMail: OfferMail = (record, publicUrl) =>
  render({
    publicUrl,
    subject: `Your offer on ${record.listing.title} was accepted`,
    greetingName: record.producer.firstName,
    paragraphs: [
      `Congratulations: your deal on "${record.listing.title}" is agreed at ${describe(record)}.`,
      `${amountOf(record)} has now been taken from the card you authorised.`,
    ],
    action: { label: 'View your submissions', url: `${publicUrl}${paths.mySubmissions}` },
  });

export const offerRejectedMail: OfferMail = (record, publicUrl) =>
  render({
    publicUrl,
    subject: `Your offer on ${record.listing.title} was rejected`,
    greetingName: record.producer.firstName,
    paragraphs: [
      `The agent has rejected your offer of ${describe(record)} on "${record.listing.title}".`,
      ...(record.offer.rejectionReason
        ? [`The agent's reason: ${record.offer.rejectionReason}`]
        : []),
      'The hold on your card has been released; nothing was charged.',
    ],
    action: { label: 'Browse other listings', url: `${publicUrl}${paths.listings}` },
  });

/**
 * To every producer whose open offer closed because another offer on the listing was accepted:
 * `part` names the cells of theirs that were optioned (null: the whole listing was).
 */
export const offerAutoRejectedMail = (
  record: OfferRecord,
  publicUrl: string,
  part: string | null = null,
): MailContent =>
  render({
    publicUrl,
    subject: `Your offer on ${record.listing.title} was not accepted`,
    greetingName: record.producer.firstName,
    paragraphs: [
      part
        ? `The rights your offer covered (${part}) on "${record.listing.title}" have been optioned to another producer, so your offer of ${describe(record)} was closed.`
        : `Another offer on "${record.listing.title}" has been accepted, so your offer of ${describe(record)} was closed.`,
      'The hold on your card has been released; nothing was charged.',
    ],
    action: { label: 'Browse other listings', url: `${publicUrl}${paths.listings}` },
  });

/** To a producer whose open offer closed because the listing's agent left the platform. */
export const listingWithdrawnMail: OfferMail = (record, publicUrl) =>
  render({
    publicUrl,
    subject: `Your offer on ${record.listing.title} was closed`,
    greetingName: record.producer.firstName,
    paragraphs: [
      `"${record.listing.title}" has been withdrawn from PageToScreen, so your offer of ${describe(record)} was closed.`,
      'The hold on your card has been released; nothing was charged.',
    ],
    action: { label: 'Browse other listings', url: `${publicUrl}${paths.listings}` },
  });

/** To the producer when the response deadline passed (or the hold lapsed): renew it. */
export const offerExpiredMail: OfferMail = (record, publicUrl) =>
  render({
    publicUrl,
    subject: `Your offer on ${record.listing.title} has expired`,
    greetingName: record.producer.firstName,
    paragraphs: [
      `The agent did not answer your offer of ${describe(record)} on "${record.listing.title}" before its response deadline, so the hold on your card has been released.`,
      'Card holds only last about a week. You can renew the offer with one click from My Submissions: it places a new hold and gives the agent a new deadline.',
    ],
    action: { label: 'Renew your offer', url: `${publicUrl}${paths.mySubmissions}` },
  });

/** To the producer when the agent tried to accept but the card hold could not be captured. */
export const captureFailedMail = (
  record: OfferRecord,
  publicUrl: string,
  reason: string,
): MailContent =>
  render({
    publicUrl,
    subject: `Action needed: your offer on ${record.listing.title}`,
    greetingName: record.producer.firstName,
    paragraphs: [
      `The agent tried to accept your offer of ${describe(record)} on "${record.listing.title}", but the payment could not be taken: ${reason}`,
      record.offer.status === 'expired'
        ? 'Please renew the offer from My Submissions to authorise your card again.'
        : 'Please make sure your card can be charged, then ask the agent to accept again, or cancel the offer and submit it with another card.',
    ],
    action: { label: 'Open My Submissions', url: `${publicUrl}${paths.mySubmissions}` },
  });

/** A day before the deadline, to both sides. */
export const deadlineReminderMail = (
  record: OfferRecord,
  publicUrl: string,
  to: 'agent' | 'producer',
): MailContent => {
  const deadline = record.offer.responseDeadline
    ? formatDeadline(record.offer.responseDeadline)
    : 'soon';
  return render({
    publicUrl,
    subject: `Reminder: the offer on ${record.listing.title} needs an answer by ${deadline}`,
    greetingName: to === 'agent' ? (record.agent?.firstName ?? 'there') : record.producer.firstName,
    paragraphs:
      to === 'agent'
        ? [
            `${producerName(record)}'s offer of ${describe(record)} on "${record.listing.title}" is still waiting for your answer.`,
            `If it is not accepted or rejected by ${deadline}, the hold on their card is released and the offer expires.`,
          ]
        : [
            `Your offer of ${describe(record)} on "${record.listing.title}" has not been answered yet.`,
            `If the agent does not answer by ${deadline}, the hold on your card is released; you can then renew the offer from My Submissions.`,
          ],
    action:
      to === 'agent'
        ? { label: 'Review the offer', url: `${publicUrl}${paths.agentDashboard}?tab=submissions` }
        : { label: 'View your submissions', url: `${publicUrl}${paths.mySubmissions}` },
  });
};

/** Sends after commit; the mailer never throws (a mail failure cannot undo the work). */
export async function sendOfferMail(
  deps: Pick<AppDeps, 'mailer'>,
  to: string | null | undefined,
  content: MailContent,
): Promise<void> {
  if (!to) return;
  await deps.mailer.send({ to, ...content });
}

/** To the producer: the agent countered (decision 016). */
export const counterToProducerMail: OfferMail = (record, publicUrl) =>
  render({
    publicUrl,
    subject: `Counter-offer on ${record.listing.title}`,
    greetingName: record.producer.firstName,
    paragraphs: [
      `The agent has answered your offer on "${record.listing.title}" with different terms.`,
      'You can accept them, counter back, or withdraw your offer from My Submissions.',
      ...(record.offer.responseDeadline
        ? [`Please answer by ${formatDeadline(record.offer.responseDeadline)}.`]
        : []),
    ],
    action: { label: 'See the counter-offer', url: `${publicUrl}${paths.mySubmissions}` },
  });

/** To the agent: the producer answered a counter and the offer is theirs to decide again. */
export const counterAnsweredMail: OfferMail = (record, publicUrl) =>
  render({
    publicUrl,
    subject: `The producer answered your counter on ${record.listing.title}`,
    greetingName: record.agent?.firstName ?? 'there',
    paragraphs: [
      `${producerName(record)} now offers ${describe(record)} on "${record.listing.title}".`,
      'The amount is held on their card and is only taken if you accept.',
      ...(record.offer.responseDeadline
        ? [`Please answer by ${formatDeadline(record.offer.responseDeadline)}.`]
        : []),
    ],
    action: {
      label: 'Review the offer',
      url: `${publicUrl}${paths.agentDashboard}?tab=submissions`,
    },
  });
