import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { currentUserQueryKey } from '@/domains/accounts/web';
import { LocalCardForm } from '@/domains/payments/web';
import { buttonClasses } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { BackLink } from '@/web/components/ui/back-link';
import { hasErrorCode } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import { formatPounds, poundsToPence } from '@/shared/money';
import { paths } from '@/shared/paths';
import type { CheckoutSession } from '../../membership.schema';
import { useCheckoutSession } from '../api/get-checkout-session';
import { membershipKeys } from '../api/get-membership-status';

const successPath = (sessionId: string) =>
  `${paths.paymentSuccess}?session_id=${encodeURIComponent(sessionId)}`;

/** The receipt's lines, in pounds and pence. */
function OrderSummary({ price }: { price: CheckoutSession['price'] }) {
  const rows = [
    [
      'Premium membership (1 year), excluding VAT',
      formatPounds(poundsToPence(price.net), { exact: true }),
    ],
    [`VAT at ${price.vatRatePercent}%`, formatPounds(poundsToPence(price.vat), { exact: true })],
  ];
  return (
    <dl className="space-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="text-ink">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-semibold">
        <dt>Total due today</dt>
        <dd>{formatPounds(poundsToPence(price.gross), { exact: true })}</dd>
      </div>
    </dl>
  );
}

function CheckoutMessage({ title, text }: { title: string; text: string }) {
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="space-y-4 p-6 text-center">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="text-ink-soft">{text}</p>
        <Link to={paths.upgrade} className={buttonClasses('primary')}>
          Back to Upgrade
        </Link>
      </CardContent>
    </Card>
  );
}

/**
 * /checkout/{sessionId}: the local provider's stand-in for Stripe's hosted checkout. The card
 * form confirms the payment; the server starts premium when the payment succeeds; the page
 * then goes to /payment-success?session_id=..., as Stripe's success_url would.
 */
export default function CheckoutPage() {
  usePageTitle('Checkout');
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useCheckoutSession(sessionId);
  const isPaid = session.data?.status === 'paid';

  useEffect(() => {
    if (isPaid) navigate(successPath(sessionId), { replace: true });
  }, [isPaid, navigate, sessionId]);

  const onPaid = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: membershipKeys.all }),
      queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    ]);
    navigate(successPath(sessionId));
  };

  let content;
  if (session.isPending || isPaid) {
    content = <Spinner label="Loading your checkout" />;
  } else if (session.isError) {
    content = hasErrorCode(session.error, 'NOT_FOUND') ? (
      <CheckoutMessage
        title="Checkout Not Found"
        text="This checkout does not exist or belongs to another account."
      />
    ) : (
      <CheckoutMessage
        title="Checkout Unavailable"
        text="We could not load your checkout. Please try again."
      />
    );
  } else if (session.data.status === 'expired' || !session.data.clientSecret) {
    content = (
      <CheckoutMessage
        title="Checkout Expired"
        text="This checkout has expired. Start your upgrade again to pay."
      />
    );
  } else {
    content = (
      <>
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Checkout</h1>
        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Crown aria-hidden="true" className="h-5 w-5 text-amber-600" />
                PageToScreen Premium
              </CardTitle>
              <p className="text-sm text-ink-muted">
                Billed yearly. Renews automatically each year; turn renewal off any time on your
                profile.
              </p>
            </CardHeader>
            <CardContent>
              <OrderSummary price={session.data.price} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Pay by card</CardTitle>
            </CardHeader>
            <CardContent>
              <LocalCardForm
                clientSecret={session.data.clientSecret}
                submitLabel={`Pay ${formatPounds(poundsToPence(session.data.price.gross), { exact: true })}`}
                onAuthorised={onPaid}
              />
            </CardContent>
          </Card>
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <BackLink to={paths.upgrade}>Back to Upgrade</BackLink>
      {content}
    </div>
  );
}
