const poundFormatter = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

/** "25000.00" or 25000 → "£25,000". The API returns pounds as numeric strings. */
export function formatPounds(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) ? poundFormatter.format(amount) : 'N/A';
}

/** 12,500,000 → "£12.5M" (one decimal, as the home stats show). */
export function formatPoundsMillions(value: number): string {
  return `£${(value / 1_000_000).toFixed(1)}M`;
}

export function formatLongDate(value: string | Date | null | undefined): string {
  if (!value) return 'Unknown';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export function formatShortDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
