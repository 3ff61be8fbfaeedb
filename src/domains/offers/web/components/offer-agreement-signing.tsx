import { useQueryClient } from '@tanstack/react-query';
import { SignAgreementDialog } from '@/domains/agreements/web';
import type { Offer } from '../../offers.schema';
import { useOfferTerms } from '../api/negotiation';
import { offersKeys } from '../api/offers-keys';

/**
 * 'Sign Agreement' on an accepted offer: the agreements room's dialog, fed the signatures the
 * offer's term sheet answer carries, and refreshing the offers once signed.
 */
export function OfferAgreementSigning({
  offer,
  side,
}: {
  offer: Offer;
  side: 'producer' | 'agent';
}) {
  const queryClient = useQueryClient();
  const terms = useOfferTerms(offer.id);
  return (
    <SignAgreementDialog
      offerId={offer.id}
      agreement={terms.data?.agreement}
      side={side}
      onSigned={() => void queryClient.invalidateQueries({ queryKey: offersKeys.all })}
    />
  );
}
