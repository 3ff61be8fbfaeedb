import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { formatPounds } from '@/shared/money';

/** What an extension or exercise notice states (issue 34). */
export interface NoticeContent {
  title: string;
  reference: string;
  listingTitle: string;
  producerName: string;
  agentName: string;
  /** Label and value lines: dates, amounts, the payment. */
  facts: [string, string][];
  statement: string;
  issuedAt: Date;
  verifyUrl: string;
}

/** Helvetica speaks WinAnsi only: anything else becomes a plain mark. */
const plain = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

export const noticeMoney = (pence: number) => formatPounds(pence, { exact: true });

/**
 * The notice as a one-page PDF, dated by its issue (so the same notice makes the same bytes
 * on a retry); the platform's signature is added by the agreements room's sealDocument.
 */
export async function buildNoticePdf(content: NoticeContent): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(plain(`${content.title} ${content.reference}`));
  pdf.setProducer('PageToScreen');
  pdf.setCreator('PageToScreen');
  pdf.setCreationDate(content.issuedAt);
  pdf.setModificationDate(content.issuedAt);
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.07, 0.09, 0.15);
  let y = 780;
  const line = (text: string, size = 11, face = font) => {
    for (const part of wrapText(plain(text), face, size, 480)) {
      page.drawText(part, { x: 56, y, size, font: face, color: ink });
      y -= size + 6;
    }
  };
  line(content.title.toUpperCase(), 18, bold);
  line(`Reference ${content.reference}`, 10);
  y -= 10;
  line(`Property: ${content.listingTitle}`, 12, bold);
  line(`Producer (option holder): ${content.producerName}`);
  line(`Owner, represented by: ${content.agentName}`);
  y -= 8;
  for (const [label, value] of content.facts) line(`${label}: ${value}`);
  y -= 8;
  line(content.statement);
  y -= 8;
  line(
    `Issued and sealed by PageToScreen. Check this file at ${content.verifyUrl}: any change to any byte makes it fail.`,
    9,
  );
  return pdf;
}

function wrapText(
  text: string,
  face: { widthOfTextAtSize(text: string, size: number): number },
  size: number,
  width: number,
): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (face.widthOfTextAtSize(candidate, size) <= width || !current) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}
