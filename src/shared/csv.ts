/**
 * Writing CSV for people to open in a spreadsheet (RFC 4180, CRLF line ends).
 *
 * A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is read by Excel,
 * LibreOffice and Google Sheets as a formula, so text from users (a search query, a title)
 * could run one on the admin's machine (CSV injection, OWASP). Such a cell gets a single
 * quote in front, which the spreadsheet shows as text. Numbers are written as they are, so
 * a negative figure stays a number.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula starts neutralised, quoted when it holds a comma, quote or line break. */
export function escapeCsvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and data rows as CSV text, ending with a line break. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n';
}
