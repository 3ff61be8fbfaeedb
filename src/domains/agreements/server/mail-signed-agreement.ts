import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { render } from '@/server/mail/templates';
import { paths } from '@/shared/paths';
import { ukDateTime } from './agreement-audit-page';
import { announceDealEvent, loadOfferRecord } from '@/domains/offers/server';
import { offerAgreements } from './agreements.tables';
import { readStoredFile } from './seal-agreement';

export type MailSignedAgreementDeps = Pick<AppDeps, 'db' | 'storage' | 'mailer' | 'config'>;

/**
 * Emails the signed final agreement to both parties, the PDF attached (decision 016). Once:
 * the send is claimed by stamping `signed_mailed_at` first (the mailer records each message in
 * the outbox and never throws), so the sign route and the job racing send it once, and a crash
 * between the claim and the outbox loses the mail rather than doubling it: the PDF stays a
 * click away under 'View Contract'. Answers whether this call sent it.
 */
export async function mailSignedAgreement(
  deps: MailSignedAgreementDeps,
  offerId: number,
): Promise<boolean> {
  const [agreement] = await deps.db
    .select()
    .from(offerAgreements)
    .where(eq(offerAgreements.offerId, offerId));
  if (!agreement?.signedStorageKey || !agreement.signedSha256 || agreement.signedMailedAt) {
    return false;
  }
  const record = await loadOfferRecord(deps.db, offerId);
  if (!record) return false;
  // Read before claiming: a missing file leaves the mail for the job, not lost.
  const pdf = await readStoredFile(deps.storage, agreement.signedStorageKey);
  if (createHash('sha256').update(pdf).digest('hex') !== agreement.signedSha256) {
    throw new Error(`stored signed agreement of offer ${offerId} does not match its SHA-256`);
  }

  const [claimed] = await deps.db.transaction((tx) =>
    tx
      .update(offerAgreements)
      .set({ signedMailedAt: new Date() })
      .where(and(eq(offerAgreements.offerId, offerId), isNull(offerAgreements.signedMailedAt)))
      .returning({ offerId: offerAgreements.offerId }),
  );
  if (!claimed) return false;
  // The bell of both parties, once: behind the same claim as the mail.
  await announceDealEvent(deps, 'sealed', record);

  const { publicUrl } = deps.config;
  const title = record.listing.title;
  const recipients = [
    { email: record.producer.email, firstName: record.producer.firstName },
    ...(record.agent?.email
      ? [{ email: record.agent.email, firstName: record.agent.firstName ?? 'there' }]
      : []),
  ];
  const attachment = {
    filename: `option-agreement-${offerId}-signed.pdf`,
    contentType: 'application/pdf',
    content: pdf,
  };
  for (const recipient of recipients) {
    const content = render({
      publicUrl,
      subject: `Your signed option agreement for ${title}`,
      greetingName: recipient.firstName,
      paragraphs: [
        `Both parties have signed the option agreement for "${title}". The signed agreement is attached: it carries an audit trail of both signatures on its last page and PageToScreen's digital signature.`,
        'Keep it with your records. Anyone can check that a copy is genuine and unchanged by uploading it to PageToScreen.',
      ],
      rows: [
        ['Agreement', `PTS-${offerId}-v${agreement.termsVersion}`],
        ['Signed', ukDateTime(agreement.signedAt ?? new Date())],
        ['SHA-256', agreement.signedSha256],
      ],
      action: { label: 'Verify an agreement', url: `${publicUrl}${paths.verifyAgreement}` },
    });
    await deps.mailer.send({ ...content, to: recipient.email, attachments: [attachment] });
  }
  return true;
}
