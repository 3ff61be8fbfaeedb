import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AppDeps } from '@/server/deps';
import {
  CHAIN_NOTES_MAX,
  CHAIN_TITLE_MAX,
  type ChainDocumentType,
} from '../chain-of-title.constants';
import type { ChainDocument } from '../chain-of-title.schema';
import { fileChainDocument } from './file-chain-document';

/** A record the platform itself makes (no one uploads a PDF): an option lapsing, say. */
export interface ChainNotice {
  listingId: number;
  /** Who files it and which of their records it is, e.g. `rights-lapse:12`: filed once. */
  sourceKey: string;
  documentType: ChainDocumentType;
  title: string;
  parties: string[];
  /** YYYY-MM-DD. */
  effectiveDate: string;
  /** The notice's text, one paragraph per entry. */
  paragraphs: string[];
}

// The standard fonts speak WinAnsi: anything else would make pdf-lib throw.
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** The notice as a one-page PDF: a record of what happened, kept like any uploaded document. */
async function renderNotice(notice: ChainNotice): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(notice.title));
  pdf.setProducer('PageToScreen');
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const line = (text: string, size: number, weight = font) => {
    for (const row of wrap(printable(text), weight, size)) {
      page.drawText(row, { x: 56, y, size, font: weight });
      y -= size * 1.5;
    }
  };
  const wrap = (text: string, face: typeof font, size: number) => {
    const rows: string[] = [];
    let row = '';
    for (const word of text.split(/\s+/)) {
      const next = row ? `${row} ${word}` : word;
      if (face.widthOfTextAtSize(next, size) > 483 && row) {
        rows.push(row);
        row = word;
      } else row = next;
    }
    if (row) rows.push(row);
    return rows;
  };
  line(notice.title, 16, bold);
  y -= 8;
  line(`Effective: ${notice.effectiveDate}`, 11);
  line(`Parties: ${notice.parties.join('; ')}`, 11);
  y -= 8;
  for (const paragraph of notice.paragraphs) {
    line(paragraph, 11);
    y -= 6;
  }
  line('Recorded automatically by PageToScreen.', 9);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/**
 * The platform files a record of its own in a listing's chain of title (issue 29: an option
 * that lapsed and reverted). A chain of title is made of documents, so the record is a
 * one-page PDF notice filed through `fileChainDocument`, with the same checks and the same
 * once-per-source guarantee.
 */
export async function fileChainNotice(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  notice: ChainNotice,
): Promise<ChainDocument> {
  const pdf = await renderNotice(notice);
  return fileChainDocument(deps, {
    listingId: notice.listingId,
    sourceKey: notice.sourceKey,
    fields: {
      documentType: notice.documentType,
      title: notice.title.slice(0, CHAIN_TITLE_MAX),
      parties: notice.parties.join('\n'),
      effectiveDate: notice.effectiveDate,
      notes: notice.paragraphs.join('\n\n').slice(0, CHAIN_NOTES_MAX),
    },
    originalName: `${notice.sourceKey.replace(/[^A-Za-z0-9._-]/g, '-')}.pdf`,
    pdf,
  });
}
