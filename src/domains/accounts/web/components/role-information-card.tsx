import { Link } from 'react-router';
import { BadgeCheck, Clapperboard, ShieldCheck, UserRound } from 'lucide-react';
import type { CurrentUser } from '../../accounts.schema';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { paths } from '@/shared/paths';
import { AgentVerificationBadge } from './agent-verification-badge';

const agentStatusHelp: Record<string, string> = {
  pending:
    'Agent accounts are verified manually by our team. We will email you as soon as your application is approved.',
  approved: 'Your agent account is verified. You can list IP and manage the offers you receive.',
  rejected:
    'Your agent application was not approved. Please contact support if you believe this is a mistake.',
};

/** What the user's role lets them do on the platform. */
export function RoleInformationCard({ user }: { user: CurrentUser }) {
  if (user.role === 'agent') {
    const status = user.agentVerificationStatus ?? 'pending';
    return (
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <BadgeCheck className="h-5 w-5 text-lime-700" aria-hidden="true" />
            Literary Agent Account
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm text-ink-soft">
          <p>
            As an agent you list books, scripts and other IP for film and TV adaptation, accept or
            reject the offers producers make, and follow how your listings perform.
          </p>
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-ink">Verification status:</span>
            <AgentVerificationBadge status={user.agentVerificationStatus} />
          </p>
          <p>{agentStatusHelp[status] ?? agentStatusHelp.pending}</p>
          {status === 'approved' ? (
            <Link to={paths.agentDashboard} className="font-medium text-brand-700 hover:underline">
              Go to the Agent Dashboard
            </Link>
          ) : null}
        </CardContent>
      </Card>
    );
  }
  if (user.role === 'admin') {
    return (
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="h-5 w-5 text-red-700" aria-hidden="true" />
            Administrator Account
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm text-ink-soft">
          <p>
            As an administrator you manage users, verify agent applications, moderate comments,
            upload images in bulk, run the enrichment tools and oversee transactions.
          </p>
          <Link to={paths.adminDashboard} className="font-medium text-brand-700 hover:underline">
            Go to the Admin Dashboard
          </Link>
        </CardContent>
      </Card>
    );
  }
  if (user.role === 'producer') {
    return (
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Clapperboard className="h-5 w-5 text-teal-700" aria-hidden="true" />
            Producer Account
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm text-ink-soft">
          <p>
            As a producer you browse the IP catalogue, get AI recommendations, submit offers with a
            card authorisation hold and track your submissions.
          </p>
          <p>
            {user.membershipTier === 'premium'
              ? 'Your Premium membership gives you unlimited listing views, AI recommendations and forum access.'
              : 'Free membership includes 5 listing views per month. Upgrade to Premium for unlimited views, AI recommendations and forum access.'}
          </p>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound className="h-5 w-5 text-ink-muted" aria-hidden="true" />
          Member Account
        </CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-ink-soft">
        <p>You can browse the IP catalogue and manage your account settings here.</p>
      </CardContent>
    </Card>
  );
}
