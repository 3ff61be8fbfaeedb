import { createHash } from 'node:crypto';
import type { PDFDocument } from 'pdf-lib';
import type { AppDeps } from '@/server/deps';
import { addSignaturePlaceholder, signPdf } from './pdf-signature';
import { loadSigningCertificate } from './signing-certificate';

export interface SealedDocument {
  bytes: Buffer;
  sha256: string;
  /** The SHA-256 fingerprint of the certificate that signed it (record it: rotations). */
  certificateFingerprint: string;
  certificateName: string;
}

/**
 * Seals another room's document like the agreement (issue 34: the option's extension and
 * exercise notices): the platform's PAdES signature over the whole PDF, at a signing time the
 * caller records (to the second, so a retry makes the same bytes). Storing and recording it is
 * the caller's; /verify-agreement recognises it through a verifier the caller registers.
 */
export async function sealDocument(
  deps: Pick<AppDeps, 'config'>,
  pdf: PDFDocument,
  options: { signingTime: Date; reason: string },
): Promise<SealedDocument> {
  const certificate = loadSigningCertificate(deps.config);
  const signingTime = new Date(Math.floor(options.signingTime.getTime() / 1000) * 1000);
  pdf.setModificationDate(signingTime);
  addSignaturePlaceholder(pdf, {
    signingTime,
    signerName: certificate.commonName,
    location: 'PageToScreen, United Kingdom',
    contact: deps.config.publicUrl,
    reason: options.reason,
  });
  const bytes = await signPdf(
    Buffer.from(await pdf.save({ useObjectStreams: false })),
    certificate,
    signingTime,
  );
  return {
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    certificateFingerprint: certificate.fingerprint,
    certificateName: certificate.commonName,
  };
}
