import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { AppDeps } from '@/server/deps';
import type { Storage } from '@/server/storage/storage';
import { paths } from '@/shared/paths';
import { appendAuditTrailPage, type AuditSignature } from './agreement-audit-page';
import { addSignaturePlaceholder, signPdf } from './pdf-signature';
import { loadSigningCertificate } from './signing-certificate';
import { offerAgreements, type OfferAgreementRow } from './agreements.tables';

/** What sealing needs: the database, the stored files, the certificate (config) and a log. */
export type SealDeps = Pick<AppDeps, 'db' | 'storage' | 'config' | 'log'>;

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A stored file's bytes, or an error naming it (a missing file is for the job to retry). */
export async function readStoredFile(storage: Storage, key: string): Promise<Buffer> {
  const stream = await storage.get(key);
  if (!stream) throw new Error(`stored file ${key} is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Both click-to-sign records, producer first, or null while a party has not signed. */
function signaturesOf(agreement: OfferAgreementRow): AuditSignature[] | null {
  const {
    producerSignedName,
    producerSignedAt,
    producerSignedIp,
    agentSignedName,
    agentSignedAt,
    agentSignedIp,
  } = agreement;
  if (!producerSignedName || !producerSignedAt || !agentSignedName || !agentSignedAt) return null;
  return [
    {
      role: 'Producer',
      typedName: producerSignedName,
      signedAt: producerSignedAt,
      ip: producerSignedIp ?? 'unknown',
    },
    {
      role: 'Owner',
      typedName: agentSignedName,
      signedAt: agentSignedAt,
      ip: agentSignedIp ?? 'unknown',
    },
  ];
}

/**
 * Seals an agreement both parties have signed (decision 016): the issued PDF, checked against
 * its recorded SHA-256, with the audit trail appended as its last page, digitally signed with
 * the platform's certificate (PAdES, @signpdf), stored through the Storage port and recorded
 * with its own SHA-256. Outside any money transaction; a failure leaves nothing recorded and
 * the offers:agreements job runs it again.
 *
 * Written once: the row is only updated while it has no signed hash, so two runs (the sign
 * route and the job at the same moment) never record two different final documents; the
 * loser's file is removed. The signing time is when the second party signed, not when this
 * runs, so a retry makes the very same bytes (RSA PKCS#1 v1.5 signatures are deterministic).
 */
export async function sealAgreement(
  deps: SealDeps,
  offerId: number,
): Promise<OfferAgreementRow | null> {
  const [agreement] = await deps.db
    .select()
    .from(offerAgreements)
    .where(eq(offerAgreements.offerId, offerId));
  if (!agreement) return null;
  if (agreement.signedSha256) return agreement;
  const signatures = signaturesOf(agreement);
  if (!signatures) return null;

  const issued = await readStoredFile(deps.storage, agreement.storageKey);
  if (sha256Of(issued) !== agreement.sha256) {
    // Never seal a document other than the one both parties signed.
    throw new Error(`stored agreement of offer ${offerId} does not match its SHA-256`);
  }
  const certificate = loadSigningCertificate(deps.config);
  // To the whole second: what the signature's signingTime (UTCTime) can say, and so what we
  // record, so the two always agree.
  const lastSignature = Math.max(...signatures.map((signature) => signature.signedAt.getTime()));
  const signingTime = new Date(Math.floor(lastSignature / 1000) * 1000);

  const pdf = await PDFDocument.load(issued, { updateMetadata: false });
  pdf.setModificationDate(signingTime);
  await appendAuditTrailPage(pdf, {
    offerId,
    termsVersion: agreement.termsVersion,
    issuedSha256: agreement.sha256,
    issuedAt: agreement.createdAt,
    signatures,
    certificateName: certificate.commonName,
    verifyUrl: `${deps.config.publicUrl}${paths.verifyAgreement}`,
  });
  addSignaturePlaceholder(pdf, {
    signingTime,
    signerName: certificate.commonName,
    location: 'PageToScreen, United Kingdom',
    contact: deps.config.publicUrl,
  });
  const signed = await signPdf(
    Buffer.from(await pdf.save({ useObjectStreams: false })),
    certificate,
    signingTime,
  );
  const signedSha256 = sha256Of(signed);
  const signedStorageKey = `agreements/offer-${offerId}-signed-${signedSha256.slice(0, 16)}.pdf`;
  await deps.storage.put(signedStorageKey, Readable.from([signed]), 'application/pdf');

  const [recorded] = await deps.db.transaction((tx) =>
    tx
      .update(offerAgreements)
      .set({
        signedStorageKey,
        signedSha256,
        signedSizeBytes: signed.length,
        signedAt: signingTime,
        signerCertSha256: certificate.fingerprint,
      })
      .where(and(eq(offerAgreements.offerId, offerId), isNull(offerAgreements.signedSha256)))
      .returning(),
  );
  if (recorded) return recorded;

  // Another run recorded its final document first: that one stands.
  const [current] = await deps.db
    .select()
    .from(offerAgreements)
    .where(eq(offerAgreements.offerId, offerId));
  if (current?.signedStorageKey !== signedStorageKey) {
    await deps.storage.delete(signedStorageKey).catch((error: unknown) => {
      deps.log.warn({ err: error, signedStorageKey }, 'unrecorded signed agreement not removed');
    });
  }
  return current ?? null;
}
