import { MEMBERSHIP_TIME_ZONE } from '../membership.constants';

const monthFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: MEMBERSHIP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
});

function ukYearMonth(now: Date): { year: number; month: number } {
  const parts = monthFormat.formatToParts(now);
  const part = (type: 'year' | 'month') => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The UK calendar month of an instant, 'YYYY-MM' (the key of listing_views). */
export function membershipMonth(now: Date): string {
  const { year, month } = ukYearMonth(now);
  return `${year}-${pad(month)}`;
}

/** The first day of the next UK calendar month, 'YYYY-MM-DD': when the allowance resets. */
export function nextResetDate(now: Date): string {
  const { year, month } = ukYearMonth(now);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
}
