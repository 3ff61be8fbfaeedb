import { Link } from 'react-router';
import { Crown, KeyRound, LogOut, UserPen } from 'lucide-react';
import { RoleInformationCard, useCurrentUser } from '@/domains/accounts/web';
import { AutoRenewCard } from '@/domains/membership/web';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { ErrorBoundary, PanelErrorFallback } from '@/web/components/ui/error-boundary';
import { Spinner } from '@/web/components/ui/spinner';
import { formatLongDate } from '@/web/lib/format';
import { cn } from '@/web/lib/cn';
import { paths } from '@/shared/paths';
import { RoleBadge } from '../shell/role-badge';
import { roleLabel } from '../shell/nav-links';
import { useLogoutAndLeave } from '../shell/use-logout-and-leave';
import { displayName, initials } from '../shell/user-display';

/** /profile: the account (accounts) with the premium member's renewal card (membership). */
export default function ProfilePage() {
  const { user, isLoading } = useCurrentUser();
  const { logOut, isPending: isLoggingOut } = useLogoutAndLeave();
  if (isLoading) return <Spinner label="Loading your profile" />;
  if (!user) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <p role="alert" className="text-center text-lg font-medium text-ink">
          Access Denied - Please log in to view your profile.
        </p>
      </div>
    );
  }

  const fullName = displayName(user);
  const details: { label: string; value: string }[] = [
    { label: 'First Name', value: user.firstName },
    { label: 'Last Name', value: user.lastName },
    { label: 'Email', value: user.email },
    { label: 'Role', value: roleLabel(user.role) },
    { label: 'Member Since', value: formatLongDate(user.createdAt) },
  ];
  const actionClasses = cn(buttonClasses('outline'), 'w-full justify-start');

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Account Settings</h1>

      <Card>
        <CardContent className="flex flex-col items-center gap-4 p-5 text-center sm:flex-row sm:text-left">
          <div
            aria-hidden="true"
            className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full bg-brand-700 text-2xl font-semibold text-white"
          >
            {initials(user)}
          </div>
          <div className="min-w-0 space-y-1">
            <p className="text-xl font-semibold break-words text-ink">{fullName}</p>
            <p className="break-all text-ink-muted">{user.email}</p>
            <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
              <RoleBadge role={user.role} />
              {user.membershipTier === 'premium' ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-800">
                  <Crown className="h-3 w-3" aria-hidden="true" /> Premium
                </span>
              ) : null}
            </div>
          </div>
        </CardContent>
      </Card>

      <div className="grid gap-6 md:grid-cols-3">
        <Card className="md:col-span-2">
          <CardHeader>
            <CardTitle>Profile Information</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-2">
              {details.map((detail) => (
                <div key={detail.label}>
                  <dt className="text-sm font-medium text-ink-muted">{detail.label}</dt>
                  <dd className="break-words text-ink">{detail.value}</dd>
                </div>
              ))}
              {user.membershipTier === 'premium' ? (
                <div>
                  <dt className="text-sm font-medium text-ink-muted">Premium Until</dt>
                  <dd className="text-ink">{formatLongDate(user.premiumExpiresAt)}</dd>
                </div>
              ) : null}
            </dl>
            {user.pendingEmail ? (
              <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                We sent a verification link to {user.pendingEmail}. Your email changes once you open
                it.
              </p>
            ) : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2">
            <Link to={paths.editAccount} className={actionClasses}>
              <UserPen className="h-4 w-4" aria-hidden="true" /> Edit Account
            </Link>
            <Link to={paths.securitySettings} className={actionClasses}>
              <KeyRound className="h-4 w-4" aria-hidden="true" /> Security Settings
            </Link>
            {user.membershipTier === 'free' ? (
              <Link to={paths.upgrade} className={cn(buttonClasses('primary'), 'w-full')}>
                <Crown className="h-4 w-4" aria-hidden="true" /> Upgrade to Premium
              </Link>
            ) : null}
            <Button
              variant="outline"
              className="w-full justify-start text-red-700"
              onClick={logOut}
              disabled={isLoggingOut}
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              {isLoggingOut ? 'Signing Out...' : 'Sign Out'}
            </Button>
          </CardContent>
        </Card>
      </div>

      {user.membershipTier === 'premium' ? (
        <ErrorBoundary
          fallback={(reset) => <PanelErrorFallback title="Premium Membership" onRetry={reset} />}
        >
          <AutoRenewCard />
        </ErrorBoundary>
      ) : null}

      <ErrorBoundary fallback={(reset) => <PanelErrorFallback title="Your Role" onRetry={reset} />}>
        <RoleInformationCard user={user} />
      </ErrorBoundary>
    </div>
  );
}
