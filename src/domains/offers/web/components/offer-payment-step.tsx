import { useNavigate } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { CardPaymentStep } from '@/domains/payments/web';
import { useToast } from '@/web/components/ui/toast';
import { paths } from '@/shared/paths';
import type { Offer } from '../../offers.schema';
import { useSyncOffer } from '../api/sync-offer';
import { formatOfferPrice, formatOptionPeriod } from '../lib/offer-display';

interface OfferPaymentStepProps {
  offer: Offer;
  clientSecret: string | null;
}

/**
 * Step 2 of /submit-offer/{listingId}: the card hold for the offer. The card is only
 * authorised now; it is charged when the agent accepts, and released otherwise.
 */
export function OfferPaymentStep({ offer, clientSecret }: OfferPaymentStepProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const sync = useSyncOffer();
  const amount = formatOfferPrice(offer.offerPrice);

  const onAuthorised = async (provider: 'local' | 'stripe') => {
    if (provider === 'stripe') {
      // Records the hold at once; should this fail, Stripe's webhook records it shortly.
      await sync.mutateAsync(offer.id).catch(() => undefined);
    }
    toast({
      title: 'Payment Authorised',
      description: 'Your offer has been submitted successfully!',
      variant: 'success',
    });
    navigate(paths.mySubmissions);
  };

  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 rounded-lg bg-surface-page p-4 text-sm">
        <div>
          <dt className="text-ink-muted">Offer amount</dt>
          <dd className="text-lg font-semibold text-ink">{amount}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Option period</dt>
          <dd className="text-lg font-semibold text-ink">
            {formatOptionPeriod(offer.optionPeriod)}
          </dd>
        </div>
      </dl>
      <div className="flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900">
        <ShieldCheck aria-hidden="true" className="h-5 w-5 shrink-0" />
        <p>
          Your card is only <strong>authorised</strong> for {amount} now: the amount is held, not
          charged. You are charged only if the agent accepts your offer; if it is rejected,
          cancelled or not answered in time, the hold is released.
        </p>
      </div>
      <CardPaymentStep
        clientSecret={clientSecret}
        submitLabel={`Authorise ${amount}`}
        onAuthorised={onAuthorised}
      />
    </div>
  );
}
