import { Link } from 'react-router';
import { Lock, MessageSquare } from 'lucide-react';
import { buttonClasses } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { paths } from '@/shared/paths';

/**
 * The comments section's place on the listing: premium members will see the thread (a
 * later issue); other signed-in users see the spec's 'Premium Feature' card.
 */
export function ListingCommentsSection({ isPremium }: { isPremium: boolean }) {
  if (isPremium) {
    return (
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <MessageSquare aria-hidden="true" className="h-5 w-5 text-brand-700" />
            Comments
          </CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-slate-700">
            The discussion of this title among members will appear here.
          </p>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lock aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Premium Feature
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-700">
          Comments on listings are for premium members. Upgrade to join the discussion with other
          producers.
        </p>
        <Link to={paths.membership} className={buttonClasses('outline', 'md')}>
          View Membership
        </Link>
      </CardContent>
    </Card>
  );
}
