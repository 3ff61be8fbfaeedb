import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { addMonths } from '@/shared/dates';
import { formatPounds } from '@/shared/money';
import {
  exclusivityLabelOf,
  percentLabel,
  purchasePriceLabel,
  rightLabelOf,
  type TermValues,
} from '@/domains/offers/server';

/**
 * What the option agreement says (decision 016, issue 28): the agreed version of the term
 * sheet, as data, and the parties. Never a message of the negotiation.
 */
export interface AgreementContent {
  offerId: number;
  listingId: number;
  termsVersion: number;
  /** When the deal was agreed: the agreement's date (and the PDF's, so it is reproducible). */
  acceptedAt: Date;
  property: { title: string; author: string; medium: string };
  owner: { name: string; agency: string | null; email: string };
  producer: { name: string; company: string | null; email: string };
  /** The agreed version's terms; its fee is the amount captured. */
  terms: TermValues;
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

/** The schedule of terms: every term of the agreed version, one row each. */
export function scheduleOfTerms(content: AgreementContent): [string, string][] {
  const t = content.terms;
  return [
    ['Option fee', money(t.offerPricePence)],
    [
      'Option period',
      `${t.optionPeriod} months, ${ukDate(content.acceptedAt)} to ${ukDate(addMonths(content.acceptedAt, t.optionPeriod))}`,
    ],
    ['Purchase price', purchasePriceLabel(t, money) ?? 'To be agreed before exercise'],
    [
      'Extension',
      t.extensionMonths > 0
        ? `${t.extensionMonths} months${t.extensionFeePence !== null ? ` for ${money(t.extensionFeePence)}` : ''}`
        : 'None',
    ],
    ['Media', t.media.map(rightLabelOf).join(', ')],
    ['Territories', t.territories.join(', ')],
    ['Exclusivity', t.exclusivity ? exclusivityLabelOf(t.exclusivity) : 'Not exclusive'],
    ['Credit', t.credit ?? 'To be agreed in good faith'],
    ['Further rights requested', t.extraRightsRequest ?? 'None'],
  ];
}

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.12);
const RULE = rgb(0.75, 0.75, 0.78);

/** A page writer: wrapped text, headings, a table, page breaks; numbered pages at the end. */
class DocumentWriter {
  page: PDFPage;
  y: number;
  readonly width = PAGE[0] - MARGIN * 2;
  constructor(
    readonly pdf: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }
  ensure(height: number) {
    if (this.y - height < MARGIN + 24) {
      this.page = this.pdf.addPage(PAGE);
      this.y = PAGE[1] - MARGIN;
    }
  }
  text(
    text: string,
    options: {
      size?: number;
      bold?: boolean;
      gap?: number;
      indent?: number;
      center?: boolean;
    } = {},
  ) {
    const size = options.size ?? 10;
    const face = options.bold ? this.bold : this.font;
    const indent = options.indent ?? 0;
    for (const line of wrap(text, face, size, this.width - indent)) {
      this.ensure(size * 1.4);
      const x = options.center
        ? (PAGE[0] - face.widthOfTextAtSize(line, size)) / 2
        : MARGIN + indent;
      this.page.drawText(line, { x, y: this.y, size, font: face, color: INK });
      this.y -= size * 1.4;
    }
    this.y -= options.gap ?? 4;
  }
  /** A numbered clause: its heading, then its paragraphs, each numbered n.1, n.2... */
  clause(number: number, heading: string, paragraphs: string[]) {
    this.ensure(40);
    this.text(`${number}. ${heading.toUpperCase()}`, { bold: true, size: 10.5, gap: 3 });
    paragraphs.forEach((paragraph, index) => {
      const label = `${number}.${index + 1}`;
      this.ensure(14);
      this.page.drawText(label, { x: MARGIN, y: this.y, size: 10, font: this.font, color: INK });
      this.text(paragraph, { indent: 28, gap: 3 });
    });
    this.y -= 6;
  }
  table(rows: [string, string][]) {
    const labelWidth = 150;
    for (const [label, value] of rows) {
      const lines = wrap(value, this.font, 10, this.width - labelWidth - 12);
      const height = lines.length * 14 + 8;
      this.ensure(height);
      this.page.drawLine({
        start: { x: MARGIN, y: this.y + 11 },
        end: { x: MARGIN + this.width, y: this.y + 11 },
        thickness: 0.5,
        color: RULE,
      });
      this.page.drawText(toWinAnsi(label), {
        x: MARGIN + 4,
        y: this.y,
        size: 10,
        font: this.bold,
        color: INK,
      });
      lines.forEach((line, index) => {
        this.page.drawText(line, {
          x: MARGIN + labelWidth,
          y: this.y - index * 14,
          size: 10,
          font: this.font,
          color: INK,
        });
      });
      this.y -= height;
    }
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 11 },
      end: { x: MARGIN + this.width, y: this.y + 11 },
      thickness: 0.5,
      color: RULE,
    });
    this.y -= 8;
  }
  /** 'Agreement no. ... Page n of N' at the foot of every page. */
  numberPages(reference: string) {
    const pages = this.pdf.getPages();
    pages.forEach((page, index) => {
      const label = `${reference}  -  Page ${index + 1} of ${pages.length}`;
      const size = 8;
      page.drawText(label, {
        x: (PAGE[0] - this.font.widthOfTextAtSize(label, size)) / 2,
        y: MARGIN / 2,
        size,
        font: this.font,
        color: rgb(0.4, 0.4, 0.45),
      });
    });
  }
}

/** The two signature blocks, side by side: who signs for whom, name, signature, date. */
function signatureBlock(doc: DocumentWriter, content: AgreementContent) {
  doc.ensure(130);
  const columnWidth = (doc.width - 24) / 2;
  const blocks = [
    { role: 'Signed for the Owner', name: content.owner.name, org: content.owner.agency },
    { role: 'Signed by the Producer', name: content.producer.name, org: content.producer.company },
  ];
  const top = doc.y;
  blocks.forEach((block, index) => {
    const x = MARGIN + index * (columnWidth + 24);
    let y = top;
    const write = (text: string, face: PDFFont) => {
      doc.page.drawText(toWinAnsi(text), { x, y, size: 10, font: face, color: INK });
      y -= 16;
    };
    write(block.role, doc.bold);
    write(`Name: ${block.name}${block.org ? `, ${block.org}` : ''}`, doc.font);
    y -= 18;
    doc.page.drawLine({
      start: { x, y: y + 12 },
      end: { x: x + columnWidth, y: y + 12 },
      thickness: 0.6,
      color: INK,
    });
    write('Signature (electronic, see the audit trail)', doc.font);
    y -= 10;
    doc.page.drawLine({
      start: { x, y: y + 12 },
      end: { x: x + columnWidth, y: y + 12 },
      thickness: 0.6,
      color: INK,
    });
    write('Date', doc.font);
  });
  doc.y = top - 110;
}

/**
 * The option agreement, from the agreed version of the term sheet only: a title, both parties,
 * the property, numbered clauses with headings, a schedule of terms, a signature block and
 * numbered pages. Reproducible: the same content gives the same bytes (dates from the
 * acceptance, no generated ids), so a regeneration after a failed attempt stores the same
 * document with the same SHA-256.
 */
export async function renderAgreementPdf(content: AgreementContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`Option agreement - ${toWinAnsi(content.property.title)}`);
  pdf.setProducer('PageToScreen');
  pdf.setCreator('PageToScreen');
  pdf.setCreationDate(content.acceptedAt);
  pdf.setModificationDate(content.acceptedAt);
  const doc = new DocumentWriter(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );
  const { property, owner, producer, terms } = content;
  const reference = `Agreement no. PTS-${content.offerId}-v${content.termsVersion}`;
  doc.text('OPTION AGREEMENT', { size: 18, bold: true, center: true, gap: 2 });
  doc.text(`"${property.title}" by ${property.author}`, { size: 11, center: true, gap: 2 });
  doc.text(`${reference}, dated ${ukDate(content.acceptedAt)}`, { size: 9, center: true, gap: 14 });

  doc.text('BETWEEN', { bold: true, size: 10, gap: 3 });
  doc.text(
    `(1) ${owner.name}${owner.agency ? ` of ${owner.agency}` : ''} (${owner.email}), the agent acting for the rights holder of the Property (the "Owner"); and`,
    { indent: 14 },
  );
  doc.text(
    `(2) ${producer.name}${producer.company ? ` of ${producer.company}` : ''} (${producer.email}) (the "Producer").`,
    { indent: 14, gap: 10 },
  );

  doc.clause(1, 'The Property', [
    `"${property.title}" by ${property.author} (${property.medium}), PageToScreen listing no. ${content.listingId} (the "Property").`,
  ]);
  doc.clause(2, 'Grant of option', [
    `In return for the option fee of ${money(terms.offerPricePence)}, paid through PageToScreen, the Owner grants the Producer ${terms.exclusivity === 'exclusive' ? 'the sole and exclusive' : 'an'} option to acquire the rights in clause 3 in the Property for an option period of ${terms.optionPeriod} months from the date of this agreement.`,
    'The option fee is not refundable and is not credited against the purchase price unless the parties agree otherwise in writing.',
  ]);
  doc.clause(3, 'Rights, media and territories', [
    `The rights are the rights to produce and exploit adaptations of the Property in these media: ${terms.media.map(rightLabelOf).join(', ')}.`,
    `The rights are granted for these territories only: ${terms.territories.join(', ')}.`,
    `Exclusivity: ${terms.exclusivity ? exclusivityLabelOf(terms.exclusivity) : 'not exclusive'}. All rights not granted by this clause are reserved to the Owner.`,
  ]);
  doc.clause(4, 'Exercise and purchase price', [
    terms.purchasePricePence !== null
      ? `The Producer may exercise the option by written notice to the Owner within the option period and paying the purchase price of ${money(terms.purchasePricePence)}.`
      : terms.purchasePricePercentBp !== null
        ? `The Producer may exercise the option by written notice to the Owner within the option period. The purchase price is ${percentLabel(terms.purchasePricePercentBp)} of the final approved production budget${terms.purchasePriceFloorPence !== null ? `, and not less than ${money(terms.purchasePriceFloorPence)}` : ''}${terms.purchasePriceCapPence !== null ? `, and not more than ${money(terms.purchasePriceCapPence)}` : ''}, payable on the first day of principal photography.`
        : 'The purchase price on exercise of the option is to be agreed in good faith between the parties before exercise.',
  ]);
  doc.clause(5, 'Extension', [
    terms.extensionMonths > 0
      ? `The Producer may extend the option period once by ${terms.extensionMonths} months by written notice before it ends${terms.extensionFeePence !== null ? ` and paying an extension fee of ${money(terms.extensionFeePence)}` : ''}.`
      : 'The option period may not be extended except by written agreement of both parties.',
  ]);
  doc.clause(6, 'Credit', [
    terms.credit
      ? `The Producer shall accord the following credit on every adaptation produced: ${terms.credit}.`
      : 'The author of the Property shall receive a source-material credit on every adaptation produced, in a form agreed in good faith.',
  ]);
  doc.clause(7, 'Governing law', [
    'This agreement is governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction over any dispute arising from it.',
  ]);
  doc.clause(8, 'Entire agreement and signature', [
    'This agreement, with its schedule, records the whole of the terms the parties agreed on PageToScreen. Messages exchanged during the negotiation do not form part of it.',
    "Each party signs electronically on PageToScreen by typing their full name and confirming their consent; the name, time, network address and this document's SHA-256 are recorded in the audit trail appended to it.",
  ]);

  doc.ensure(60);
  doc.text('SCHEDULE OF TERMS', { bold: true, size: 10.5, gap: 8 });
  doc.table(scheduleOfTerms(content));

  doc.y -= 10;
  signatureBlock(doc, content);
  doc.text(
    'NOTICE: This agreement is generated from a template from the terms the parties agreed on PageToScreen. It is not legal advice. Each party should take independent legal advice before signing.',
    { size: 8.5, bold: true },
  );
  doc.numberPages(reference);
  return pdf.save({ useObjectStreams: false });
}
