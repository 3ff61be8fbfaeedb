import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import type { CurrentUser } from '../../accounts.schema';
import { useCurrentUser } from '../api/get-current-user';
import { ForgotPasswordDialog } from '../components/forgot-password-dialog';
import { RegistrationConfirmation } from '../components/registration-confirmation';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm, type AccountType } from '../components/sign-up-form';
import { Card, CardContent } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { paths } from '@/shared/paths';

type AuthTab = 'sign-in' | 'sign-up';

/** Producers finish their profile first; everyone else lands on the home page. */
function afterSignInPath(user: CurrentUser): string {
  return user.role === 'producer' && !user.isProfileComplete ? paths.completeProfile : paths.home;
}

const tabTriggerClasses =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-ink-muted transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm';

export default function AuthPage() {
  const { user, isLoading } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const [hasSignedIn, setHasSignedIn] = useState(false);
  const [registeredAs, setRegisteredAs] = useState<AccountType | null>(null);
  const [isForgotPasswordOpen, setForgotPasswordOpen] = useState(false);

  // /auth?mode=register and the marketing page's /auth?role=agent&signup=true open Sign Up.
  const tab: AuthTab =
    searchParams.get('mode') === 'register' || searchParams.get('signup') === 'true'
      ? 'sign-up'
      : 'sign-in';
  const roleParam = searchParams.get('role');
  const initialAccountType: AccountType = roleParam === 'agent' ? 'agent' : 'producer';

  const showTab = (next: AuthTab) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete('mode');
        params.delete('signup');
        if (next === 'sign-up') params.set('mode', 'register');
        return params;
      },
      { replace: true },
    );
  };

  if (user) {
    return <Navigate to={hasSignedIn ? afterSignInPath(user) : paths.home} replace />;
  }
  if (isLoading) return <Spinner label="Loading" />;

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Welcome to PageToScreen</h1>
        <p className="mt-2 text-ink-muted">The marketplace for film and TV adaptation rights.</p>
      </div>
      <Card>
        <CardContent className="p-4 sm:p-6">
          {registeredAs ? (
            <RegistrationConfirmation
              accountType={registeredAs}
              onBackToLogin={() => {
                setRegisteredAs(null);
                showTab('sign-in');
              }}
            />
          ) : (
            <Tabs.Root value={tab} onValueChange={(value) => showTab(value as AuthTab)}>
              <Tabs.List
                aria-label="Sign in or create an account"
                className="mb-6 flex gap-1 rounded-lg bg-surface-sunken p-1"
              >
                <Tabs.Trigger value="sign-in" className={tabTriggerClasses}>
                  Sign In
                </Tabs.Trigger>
                <Tabs.Trigger value="sign-up" className={tabTriggerClasses}>
                  Sign Up
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="sign-in" className="focus:outline-none">
                <SignInForm
                  onSignInStart={() => setHasSignedIn(true)}
                  onForgotPassword={() => setForgotPasswordOpen(true)}
                />
              </Tabs.Content>
              <Tabs.Content value="sign-up" className="focus:outline-none">
                <SignUpForm
                  // A new role in the address (the marketing page's buttons) starts a fresh form.
                  key={initialAccountType}
                  initialAccountType={initialAccountType}
                  onRegistered={setRegisteredAs}
                />
              </Tabs.Content>
            </Tabs.Root>
          )}
        </CardContent>
      </Card>
      <ForgotPasswordDialog open={isForgotPasswordOpen} onOpenChange={setForgotPasswordOpen} />
    </div>
  );
}
