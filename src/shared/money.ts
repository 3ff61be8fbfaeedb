/**
 * Money, once. Amounts are stored and passed around as integer pence (GBP); the API speaks
 * pounds as numeric strings ("25000" in, "25000.00" out). Nothing here uses floats for
 * arithmetic: pounds strings are parsed digit by digit.
 */

/** Integer pence → pounds as a numeric string with two decimals ("25000.00"). */
export function penceToPounds(pence: number): string;
export function penceToPounds(pence: number | null | undefined): string | null;
export function penceToPounds(pence: number | null | undefined): string | null {
  if (pence === null || pence === undefined) return null;
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(pence));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Pounds as the API writes them ("25000", "25000.5", "25000.00") → integer pence, exact; null
 * when the text is not an amount of pounds (or is over £9,999,999,999.99).
 */
export function poundsToPence(pounds: string | null | undefined): number | null {
  if (pounds === null || pounds === undefined) return null;
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(pounds.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const wholePounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});
const exactPounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export interface FormatPoundsOptions {
  /** Show pence ("£216.00"): receipts, VAT lines, card holds. Default whole pounds. */
  exact?: boolean;
}

/** Integer pence → "£25,000" (or "£25,000.00" exact); 'N/A' when there is no amount. */
export function formatPounds(
  pence: number | null | undefined,
  options: FormatPoundsOptions = {},
): string {
  if (pence === null || pence === undefined || !Number.isFinite(pence)) return 'N/A';
  return (options.exact ? exactPounds : wholePounds).format(pence / 100);
}

/** Integer pence → "£12.5M" (one decimal, as the home stats show). */
export function formatPoundsMillions(pence: number): string {
  return `£${(pence / 100 / 1_000_000).toFixed(1)}M`;
}
