import { useCurrentUser } from '../api/get-current-user';
import { AccountSecurityCard } from '../components/account-security-card';
import { ChangePasswordForm } from '../components/change-password-form';
import { DeleteAccountSection } from '../components/delete-account-section';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { BackLink } from '@/web/components/ui/back-link';
import { paths } from '@/shared/paths';

export default function SecuritySettingsPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label="Loading your account" />;
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <BackLink to={paths.profile}>Back to Profile</BackLink>
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Security Settings</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Change Password</CardTitle>
            <p className="text-sm text-ink-muted">
              Changing your password signs you out on your other devices.
            </p>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        </Card>
        <AccountSecurityCard user={user} />
      </div>
      <DeleteAccountSection />
    </div>
  );
}
