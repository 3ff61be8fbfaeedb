import { BadgeCheck } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { useVerifiedProducers } from '../api/vetting';

/** "Verified producer" beside a producer's name, when an admin has verified them (issue 35). */
export function VerifiedBadge({ userId }: { userId: number | null | undefined }) {
  const verified = useVerifiedProducers(userId ? [userId] : []);
  if (!userId || !verified.data?.has(userId)) return null;
  return (
    <Badge tone="teal" data-testid="verified-producer-badge">
      <BadgeCheck aria-hidden="true" className="mr-1 inline h-3.5 w-3.5" />
      Verified producer
    </Badge>
  );
}
