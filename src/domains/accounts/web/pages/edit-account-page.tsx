import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  EditAccountSchema,
  type CurrentUser,
  type EditAccount,
  type EditAccountInput,
} from '../../accounts.schema';
import { useCurrentUser } from '../api/get-current-user';
import { useUpdateAccount } from '../api/update-account';
import { applyServerFieldErrors } from '@/web/lib/apply-server-field-errors';
import {
  PROFILE_FIELDS,
  ProfileFieldset,
  profileFieldDefaults,
} from '../components/profile-fieldset';
import { CheckboxField } from '../components/checkbox-field';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useToast } from '@/web/components/ui/toast';
import { BackLink } from '@/web/components/ui/back-link';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/shared/paths';

const formFields = [...PROFILE_FIELDS, 'email', 'username', 'companyName'] as const;

function EditAccountForm({ user }: { user: CurrentUser }) {
  const toast = useToast();
  const navigate = useNavigate();
  const updateAccount = useUpdateAccount();
  const form = useForm<EditAccountInput, unknown, EditAccount>({
    resolver: zodResolver(EditAccountSchema),
    defaultValues: {
      ...profileFieldDefaults<EditAccountInput['howDidYouHearAboutUs']>(user),
      email: user.email,
      username: user.username ?? '',
      companyName: user.companyName ?? '',
      showNameToAgents: user.showNameToAgents,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    updateAccount.mutate(values, {
      onSuccess: (answer) => {
        const pendingEmail = answer.emailChangePending ? answer.user.pendingEmail : null;
        toast({
          title: 'Account Updated',
          description: pendingEmail
            ? `We have sent a verification link to ${pendingEmail}. Your email address changes once you open it.`
            : 'Your account information has been saved.',
          variant: 'success',
          durationMs: pendingEmail ? 10000 : undefined,
        });
        navigate(paths.profile);
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, formFields);
        toast({
          title: 'Update Failed',
          description: errorMessage(error, 'Failed to update account information.'),
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ProfileFieldset form={form} details="optional">
        <Field
          label="Email"
          hint="Changing your email sends a verification link to the new address; the change takes effect once you open it."
          error={errors.email?.message}
        >
          <Input
            aria-required="true"
            type="email"
            autoComplete="email"
            {...form.register('email')}
          />
        </Field>
        {user.pendingEmail ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            Waiting for you to verify {user.pendingEmail}.
          </p>
        ) : null}
        <Field label="Username" error={errors.username?.message}>
          <Input aria-required="true" autoComplete="username" {...form.register('username')} />
        </Field>
        <Field
          label={user.role === 'agent' ? 'Agency Name' : 'Company Name'}
          error={errors.companyName?.message}
        >
          <Input autoComplete="organization" {...form.register('companyName')} />
        </Field>
      </ProfileFieldset>
      {user.role === 'producer' ? (
        <fieldset className="space-y-2 rounded-card border border-line p-4">
          <legend className="px-1 text-sm font-semibold text-ink">Privacy</legend>
          <CheckboxField
            label="Let agents see my name and company when I view their listings"
            {...form.register('showNameToAgents')}
          />
          <p className="text-sm text-ink-muted">
            Agents always see how many people viewed their listings, never who. With this on, the
            agent of a listing you open can also see your name and company, which can lead to an
            introduction. It stays off unless you turn it on, and turning it off hides your name
            again at once.
          </p>
        </fieldset>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={paths.profile} className={buttonClasses('outline')}>
          Cancel
        </Link>
        <Button type="submit" disabled={updateAccount.isPending}>
          {updateAccount.isPending ? 'Saving Changes...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

export default function EditAccountPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label="Loading your account" />;
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-8">
      <BackLink to={paths.profile}>Back to Profile</BackLink>
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Edit Account</h1>
      <Card>
        <CardHeader>
          <CardTitle>Account Information</CardTitle>
        </CardHeader>
        <CardContent>
          <EditAccountForm user={user} />
        </CardContent>
      </Card>
    </div>
  );
}
