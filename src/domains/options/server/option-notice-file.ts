import { and, eq } from 'drizzle-orm';
import { readStoredFile, type DocumentVerifier } from '@/domains/agreements/server';
import type { AppDeps } from '@/server/deps';
import { notFound } from '@/shared/errors';
import { getOptionFor, type OptionViewer } from './find-options';
import { optionPayments, options as optionPaymentsOffer } from './options.tables';
import { NOTICE_TITLES } from './option-view';

/** A sealed notice's bytes for a party to the option (or an admin), or 404. */
export async function getOptionNoticeFile(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  viewer: OptionViewer,
  optionId: number,
  paymentId: number,
  now: Date,
) {
  await getOptionFor(deps.db, viewer, optionId, now);
  const [payment] = await deps.db
    .select()
    .from(optionPayments)
    .where(and(eq(optionPayments.id, paymentId), eq(optionPayments.optionId, optionId)));
  if (!payment?.noticeStorageKey || !payment.noticeSha256) throw notFound('Notice not found');
  return {
    bytes: await readStoredFile(deps.storage, payment.noticeStorageKey),
    sha256: payment.noticeSha256,
    filename: `option-${payment.action}-notice-${optionId}-${payment.version}.pdf`,
  };
}

/** How /verify-agreement recognises our notices (registered with the agreements room). */
export const optionNoticeVerifier: DocumentVerifier = {
  async findBySha256(db, sha256) {
    const [row] = await db
      .select({
        offerId: optionPaymentsOffer.offerId,
        action: optionPayments.action,
        issuedAt: optionPayments.noticeSignedAt,
      })
      .from(optionPayments)
      .innerJoin(optionPaymentsOffer, eq(optionPaymentsOffer.id, optionPayments.optionId))
      .where(eq(optionPayments.noticeSha256, sha256))
      .limit(1);
    if (!row?.issuedAt) return null;
    return { offerId: row.offerId, title: NOTICE_TITLES[row.action], issuedAt: row.issuedAt };
  },
  async usedCertificate(db, fingerprint) {
    const [row] = await db
      .select({ id: optionPayments.id })
      .from(optionPayments)
      .where(eq(optionPayments.signerCertSha256, fingerprint))
      .limit(1);
    return Boolean(row);
  },
};
