import { sql, type SQL } from 'drizzle-orm';

/** Months are UK calendar months, like the free tier's view allowance (listing_views.month). */
const UK_TIME_ZONE = 'Europe/London';

const yearMonth = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
});

/** The `count` UK months ending with the one `now` falls in, oldest first, as 'YYYY-MM'. */
export function lastUkMonths(now: Date, count: number): string[] {
  const parts = yearMonth.formatToParts(now);
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  return Array.from({ length: count }, (_, index) => {
    const monthsBack = count - 1 - index;
    const total = year * 12 + (month - 1) - monthsBack;
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}

/** SQL: the UK month of a timestamp as 'YYYY-MM' (to group by). */
export const ukMonthOf = (timestamp: SQL): SQL<string> =>
  sql<string>`to_char(${timestamp} at time zone ${sql.raw(`'${UK_TIME_ZONE}'`)}, 'YYYY-MM')`;
