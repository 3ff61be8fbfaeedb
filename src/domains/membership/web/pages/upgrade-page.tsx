import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Crown, PartyPopper, ShieldCheck } from 'lucide-react';
import { currentUserQueryKey, useCurrentUser } from '@/domains/accounts/web';
import { COMPANY } from '@/domains/legal/legal.constants';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { useToast } from '@/web/components/ui/toast';
import { ApiError, hasErrorCode } from '@/web/lib/api-client';
import { formatLongDate } from '@/web/lib/format';
import { membershipTierOf } from '../lib/membership-tier-of';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import { REFUND_WINDOW_DAYS } from '../../membership.constants';
import type { UpgradeResponse } from '../../membership.schema';
import { membershipKeys, useMembershipStatus } from '../api/get-membership-status';
import { useStartUpgrade } from '../api/start-upgrade';
import { PlanComparison } from '../components/plan-comparison';
import { PremiumPrice } from '../components/premium-price';
import { showsPremiumWelcome } from '../lib/premium-welcome';

const isHostedCheckout = (url: string) => /^https?:\/\//i.test(url);

/** The spec's upgrade failure: the server's message, else its two fallbacks. */
function upgradeFailure(error: unknown): string {
  if (error instanceof ApiError) return error.body.message ?? 'Failed to create subscription';
  return 'Failed to start upgrade process. Please try again.';
}

function WelcomeToPremium() {
  return (
    <Card className="border-green-200 bg-green-50">
      <CardContent className="flex flex-col items-center gap-3 p-6 text-center">
        <PartyPopper aria-hidden="true" className="h-10 w-10 text-green-700" />
        <h2 className="text-2xl font-bold text-green-900">Welcome to Premium!</h2>
        <p className="text-green-900">
          Your premium membership is active: unlimited listing views, AI recommendations and every
          premium feature are yours.
        </p>
        <Link to={paths.home} className={buttonClasses('primary')}>
          Go to Home
        </Link>
      </CardContent>
    </Card>
  );
}

function UpgradeAction() {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const upgrade = useStartUpgrade();
  const [isLeaving, setIsLeaving] = useState(false);

  const onUpgrade = async () => {
    let answer: UpgradeResponse;
    try {
      answer = await upgrade.mutateAsync();
    } catch (error) {
      toast({
        title: 'Upgrade Failed',
        description: upgradeFailure(error),
        variant: 'destructive',
      });
      if (hasErrorCode(error, 'CONFLICT')) {
        await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      }
      return;
    }
    const isHosted = isHostedCheckout(answer.checkoutUrl);
    // The local checkout needs the client secret; Stripe's hosted page takes the card itself.
    if (!answer.checkoutUrl || (!answer.clientSecret && !isHosted)) {
      toast({
        title: 'Upgrade Error',
        description: 'Payment setup failed. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: membershipKeys.all });
    if (isHosted) {
      setIsLeaving(true);
      window.location.assign(answer.checkoutUrl);
    } else {
      navigate(answer.checkoutUrl);
    }
  };

  const isBusy = upgrade.isPending || isLeaving;
  return (
    <Button size="lg" className="w-full" onClick={() => void onUpgrade()} disabled={isBusy}>
      <Crown aria-hidden="true" className="h-5 w-5" />
      {isBusy ? 'Starting checkout…' : 'Upgrade to Premium'}
    </Button>
  );
}

/** /upgrade (and /membership): free versus premium, the price, and the upgrade action. */
export default function UpgradePage() {
  usePageTitle('Upgrade to Premium');
  const { user, isLoading } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once: the parameter is cleared from the address, the welcome stays on screen.
  const [successParam] = useState(() => searchParams.get('success'));
  // The tier as the server has it now (the cached user may predate the payment).
  const status = useMembershipStatus({ enabled: user !== null && successParam !== null });

  useEffect(() => {
    if (!searchParams.has('success')) return;
    const next = new URLSearchParams(searchParams);
    next.delete('success');
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams]);

  if (isLoading) return <Spinner label="Loading membership options" />;
  const tier = membershipTierOf(user);
  const isWelcome = showsPremiumWelcome(successParam, status.data?.tier ?? tier);
  const isProducer = user?.role === 'producer';

  let action;
  if (!user) {
    action = (
      <Link to={paths.auth} className={buttonClasses('primary', 'lg')}>
        Sign in to upgrade
      </Link>
    );
  } else if (!isProducer) {
    action = (
      <p className="rounded-md bg-surface-sunken p-3 text-sm text-ink-soft">
        Premium is a producer membership. Your {user.role} account already includes the premium
        features it needs.
      </p>
    );
  } else if (tier === 'premium') {
    action = (
      <div className="space-y-3">
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <Crown aria-hidden="true" className="mr-1 inline h-4 w-4" />
          You are a Premium member
          {user.premiumExpiresAt ? ` until ${formatLongDate(user.premiumExpiresAt)}` : ''}.
        </p>
        <Link to={paths.profile} className={buttonClasses('outline')}>
          Manage your membership
        </Link>
      </div>
    );
  } else {
    action = <UpgradeAction />;
  }

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
      {isWelcome ? <WelcomeToPremium /> : null}
      <header className="space-y-2 text-center">
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">Upgrade to Premium</h1>
        <p className="mx-auto max-w-2xl text-ink-muted">
          Unlimited listing views, AI recommendations, commercial analysis and the producer
          community: everything you need to find your next adaptation.
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="compare-heading" className="space-y-3 lg:col-span-2">
          <h2 id="compare-heading" className="text-xl font-semibold text-ink">
            Free and Premium compared
          </h2>
          <PlanComparison />
        </section>

        <section aria-labelledby="price-heading">
          <Card className="border-amber-200">
            <CardContent className="space-y-5 p-6">
              <h2
                id="price-heading"
                className="flex items-center gap-2 text-xl font-semibold text-ink"
              >
                <Crown aria-hidden="true" className="h-5 w-5 text-amber-600" />
                Premium
              </h2>
              <PremiumPrice />
              <ul className="space-y-2 text-sm text-ink-soft">
                <li>
                  Billed once a year. Renews each year until you turn automatic renewal off on your
                  profile.
                </li>
                <li className="flex gap-2">
                  <ShieldCheck aria-hidden="true" className="h-4 w-4 shrink-0 text-green-700" />
                  <span>
                    Not for you? Email {COMPANY.emails.support} within {REFUND_WINDOW_DAYS} days of
                    your first payment for a full refund.
                  </span>
                </li>
              </ul>
              {action}
            </CardContent>
          </Card>
        </section>
      </div>
    </div>
  );
}
