import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Crown, Loader2, Mail, RefreshCw, Sparkles } from 'lucide-react';
import { currentUserQueryKey, useCurrentUser } from '@/domains/accounts/web/api/get-current-user';
import { buttonClasses } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { formatPounds } from '@/web/lib/format';
import { membershipTierOf } from '@/web/lib/premium';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import {
  PAYMENT_SUCCESS_REDIRECT_MS,
  PREMIUM_PRICE,
  STATUS_POLL_MS,
} from '../../membership.constants';
import { useMembershipStatus } from '../api/get-membership-status';

/** The spec shows the first 20 characters of the checkout session id. */
const SESSION_ID_SHOWN = 20;

/** Seconds left before the page takes the member home (the spec's 15 s). */
function useRedirectHome(): number {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(PAYMENT_SUCCESS_REDIRECT_MS / 1000);
  useEffect(() => {
    const started = Date.now();
    const tick = setInterval(() => {
      const left = Math.ceil((PAYMENT_SUCCESS_REDIRECT_MS - (Date.now() - started)) / 1000);
      setSecondsLeft(Math.max(0, left));
    }, 1000);
    const leave = setTimeout(() => navigate(paths.home), PAYMENT_SUCCESS_REDIRECT_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(leave);
    };
  }, [navigate]);
  return secondsLeft;
}

/**
 * /payment-success?session_id=...: where checkout returns. Reaching it changes nothing;
 * while a session id is present it polls the membership status every 3 s until the
 * payment's confirmation has made the member premium.
 */
export default function PaymentSuccessPage() {
  usePageTitle('Payment Successful');
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const status = useMembershipStatus({
    enabled: user !== null,
    refetchInterval: (current) =>
      sessionId && current?.tier !== 'premium' ? STATUS_POLL_MS : false,
  });
  const tier = status.data?.tier ?? membershipTierOf(user);
  const isPremium = tier === 'premium';
  const secondsLeft = useRedirectHome();

  useEffect(() => {
    // Premium just arrived: the navigation (Forum) and profile read the current user.
    if (status.data?.tier === 'premium') {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    }
  }, [status.data?.tier, queryClient]);

  const price = formatPounds(PREMIUM_PRICE.grossPence / 100);
  const nextSteps = [
    { Icon: CircleCheck, text: `Payment of ${price} processed` },
    {
      Icon: isPremium ? Sparkles : Loader2,
      text: isPremium
        ? 'Premium activated: unlimited listing views, AI recommendations and more'
        : 'Premium activation is in progress',
    },
    { Icon: Mail, text: 'Email receipt with VAT details sent to your inbox' },
    {
      Icon: RefreshCw,
      text: 'Annual auto-renewal: your membership renews each year (turn it off on your profile)',
    },
  ];

  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <Card>
        <CardContent className="space-y-6 p-6 sm:p-8">
          <div className="space-y-3 text-center">
            {isPremium ? (
              <Crown aria-hidden="true" className="mx-auto h-12 w-12 text-amber-500" />
            ) : (
              <CircleCheck aria-hidden="true" className="mx-auto h-12 w-12 text-green-600" />
            )}
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
              {isPremium ? 'Welcome to Premium!' : 'Payment Successful'}
            </h1>
            <p role="status" className="text-slate-700">
              {isPremium
                ? 'Your premium membership is active. Thank you for joining!'
                : 'Thank you! Your premium membership activation is in progress. This page updates by itself.'}
            </p>
            {sessionId ? (
              <p className="text-xs break-all text-slate-500">
                Session ID:{' '}
                <span className="font-mono">{sessionId.slice(0, SESSION_ID_SHOWN)}</span>
                {sessionId.length > SESSION_ID_SHOWN ? '…' : ''}
              </p>
            ) : null}
          </div>

          <section aria-labelledby="next-heading" className="space-y-3">
            <h2 id="next-heading" className="text-lg font-semibold text-slate-900">
              What&apos;s next
            </h2>
            <ul className="space-y-2">
              {nextSteps.map(({ Icon, text }) => (
                <li key={text} className="flex items-start gap-3 text-sm text-slate-700">
                  <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                  {text}
                </li>
              ))}
            </ul>
          </section>

          <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Link to={paths.home} className={buttonClasses('primary')}>
              Go to Home
            </Link>
            <Link to={paths.profile} className={buttonClasses('outline')}>
              View Profile
            </Link>
          </div>
          <p className="text-center text-xs text-slate-500">
            Taking you to the home page in {secondsLeft} seconds.
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
