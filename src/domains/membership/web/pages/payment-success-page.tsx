import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleHelp, Crown, Loader2, Mail, RefreshCw, Sparkles } from 'lucide-react';
import { currentUserQueryKey, useCurrentUser } from '@/domains/accounts/web';
import { buttonClasses } from '@/web/components/ui/button';
import { CardPage } from '@/web/components/ui/card-page';
import { Spinner } from '@/web/components/ui/spinner';
import { membershipTierOf } from '../lib/membership-tier-of';
import { usePageTitle } from '@/web/lib/use-page-title';
import { formatPounds, poundsToPence } from '@/shared/money';
import { paths } from '@/shared/paths';
import { PAYMENT_SUCCESS_REDIRECT_MS, STATUS_POLL_MS } from '../../membership.constants';
import type { CheckoutSession } from '../../membership.schema';
import { useCheckoutSession } from '../api/get-checkout-session';
import { useMembershipStatus } from '../api/get-membership-status';
import { paymentSuccessView } from '../lib/payment-success-view';

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

/** The page's icon, heading and what it means; `role="status"` so a change is read out. */
function Heading({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-3 text-center">
      {icon}
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
      <p role="status" className="text-ink-soft">
        {children}
      </p>
    </div>
  );
}

/** Neither a payment nor a failure to claim: what anyone without a paid checkout here sees. */
function NoPaymentToShow({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <CardPage isWide>
      <Heading
        icon={<CircleHelp aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />}
        title="No Payment to Show"
      >
        {isSignedIn
          ? 'We could not find a payment of yours for this page. Your membership page shows your current plan.'
          : 'Sign in to see the payments and membership of your account.'}
      </Heading>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={paths.home} className={buttonClasses('primary')}>
          Go to Home
        </Link>
        <Link to={isSignedIn ? paths.upgrade : paths.auth} className={buttonClasses('outline')}>
          {isSignedIn ? 'View Membership' : 'Sign In'}
        </Link>
      </div>
    </CardPage>
  );
}

/** The user's own checkout, not paid yet: the provider's confirmation is awaited (polled). */
function ConfirmingPayment() {
  return (
    <CardPage isWide>
      <Heading
        icon={
          <Loader2 aria-hidden="true" className="mx-auto h-12 w-12 animate-spin text-brand-700" />
        }
        title="Confirming Your Payment"
      >
        We are waiting for the payment provider to confirm your payment. This page updates by
        itself.
      </Heading>
      <div className="flex justify-center">
        <Link to={paths.upgrade} className={buttonClasses('outline')}>
          Back to Upgrade
        </Link>
      </div>
    </CardPage>
  );
}

/** The signed-in user's own checkout, paid: the spec's success screen. */
function PaymentMade({ session }: { session: CheckoutSession }) {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  // Polls until the payment's confirmation has made the member premium.
  const status = useMembershipStatus({
    refetchInterval: (current) => (current?.tier !== 'premium' ? STATUS_POLL_MS : false),
  });
  const isPremium = (status.data?.tier ?? membershipTierOf(user)) === 'premium';
  const secondsLeft = useRedirectHome();

  useEffect(() => {
    // Premium just arrived: the navigation (Forum) and profile read the current user.
    if (status.data?.tier === 'premium') {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    }
  }, [status.data?.tier, queryClient]);

  const price = formatPounds(poundsToPence(session.price.gross));
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
    <CardPage isWide>
      <Heading
        icon={
          isPremium ? (
            <Crown aria-hidden="true" className="mx-auto h-12 w-12 text-amber-500" />
          ) : (
            <CircleCheck aria-hidden="true" className="mx-auto h-12 w-12 text-green-600" />
          )
        }
        title={isPremium ? 'Welcome to Premium!' : 'Payment Successful'}
      >
        {isPremium
          ? 'Your premium membership is active. Thank you for joining!'
          : 'Thank you! Your premium membership activation is in progress. This page updates by itself.'}
      </Heading>
      <p className="text-center text-xs break-all text-ink-muted">
        Session ID:{' '}
        <span className="font-mono">{session.sessionId.slice(0, SESSION_ID_SHOWN)}</span>
        {session.sessionId.length > SESSION_ID_SHOWN ? '…' : ''}
      </p>

      <section aria-labelledby="next-heading" className="space-y-3">
        <h2 id="next-heading" className="text-lg font-semibold text-ink">
          What&apos;s next
        </h2>
        <ul className="space-y-2">
          {nextSteps.map(({ Icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-sm text-ink-soft">
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
      <p className="text-center text-xs text-ink-muted">
        Taking you to the home page in {secondsLeft} seconds.
      </p>
    </CardPage>
  );
}

/**
 * /payment-success?session_id=...: where checkout returns. Reaching it changes nothing. It
 * shows a payment only for the signed-in user's own checkout session once paid (asked of
 * the server, which answers 404 for anyone else's); everyone else sees a neutral page.
 */
export default function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const session = useCheckoutSession(sessionId ?? '', {
    enabled: user !== null && sessionId !== null,
    // Stripe's confirmation may land a moment after it sends the member back here.
    refetchInterval: (current) => (current?.status === 'open' ? STATUS_POLL_MS : false),
  });
  const view = paymentSuccessView({
    sessionId,
    isUserLoading,
    isSignedIn: user !== null,
    session: { data: session.data, isError: session.isError },
  });
  usePageTitle(view.kind === 'paid' ? 'Payment Successful' : 'Payment');

  switch (view.kind) {
    case 'checking':
      return <Spinner label="Checking your payment" />;
    case 'no-payment':
      return <NoPaymentToShow isSignedIn={user !== null} />;
    case 'confirming':
      return <ConfirmingPayment />;
    case 'paid':
      return <PaymentMade session={view.session} />;
  }
}
