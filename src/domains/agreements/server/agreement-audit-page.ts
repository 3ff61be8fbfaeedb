import { StandardFonts, rgb, type PDFDocument } from 'pdf-lib';
import { wrap } from './agreement-pdf';

/** One party's click-to-sign record, as offer_agreements holds it. */
export interface AuditSignature {
  role: 'Producer' | 'Owner';
  typedName: string;
  signedAt: Date;
  ip: string;
}

/** What the audit-trail page says (decision 016). */
export interface AuditTrail {
  offerId: number;
  termsVersion: number;
  /** The SHA-256 of the agreement as issued, the document both parties signed. */
  issuedSha256: string;
  issuedAt: Date;
  signatures: AuditSignature[];
  /** Who digitally signs the final PDF (the certificate's common name). */
  certificateName: string;
  verifyUrl: string;
}

/** The consent every signature gave: the sign route takes nothing less (SignAgreementBody). */
export const CONSENT_TEXT = 'I agree to sign this agreement electronically.';

/** A date and time in the UK's zone, named (GMT or BST), to the second. */
export const ukDateTime = (date: Date): string =>
  date.toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });

/**
 * Appends the audit trail as the agreement's last page: each party's typed full name, their
 * explicit consent, the time (UK) and network address of their signature, and the SHA-256 of
 * the document they signed. Drawn with the agreement's own fonts and sizes.
 */
export async function appendAuditTrailPage(pdf: PDFDocument, trail: AuditTrail): Promise<void> {
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const page = pdf.addPage([595.28, 841.89]);
  const margin = 50;
  let y = page.getHeight() - margin;
  const ink = rgb(0.1, 0.1, 0.12);
  const line = (
    text: string,
    options: { size?: number; face?: typeof font; gap?: number; indent?: number } = {},
  ) => {
    const size = options.size ?? 9.5;
    const face = options.face ?? font;
    const indent = options.indent ?? 0;
    // Typed names (up to 120 characters) and a configured certificate's name may be long.
    for (const part of wrap(text, face, size, page.getWidth() - margin * 2 - indent)) {
      page.drawText(part, { x: margin + indent, y, size, font: face, color: ink });
      y -= size * 1.35;
    }
    y -= options.gap ?? 0;
  };

  line('AUDIT TRAIL', { size: 16, face: bold, gap: 2 });
  line(
    `Agreement no. PTS-${trail.offerId}-v${trail.termsVersion}, issued ${ukDateTime(trail.issuedAt)}.`,
    { gap: 6 },
  );
  line('Document signed by both parties (SHA-256 of the agreement as issued):', { face: bold });
  line(trail.issuedSha256, { face: mono, size: 8.5, gap: 10 });

  for (const signature of trail.signatures) {
    line(signature.role, { size: 11, face: bold, gap: 1 });
    line(`Typed full name: ${signature.typedName}`, { indent: 10 });
    line(`Explicit consent: yes - confirmed "${CONSENT_TEXT}"`, { indent: 10 });
    line(`Signed at (UK time): ${ukDateTime(signature.signedAt)}`, { indent: 10 });
    line(`Network address (IP): ${signature.ip}`, { indent: 10 });
    line(`Document SHA-256: ${trail.issuedSha256}`, { indent: 10, size: 8, face: mono, gap: 8 });
  }

  line('Digital signature', { size: 11, face: bold, gap: 1 });
  line(
    `This PDF carries a digital signature (PAdES, PKCS#7, SHA-256) by ${trail.certificateName}, made when both parties had signed. Any change to the file after signing invalidates it.`,
  );
  line(`Anyone can check this file at ${trail.verifyUrl}.`);
}
