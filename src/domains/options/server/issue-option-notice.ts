import { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { readStoredFile, sealDocument } from '@/domains/agreements/server';
import { fileChainDocument } from '@/domains/chain-of-title/server';
import { listings } from '@/domains/listings/server/listings.tables';
import type { AppDeps } from '@/server/deps';
import { paths } from '@/shared/paths';
import { optionPayments, options, type OptionPaymentRow } from './options.tables';
import { buildNoticePdf, noticeMoney } from './notice-pdf';
import { NOTICE_TITLES, ukDate } from './option-view';

export type NoticeDeps = Pick<AppDeps, 'db' | 'storage' | 'config' | 'log'>;

const producers = alias(users, 'producers');
const agents = alias(users, 'agents');
const nameOf = (user: { firstName: string | null; lastName: string | null } | null) =>
  `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim() || 'Unknown';
/** YYYY-MM-DD in the UK: the chain of title dates documents by the calendar day. */
const ukDay = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

/**
 * After an extension or purchase took effect (issue 34): its notice is made, sealed like the
 * agreement (the platform's PAdES signature, at the time it was applied, so a retry makes the
 * same bytes), stored and recorded once (only while the row has no notice: two runs never
 * record two), then filed in the listing's chain of title once (that room is idempotent per
 * source; the stamp stops the retries). Each step is for the reconciliation job to finish.
 */
export async function issueOptionNotice(deps: NoticeDeps, paymentId: number): Promise<void> {
  const [row] = await deps.db
    .select({
      payment: optionPayments,
      option: options,
      listingTitle: listings.title,
      producer: { firstName: producers.firstName, lastName: producers.lastName },
      agent: { firstName: agents.firstName, lastName: agents.lastName },
    })
    .from(optionPayments)
    .innerJoin(options, eq(options.id, optionPayments.optionId))
    .innerJoin(listings, eq(listings.id, options.listingId))
    .leftJoin(producers, eq(producers.id, options.producerId))
    .leftJoin(agents, eq(agents.id, listings.agentId))
    .where(eq(optionPayments.id, paymentId));
  if (!row?.payment.appliedAt) return;
  let payment = row.payment;
  const parties = { producerName: nameOf(row.producer), agentName: nameOf(row.agent) };
  if (!payment.noticeSha256) payment = await sealNotice(deps, { ...row, ...parties, payment });
  if (!payment.noticeStorageKey || payment.chainFiledAt) return;
  const pdf = await readStoredFile(deps.storage, payment.noticeStorageKey);
  const title = NOTICE_TITLES[payment.action];
  const document = await fileChainDocument(deps, {
    listingId: row.option.listingId,
    sourceKey: `option-notice:${payment.id}`,
    originalName: `option-${payment.action}-notice-${row.option.offerId}-${payment.version}.pdf`,
    pdf,
    fields: {
      documentType: payment.action === 'extension' ? 'option_agreement' : 'assignment',
      title: `${title} PTS-${row.option.offerId}-${payment.action}-${payment.version}`,
      parties: [parties.agentName, parties.producerName].join('\n'),
      effectiveDate: ukDay(payment.appliedAt!),
      expiryDate:
        payment.action === 'extension' && payment.newEndsAt ? ukDay(payment.newEndsAt) : undefined,
      notes: `Sealed by PageToScreen (offer ${row.option.offerId}); SHA-256 ${payment.noticeSha256}.`,
    },
  });
  await deps.db
    .update(optionPayments)
    .set({ chainDocumentId: document.id, chainFiledAt: new Date() })
    .where(and(eq(optionPayments.id, payment.id), isNull(optionPayments.chainFiledAt)));
}

async function sealNotice(
  deps: NoticeDeps,
  input: {
    payment: OptionPaymentRow;
    option: typeof options.$inferSelect;
    listingTitle: string;
    producerName: string;
    agentName: string;
  },
): Promise<OptionPaymentRow> {
  const { payment, option } = input;
  const issuedAt = new Date(Math.floor(payment.appliedAt!.getTime() / 1000) * 1000);
  const paidBy =
    payment.method === 'card'
      ? `card (payment ${payment.providerPaymentId ?? 'unknown'})`
      : `bank transfer (reference ${payment.bankReference ?? 'unknown'})`;
  const facts: [string, string][] =
    payment.action === 'extension'
      ? [
          ['Option began', ukDate(option.startsAt)],
          ['Previous end', ukDate(payment.previousEndsAt ?? option.endsAt)],
          ['New end', ukDate(payment.newEndsAt ?? option.endsAt)],
          ['Extension fee paid', noticeMoney(payment.amountPence)],
          ['Paid by', paidBy],
        ]
      : [
          ['Option began', ukDate(option.startsAt)],
          ['Notice of exercise given', ukDate(option.exerciseNoticeAt ?? issuedAt)],
          ['Purchase price paid', noticeMoney(payment.amountPence)],
          ['Paid by', paidBy],
        ];
  const pdf = await buildNoticePdf({
    title: NOTICE_TITLES[payment.action],
    reference: `PTS-${option.offerId}-${payment.action}-${payment.version}`,
    listingTitle: input.listingTitle,
    producerName: input.producerName,
    agentName: input.agentName,
    facts,
    statement:
      payment.action === 'extension'
        ? 'The producer has paid the agreed extension fee; the option is extended to the new end above on the terms of the option agreement.'
        : 'The producer has given notice of exercise and paid the purchase price; the rights under option are purchased on the terms of the option agreement.',
    issuedAt,
    verifyUrl: `${deps.config.publicUrl}${paths.verifyAgreement}`,
  });
  const sealed = await sealDocument(deps, pdf, {
    signingTime: issuedAt,
    reason: `${NOTICE_TITLES[payment.action]} issued on PageToScreen`,
  });
  const storageKey = `options/option-${option.id}-${payment.action}-${payment.version}-${sealed.sha256.slice(0, 16)}.pdf`;
  await deps.storage.put(storageKey, Readable.from([sealed.bytes]), 'application/pdf');
  const [recorded] = await deps.db
    .update(optionPayments)
    .set({
      noticeStorageKey: storageKey,
      noticeSha256: sealed.sha256,
      noticeSizeBytes: sealed.bytes.length,
      noticeSignedAt: issuedAt,
      signerCertSha256: sealed.certificateFingerprint,
    })
    .where(and(eq(optionPayments.id, payment.id), isNull(optionPayments.noticeSha256)))
    .returning();
  if (recorded) return recorded;
  const [current] = await deps.db
    .select()
    .from(optionPayments)
    .where(eq(optionPayments.id, payment.id));
  return current;
}
