import { MessageSquare } from 'lucide-react';
import { PremiumGate } from '@/domains/membership/web';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { paths } from '@/shared/paths';

/**
 * The comments section's place on the listing: premium members will see the thread (a
 * later issue); other signed-in users see the spec's 'Premium Feature' card (to /membership).
 */
export function ListingCommentsSection() {
  return (
    <PremiumGate
      prompt={{
        feature: 'comments',
        to: paths.membership,
        description:
          'Comments on listings are for premium members. Upgrade to join the discussion with other producers.',
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <MessageSquare aria-hidden="true" className="h-5 w-5 text-brand-700" />
            Comments
          </CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-ink-soft">
            The discussion of this title among members will appear here.
          </p>
        </CardContent>
      </Card>
    </PremiumGate>
  );
}
