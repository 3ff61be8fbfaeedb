import { Link } from 'react-router';
import { CalendarClock } from 'lucide-react';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { paths } from '@/shared/paths';

const resetDateFormatter = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** '2026-12-01T00:00:00.000Z' → '1 December 2026' in UK time; null when unreadable. */
export function formatResetDate(resetDate: string | null | undefined): string | null {
  if (!resetDate) return null;
  const date = new Date(resetDate);
  return Number.isNaN(date.getTime()) ? null : resetDateFormatter.format(date);
}

/** The free tier's monthly listing view limit has been used up (403 from a listing). */
export function ViewLimitReached({ resetDate }: { resetDate?: string | null }) {
  const formatted = formatResetDate(resetDate);
  return (
    <Card className="mx-auto max-w-xl p-8 text-center">
      <CalendarClock aria-hidden="true" className="mx-auto h-12 w-12 text-amber-600" />
      <h1 className="mt-4 text-2xl font-bold text-ink">Monthly Viewing Limit Reached</h1>
      <p className="mt-3 text-ink-soft">
        You have viewed all the listings your free membership includes this month.
      </p>
      <p className="mt-2 text-ink-soft">
        {formatted
          ? `Your viewing limit resets on ${formatted}.`
          : 'Your viewing limit resets at the beginning of each month.'}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.upgrade} className={buttonClasses('primary', 'md')}>
          Upgrade to Premium
        </Link>
        <Link to={paths.listings} className={buttonClasses('outline', 'md')}>
          Back to Listings
        </Link>
      </div>
    </Card>
  );
}
