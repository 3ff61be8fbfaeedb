import { BadgeCheck } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { useVerifiedProducers } from '../api/vetting';

/**
 * "Verified producer" beside a producer's name, when an admin has verified them (issue 35).
 * Give `verified` when the page's payload already says so (the forum's, looked up in one batch
 * on the server); otherwise the badge asks about `userId` itself.
 */
export function VerifiedBadge({
  userId,
  verified,
}: {
  userId?: number | null;
  verified?: boolean;
}) {
  const lookup = useVerifiedProducers(verified === undefined && userId ? [userId] : []);
  const shown = verified ?? Boolean(userId && lookup.data?.has(userId));
  if (!shown) return null;
  return (
    <Badge tone="teal" data-testid="verified-producer-badge">
      <BadgeCheck aria-hidden="true" className="mr-1 inline h-3.5 w-3.5" />
      Verified producer
    </Badge>
  );
}
