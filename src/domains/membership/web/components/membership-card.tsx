import { Link } from 'react-router';
import { Crown, Eye } from 'lucide-react';
import { buttonClasses } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { paths } from '@/shared/paths';
import { NEAR_LIMIT_REMAINING } from '../../membership.constants';
import type { MembershipStatus } from '../../membership.schema';
import { useMembershipStatus } from '../api/get-membership-status';

const dayMonthFormatter = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** '2026-12-01' → '1 December' (the spec: the reset date as day and month). */
export function formatResetDayMonth(resetDate: string): string {
  const date = new Date(`${resetDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? resetDate : dayMonthFormatter.format(date);
}

export type UsageWarning = 'limit-reached' | 'nearly-at-limit' | null;

/** The spec: 'View limit reached!' at 0 views remaining, 'Nearly at your limit!' at 1. */
export function usageWarning(remaining: number | null): UsageWarning {
  if (remaining === null) return null;
  if (remaining <= 0) return 'limit-reached';
  if (remaining <= NEAR_LIMIT_REMAINING) return 'nearly-at-limit';
  return null;
}

function FreeUsage({ status }: { status: MembershipStatus }) {
  const allowance =
    typeof status.features.monthlyListingViews === 'number'
      ? status.features.monthlyListingViews
      : status.usage.listingViews + (status.usage.remaining ?? 0);
  const used = Math.min(status.usage.listingViews, allowance);
  const warning = usageWarning(status.usage.remaining);
  const percent = allowance > 0 ? Math.round((used / allowance) * 100) : 100;
  return (
    <div className="space-y-3">
      <p className="text-sm text-ink-soft">
        <span className="font-semibold text-ink">
          {used} of {allowance}
        </span>{' '}
        listing views used this month
      </p>
      <div
        role="progressbar"
        aria-label="Listing views used this month"
        aria-valuemin={0}
        aria-valuemax={allowance}
        aria-valuenow={used}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full rounded-full',
            warning === 'limit-reached'
              ? 'bg-red-600'
              : warning === 'nearly-at-limit'
                ? 'bg-amber-500'
                : 'bg-brand-700',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-ink-muted">
        Resets on {formatResetDayMonth(status.usage.resetDate)}
      </p>
      {warning === 'limit-reached' ? (
        <p className="text-sm font-semibold text-red-700">View limit reached!</p>
      ) : warning === 'nearly-at-limit' ? (
        <p className="text-sm font-semibold text-amber-700">Nearly at your limit!</p>
      ) : null}
      <Link to={paths.upgrade} className={cn(buttonClasses('primary', 'md'), 'w-full sm:w-auto')}>
        <Crown aria-hidden="true" className="h-4 w-4" />
        Upgrade to Premium
      </Link>
    </div>
  );
}

/** The producer dashboard's membership card: tier, this month's listing views, reset date. */
export function MembershipCard() {
  const status = useMembershipStatus();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Eye aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Membership
        </CardTitle>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <div className="space-y-2" role="status" aria-label="Loading membership">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-2 w-full" />
          </div>
        ) : status.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Your membership details could not be loaded.
          </p>
        ) : status.data.tier === 'premium' ? (
          <p className="flex items-center gap-2 text-sm font-medium text-ink">
            <Crown aria-hidden="true" className="h-4 w-4 text-amber-500" />
            Premium member — unlimited views
          </p>
        ) : (
          <FreeUsage status={status.data} />
        )}
      </CardContent>
    </Card>
  );
}
