import { and, eq, isNull } from 'drizzle-orm';
import { fileChainDocument } from '@/domains/chain-of-title/server';
import type { AppDeps } from '@/server/deps';
import { loadOfferRecord } from '@/domains/offers/server';
import { offerAgreements } from './agreements.tables';
import { readStoredFile } from './seal-agreement';

export type FileSignedAgreementDeps = Pick<AppDeps, 'db' | 'storage'>;

/** YYYY-MM-DD in the UK: the chain of title dates documents by the calendar day. */
const ukDay = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

/** The day the option ends: the agreement's date plus the option period in months. */
function optionEnd(start: Date, months: number): Date {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

/**
 * Files the signed agreement in the listing's chain of title (decision 016), through that
 * room's front door: it keeps its own copy and row (only it writes its tables) and files a
 * source once. The offers side then stamps `chain_filed_at`, so the job stops trying; the
 * chain room's own idempotency covers a crash between the two.
 */
export async function fileSignedAgreement(
  deps: FileSignedAgreementDeps,
  offerId: number,
): Promise<boolean> {
  const [agreement] = await deps.db
    .select()
    .from(offerAgreements)
    .where(eq(offerAgreements.offerId, offerId));
  if (!agreement?.signedStorageKey || !agreement.signedAt || agreement.chainFiledAt) return false;
  const record = await loadOfferRecord(deps.db, offerId);
  if (!record) return false;
  const pdf = await readStoredFile(deps.storage, agreement.signedStorageKey);
  const effective = record.offer.decidedAt ?? agreement.createdAt;
  const parties = [agreement.agentSignedName, agreement.producerSignedName].filter(
    (name): name is string => Boolean(name),
  );
  const document = await fileChainDocument(deps, {
    listingId: record.listing.id,
    sourceKey: `offer-agreement:${offerId}`,
    originalName: `option-agreement-${offerId}-signed.pdf`,
    pdf,
    fields: {
      documentType: 'option_agreement',
      title: `Option agreement PTS-${offerId}-v${agreement.termsVersion}`.slice(0, 200),
      parties: parties.join('\n'),
      effectiveDate: ukDay(effective),
      expiryDate: ukDay(optionEnd(effective, record.offer.optionPeriod)),
      notes: `Signed on PageToScreen by both parties (offer ${offerId}); digitally signed, SHA-256 ${agreement.signedSha256}.`,
    },
  });
  const [stamped] = await deps.db.transaction((tx) =>
    tx
      .update(offerAgreements)
      .set({ chainDocumentId: document.id, chainFiledAt: new Date() })
      .where(and(eq(offerAgreements.offerId, offerId), isNull(offerAgreements.chainFiledAt)))
      .returning({ offerId: offerAgreements.offerId }),
  );
  return Boolean(stamped);
}
