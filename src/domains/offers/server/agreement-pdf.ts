import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatPounds } from '@/shared/money';

/** What the option agreement says: the final term sheet and the parties (decision 016). */
export interface AgreementContent {
  offerId: number;
  termsVersion: number;
  /** When the agent accepted: the agreement's date (and the PDF's, so it is reproducible). */
  acceptedAt: Date;
  property: { title: string; author: string; medium: string };
  owner: { name: string; agency: string | null; email: string };
  producer: { name: string; company: string | null; email: string };
  optionFeePence: number;
  optionPeriod: number;
  purchasePricePence: number | null;
  extensionMonths: number;
  extensionFeePence: number | null;
  territory: string;
  media: string;
  extraRights: string | null;
  notes: string | null;
}

/** Helvetica speaks WinAnsi only: typographic marks become plain ones, the rest a '?'. */
export function toWinAnsi(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

/** Lines of at most `width` points in this font (a word longer than that keeps its line). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of toWinAnsi(text).split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const money = (pence: number) => formatPounds(pence, { exact: true });
const ukDate = (date: Date) =>
  date.toLocaleDateString('en-GB', { timeZone: 'Europe/London', dateStyle: 'long' });

/**
 * The one-page option agreement, from the final term sheet. Reproducible: the same content
 * gives the same bytes (dates from the acceptance, no generated ids), so a regeneration after
 * a failed attempt stores the same document with the same SHA-256.
 */
export async function renderAgreementPdf(content: AgreementContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`Option agreement - ${toWinAnsi(content.property.title)}`);
  pdf.setProducer('PageToScreen');
  pdf.setCreator('PageToScreen');
  pdf.setCreationDate(content.acceptedAt);
  pdf.setModificationDate(content.acceptedAt);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 50;
  let page: PDFPage = pdf.addPage([595.28, 841.89]);
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;

  const write = (text: string, options: { size?: number; bold?: boolean; gap?: number } = {}) => {
    const size = options.size ?? 9.5;
    const face = options.bold ? bold : font;
    for (const line of wrap(text, face, size, width)) {
      if (y < margin + size) {
        page = pdf.addPage([595.28, 841.89]);
        y = page.getHeight() - margin;
      }
      page.drawText(line, { x: margin, y, size, font: face, color: rgb(0.1, 0.1, 0.12) });
      y -= size * 1.35;
    }
    y -= options.gap ?? 3;
  };

  const { property, owner, producer } = content;
  write('OPTION AGREEMENT', { size: 16, bold: true, gap: 2 });
  write(
    `Agreement no. PTS-${content.offerId}-v${content.termsVersion}, dated ${ukDate(content.acceptedAt)}, made on PageToScreen.`,
    { gap: 8 },
  );
  write('1. Parties', { bold: true, size: 11 });
  write(
    `The Owner: ${owner.name}${owner.agency ? ` of ${owner.agency}` : ''} (${owner.email}), the agent acting for the rights holder of the Property.`,
  );
  write(
    `The Producer: ${producer.name}${producer.company ? ` of ${producer.company}` : ''} (${producer.email}).`,
    { gap: 6 },
  );
  write('2. The Property', { bold: true, size: 11 });
  write(`"${property.title}" by ${property.author} (${property.medium}).`, { gap: 6 });
  write('3. Grant of option', { bold: true, size: 11 });
  write(
    `In return for the option fee of ${money(content.optionFeePence)}, paid through PageToScreen, the Owner grants the Producer the sole and exclusive option to acquire the rights below for an option period of ${content.optionPeriod} months from the date of this agreement.`,
    { gap: 6 },
  );
  write('4. Rights, territory and media', { bold: true, size: 11 });
  write(
    `Territory: ${content.territory}. Media: ${content.media}.${content.extraRights ? ` Further rights agreed: ${content.extraRights}.` : ''}`,
    { gap: 6 },
  );
  write('5. Exercise and purchase price', { bold: true, size: 11 });
  write(
    content.purchasePricePence === null
      ? 'The purchase price on exercise of the option is to be agreed in good faith between the parties before exercise.'
      : `The Producer may exercise the option by written notice within the option period and paying the purchase price of ${money(content.purchasePricePence)}, against which the option fee is not credited unless the parties agree otherwise in writing.`,
    { gap: 6 },
  );
  write('6. Extension', { bold: true, size: 11 });
  write(
    content.extensionMonths > 0
      ? `The Producer may extend the option period once by ${content.extensionMonths} months by written notice before it ends${content.extensionFeePence !== null ? ` and paying an extension fee of ${money(content.extensionFeePence)}` : ''}.`
      : 'The option period may not be extended except by written agreement of both parties.',
    { gap: 6 },
  );
  if (content.notes) {
    write('7. Further terms', { bold: true, size: 11 });
    write(content.notes, { gap: 6 });
  }
  write('Governing law', { bold: true, size: 11 });
  write(
    'This agreement is governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction over any dispute arising from it.',
    { gap: 8 },
  );
  write('Signatures', { bold: true, size: 11 });
  write(
    "Each party signs electronically on PageToScreen by typing their full name and confirming their consent; the name, time, network address and this document's SHA-256 are recorded in the platform's audit trail.",
    { gap: 10 },
  );
  write(
    'NOTICE: This agreement is generated from a template from the terms the parties agreed on PageToScreen. It is not legal advice. Each party should take independent legal advice before signing.',
    { size: 8.5, bold: true },
  );
  return pdf.save({ useObjectStreams: false });
}
