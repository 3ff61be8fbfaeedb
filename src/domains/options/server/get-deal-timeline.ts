import { and, asc, eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { offerAgreements } from '@/domains/agreements/server/agreements.tables';
import { dealThreads } from '@/domains/inbox/server/inbox.tables';
import { requireOffer } from '@/domains/offers/server';
import { offerTerms } from '@/domains/offers/server/offers.tables';
import { rightsGrants } from '@/domains/rights/server/rights.tables';
import type { Executor } from '@/server/db/client';
import { penceToPounds } from '@/shared/money';
import type { DealEvent, DealTimeline } from '../options.schema';
import { findOptionViews } from './find-options';
import { optionReminders, options } from './options.tables';
import { NOTICE_TITLES, noticeUrl, toOption } from './option-view';

type Add = (
  at: Date | null,
  kind: DealEvent['kind'],
  title: string,
  extra?: Partial<DealEvent> & { pence?: number | null; sortAt?: Date | null },
) => void;

/**
 * One deal's life on one page (issue 34): from the producer's first question about the
 * listing, the offer and its counters, the acceptance, the agreement (issued, signed, sealed),
 * the option's start, each reminder, the extension, the exercise or the reversion, with the
 * documents. Built from the rows each room keeps; for its producer, the listing's agent and
 * admins (the offer's own read rule).
 */
export async function getDealTimeline(
  db: Executor,
  user: UserRow,
  offerId: number,
  now: Date,
): Promise<DealTimeline> {
  const record = await requireOffer(db, user, offerId, 'read');
  const { offer, listing } = record;
  const dated: { at: Date; order: number; event: DealEvent }[] = [];
  const add: Add = (at, kind, title, extra = {}) => {
    if (!at) return;
    const { pence, sortAt, ...rest } = extra;
    dated.push({
      at: sortAt && sortAt > at ? sortAt : at,
      order: dated.length,
      event: {
        kind,
        at: at.toISOString(),
        title,
        amount: penceToPounds(pence ?? null),
        documentUrl: null,
        ...rest,
      },
    });
  };
  const [thread] = await db
    .select({ createdAt: dealThreads.createdAt })
    .from(dealThreads)
    .where(
      and(eq(dealThreads.listingId, listing.id), eq(dealThreads.producerId, offer.producerId)),
    );
  add(thread?.createdAt ?? null, 'question', 'First question to the agent');
  add(offer.submittedAt ?? offer.createdAt, 'offer', 'Offer made', {
    pence: offer.offerPricePence,
  });
  const versions = await db
    .select()
    .from(offerTerms)
    .where(eq(offerTerms.offerId, offerId))
    .orderBy(asc(offerTerms.version));
  for (const version of versions.filter((v) => v.kind === 'counter')) {
    add(version.createdAt, 'countered', `Countered by the ${version.proposedBy}`, {
      pence: version.offerPricePence,
    });
  }
  if (offer.status === 'accepted')
    add(offer.decidedAt, 'accepted', 'Offer accepted', { pence: offer.offerPricePence });
  const [agreement] = await db
    .select()
    .from(offerAgreements)
    .where(eq(offerAgreements.offerId, offerId));
  if (agreement) {
    const documentUrl = `/api/offers/${offerId}/agreement`;
    add(agreement.createdAt, 'agreement_issued', 'Option agreement issued', { documentUrl });
    add(agreement.producerSignedAt, 'signed', 'Signed by the producer');
    add(agreement.agentSignedAt, 'signed', 'Signed by the agent');
    // The seal's time is to the whole second (as its signature states it): never listed
    // before the signature that caused it.
    const lastSigned = lastSignatureOf(agreement);
    add(agreement.signedAt, 'sealed', 'Agreement sealed', { documentUrl, sortAt: lastSigned });
  }
  const [view] = await findOptionViews(db, eq(options.offerId, offerId));
  const option = view ? toOption(view.view, now) : null;
  if (view) {
    const row = view.view.option;
    add(row.startsAt, 'option_started', `Option started: ${row.optionPeriodMonths} months`, {
      sortAt: agreement ? lastSignatureOf(agreement) : null,
    });
    const reminders = await db
      .select()
      .from(optionReminders)
      .where(eq(optionReminders.optionId, row.id));
    for (const reminder of reminders) {
      add(
        reminder.sentAt,
        'reminder',
        `Reminder sent: ${reminder.thresholdDays} days before the end`,
      );
    }
    add(row.exerciseNoticeAt, 'exercise_notice', 'Notice of exercise given', {
      pence: row.purchasePricePence,
    });
    for (const payment of view.view.payments) {
      const isExtension = payment.action === 'extension';
      add(
        payment.appliedAt,
        isExtension ? 'extension_paid' : 'exercise_paid',
        isExtension
          ? `Extension paid; ${NOTICE_TITLES.extension.toLowerCase()} issued`
          : `Purchase price paid; rights sold; ${NOTICE_TITLES.exercise.toLowerCase()} issued`,
        {
          pence: payment.amountPence,
          documentUrl: payment.noticeSha256 ? noticeUrl(row.id, payment.id) : null,
        },
      );
    }
    const [grant] = await db
      .select({ lapsedAt: rightsGrants.lapsedAt })
      .from(rightsGrants)
      .where(eq(rightsGrants.id, row.grantId));
    add(grant?.lapsedAt ?? null, 'lapsed', 'Option lapsed: the rights reverted');
  }
  const events = dated
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order)
    .map(({ event }) => event);
  return { offerId, listingId: listing.id, listingTitle: listing.title, option, events };
}

/** When the second party signed (what the seal follows), or null while one has not. */
function lastSignatureOf(agreement: {
  producerSignedAt: Date | null;
  agentSignedAt: Date | null;
}): Date | null {
  const { producerSignedAt, agentSignedAt } = agreement;
  if (!producerSignedAt || !agentSignedAt) return null;
  return producerSignedAt > agentSignedAt ? producerSignedAt : agentSignedAt;
}
