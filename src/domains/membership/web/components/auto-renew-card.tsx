import { useId } from 'react';
import { Crown } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { formatLongDate } from '@/web/lib/format';
import { formatPounds } from '@/shared/money';
import { PREMIUM_PRICE } from '../../membership.constants';
import { useMembershipStatus } from '../api/get-membership-status';
import { useSetAutoRenew } from '../api/set-auto-renew';

/**
 * The profile's membership card for premium members: when the paid year ends, and the
 * automatic renewal switch (off keeps premium until that date, then the plan is free).
 */
export function AutoRenewCard() {
  const toast = useToast();
  const labelId = useId();
  const status = useMembershipStatus();
  const setAutoRenew = useSetAutoRenew();
  if (status.data?.tier !== 'premium') return null;
  const { autoRenew, premiumExpiresAt } = status.data;
  const until = premiumExpiresAt ? formatLongDate(premiumExpiresAt) : null;

  const toggle = async () => {
    const next = !autoRenew;
    try {
      await setAutoRenew.mutateAsync({ autoRenew: next });
      toast({
        title: next ? 'Automatic renewal is on' : 'Automatic renewal is off',
        description: next
          ? 'Your membership will renew each year.'
          : `You keep Premium${until ? ` until ${until}` : ''}.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Update Failed',
        description: errorMessage(error, 'Could not update automatic renewal. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Crown aria-hidden="true" className="h-5 w-5 text-amber-600" />
          Premium Membership
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-ink-soft">
          {until ? `Premium until ${until}.` : 'Your premium membership does not expire.'}
        </p>
        {autoRenew === null ? null : (
          <div className="flex items-start justify-between gap-4">
            <div className="space-y-1">
              <p id={labelId} className="font-medium text-ink">
                Automatic renewal
              </p>
              <p className="text-sm text-ink-muted">
                {autoRenew
                  ? `Renews${until ? ` on ${until}` : ''} for ${formatPounds(PREMIUM_PRICE.grossPence)} a year, including VAT.`
                  : `Ends${until ? ` on ${until}` : ''}; your account then returns to the free plan.`}
              </p>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={autoRenew}
              aria-labelledby={labelId}
              disabled={setAutoRenew.isPending}
              onClick={() => void toggle()}
              className={cn(
                'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60',
                autoRenew ? 'bg-brand-700' : 'bg-slate-300',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
                  autoRenew ? 'translate-x-6' : 'translate-x-1',
                )}
              />
            </button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
