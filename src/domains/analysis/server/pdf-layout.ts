import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

/** Standard PDF fonts speak WinAnsi: typographic characters become their plain equivalents. */
export function plain(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/×/g, 'x')
    .replace(/÷/g, '/')
    .replace(/…/g, '...')
    .replace(/±/g, '+/-')
    .replace(/[^\x20-\x7e£]/g, '');
}

export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.4, 0.42, 0.46);
export const BRAND = rgb(0.05, 0.45, 0.45);
export const GOOD = rgb(0.13, 0.55, 0.3);
export const BAD = rgb(0.75, 0.2, 0.2);
const LINE = rgb(0.85, 0.86, 0.88);

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = A4[0] - 2 * MARGIN;

export interface Column {
  header: string;
  /** Share of the table's width. */
  width: number;
  align?: 'left' | 'right';
}

/**
 * A4 pages written top to bottom: wrapped text, headings and tables that carry over to a new
 * page (with the table's header again) when the page is full. Every page gets a footer.
 */
export class PdfLayout {
  page!: PDFPage;
  y = 0;
  /** Every line written, in order: what a reader of the PDF sees (the tests read it). */
  readonly lines: string[] = [];
  private constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly footer: string,
  ) {}

  static async create(footer: string) {
    const pdf = await PDFDocument.create();
    const layout = new PdfLayout(
      pdf,
      await pdf.embedFont(StandardFonts.Helvetica),
      await pdf.embedFont(StandardFonts.HelveticaBold),
      footer,
    );
    layout.newPage();
    return layout;
  }

  newPage() {
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
    const number = this.pdf.getPageCount();
    this.draw(plain(`${this.footer} - page ${number}`), {
      x: MARGIN,
      y: 24,
      size: 7.5,
      font: this.regular,
      color: MUTED,
    });
  }

  draw(text: string, options: Parameters<PDFPage['drawText']>[1]) {
    this.lines.push(text);
    this.page.drawText(text, options);
  }

  ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  wrap(text: string, size: number, width: number, font = this.regular): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of plain(text).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  }

  text(
    text: string,
    options: { size?: number; font?: PDFFont; color?: RGB; indent?: number; gap?: number } = {},
  ) {
    const size = options.size ?? 9.5;
    const font = options.font ?? this.regular;
    const indent = options.indent ?? 0;
    for (const line of this.wrap(text, size, WIDTH - indent, font)) {
      this.ensure(size + 3);
      this.draw(line, {
        x: MARGIN + indent,
        y: this.y - size,
        size,
        font,
        color: options.color ?? INK,
      });
      this.y -= size + 3.5;
    }
    this.y -= options.gap ?? 2;
  }

  heading(text: string) {
    this.ensure(60);
    this.y -= 8;
    this.text(text, { size: 14, font: this.bold, color: BRAND, gap: 6 });
  }

  table(columns: readonly Column[], rows: readonly string[][], size = 8.5) {
    const widths = columns.map((column) => column.width * WIDTH);
    const drawRow = (cells: readonly string[], font: PDFFont) => {
      const wrapped = cells.map((cell, index) => this.wrap(cell, size, widths[index] - 6, font));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * (size + 2.5) + 5;
      this.ensure(height);
      let x = MARGIN;
      wrapped.forEach((lines, index) => {
        lines.forEach((line, k) => {
          const lineWidth = font.widthOfTextAtSize(line, size);
          const left = columns[index].align === 'right' ? x + widths[index] - 6 - lineWidth : x;
          this.draw(line, {
            x: left,
            y: this.y - size - k * (size + 2.5),
            size,
            font,
            color: INK,
          });
        });
        x += widths[index];
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y + 2 },
        end: { x: MARGIN + WIDTH, y: this.y + 2 },
        thickness: 0.5,
        color: LINE,
      });
    };
    const header = columns.map((column) => column.header);
    this.ensure(40);
    drawRow(header, this.bold);
    for (const row of rows) drawRow(row, this.regular);
    this.y -= 6;
  }

  /** Horizontal bars from a zero line: one per row, positive right in green, negative left in red. */
  bars(rows: ReadonlyArray<{ label: string; value: number }>, unit: string) {
    const labelWidth = WIDTH * 0.42;
    const chartWidth = WIDTH - labelWidth - 50;
    const largest = Math.max(1, ...rows.map((row) => Math.abs(row.value)));
    const zero = MARGIN + labelWidth + chartWidth / 2;
    const rowHeight = 15;
    this.ensure(rows.length * rowHeight + 10);
    for (const row of rows) {
      const length = (Math.abs(row.value) / largest) * (chartWidth / 2);
      this.draw(plain(row.label), {
        x: MARGIN,
        y: this.y - 10,
        size: 8.5,
        font: this.regular,
        color: INK,
      });
      this.page.drawRectangle({
        x: row.value >= 0 ? zero : zero - length,
        y: this.y - 11,
        width: Math.max(length, 0.8),
        height: 9,
        color: row.value >= 0 ? GOOD : BAD,
      });
      const label = plain(`${row.value >= 0 ? '+' : '-'}${Math.abs(row.value).toFixed(1)} ${unit}`);
      this.draw(label, {
        x: row.value >= 0 ? zero + length + 4 : zero + 4,
        y: this.y - 10,
        size: 8,
        font: this.bold,
        color: INK,
      });
      this.y -= rowHeight;
    }
    this.page.drawLine({
      start: { x: zero, y: this.y + rows.length * rowHeight + 2 },
      end: { x: zero, y: this.y + 2 },
      thickness: 0.7,
      color: MUTED,
    });
    this.y -= 8;
  }
}
