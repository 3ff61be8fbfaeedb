import { Badge } from '@/web/components/ui/badge';
import type { PublicOfferStatus } from '../../offers.constants';
import { offerStatusBadge } from '../lib/offer-display';

export function OfferStatusBadge({ status }: { status: PublicOfferStatus }) {
  const badge = offerStatusBadge(status);
  return <Badge tone={badge.tone}>{badge.label}</Badge>;
}
