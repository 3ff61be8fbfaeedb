import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { buttonClasses } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { paths } from '@/shared/paths';
import { FORUM_ACCESS_MESSAGE } from '../../forum.constants';

/** What a member without forum access sees (part 2 section 6). */
export function ForumRestricted() {
  return (
    <Card className="mx-auto max-w-xl">
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        <Lock aria-hidden="true" className="h-10 w-10 text-brand-700" />
        {/* The page's only heading when the forum is closed to the member (axe: page-has-heading-one). */}
        <h1 className="font-display text-2xl font-semibold text-ink">Community Forum</h1>
        <p className="text-ink-muted">{FORUM_ACCESS_MESSAGE}</p>
        <Link to={paths.membership} className={buttonClasses('primary', 'lg')}>
          Upgrade to Premium
        </Link>
      </CardContent>
    </Card>
  );
}
