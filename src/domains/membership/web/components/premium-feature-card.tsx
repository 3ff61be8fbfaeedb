import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Crown, Lock } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { buttonClasses } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { hasPremiumAccess, PREMIUM_FEATURES, type PremiumFeature } from '../../membership.rules';
import { paths } from '@/shared/paths';

export interface PremiumFeatureCardProps {
  feature: PremiumFeature;
  /** What the feature gives, in a sentence. */
  description?: string;
  /** The spec links some prompts to /membership (comments, forum) and others to /upgrade. */
  to?: string;
  title?: string;
  /** A teaser of what the feature shows, between the description and the action. */
  children?: ReactNode;
}

/**
 * The spec's 'Premium Feature' prompt with its 'Upgrade to Premium' action, for anyone the
 * premium rule does not let in.
 */
export function PremiumFeatureCard({
  feature,
  description,
  to = paths.upgrade,
  title = 'Premium Feature',
  children,
}: PremiumFeatureCardProps) {
  return (
    <Card className="border-amber-200 bg-amber-50/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lock aria-hidden="true" className="h-5 w-5 text-amber-700" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-ink-soft">
          {description ??
            `${PREMIUM_FEATURES[feature]} ${feature === 'comments' ? 'are' : 'is'} part of the Premium membership.`}
        </p>
        {children}
        <Link to={to} className={buttonClasses('primary', 'md')}>
          <Crown aria-hidden="true" className="h-4 w-4" />
          Upgrade to Premium
        </Link>
      </CardContent>
    </Card>
  );
}

/**
 * Shows `children` to those with premium access to `prompt.feature`, else the prompt. The
 * server's gate answers 403 UPGRADE_REQUIRED to the same people.
 */
export function PremiumGate({
  children,
  prompt,
}: {
  children: ReactNode;
  /** The card shown instead; its `children` are the teaser. */
  prompt: PremiumFeatureCardProps;
}) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label="Checking your membership" />;
  if (hasPremiumAccess(user, prompt.feature)) return <>{children}</>;
  return <PremiumFeatureCard {...prompt} />;
}
