import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import {
  EditAccountSchema,
  type CurrentUser,
  type EditAccount,
  type EditAccountInput,
} from '../../accounts.schema';
import { useCurrentUser } from '../api/get-current-user';
import { useUpdateAccount } from '../api/update-account';
import { applyServerFieldErrors } from '../components/apply-server-field-errors';
import { HowDidYouHearSelect } from '../components/how-did-you-hear-select';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input, Textarea } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/shared/paths';

const formFields = [
  'firstName',
  'lastName',
  'email',
  'username',
  'phoneNumber',
  'address',
  'imdbPageLink',
  'whatAreYouLookingFor',
  'howDidYouHearAboutUs',
  'companyName',
] as const;

function EditAccountForm({ user }: { user: CurrentUser }) {
  const toast = useToast();
  const navigate = useNavigate();
  const updateAccount = useUpdateAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditAccountInput, unknown, EditAccount>({
    resolver: zodResolver(EditAccountSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      username: user.username ?? '',
      phoneNumber: user.phoneNumber ?? '',
      address: user.address ?? '',
      imdbPageLink: user.imdbPageLink ?? '',
      whatAreYouLookingFor: user.whatAreYouLookingFor ?? '',
      howDidYouHearAboutUs: (user.howDidYouHearAboutUs ??
        '') as EditAccountInput['howDidYouHearAboutUs'],
      companyName: user.companyName ?? '',
    },
  });

  const onSubmit = handleSubmit((values) => {
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
        applyServerFieldErrors(error, setError, formFields);
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
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First Name" error={errors.firstName?.message}>
          <Input aria-required="true" autoComplete="given-name" {...register('firstName')} />
        </Field>
        <Field label="Last Name" error={errors.lastName?.message}>
          <Input aria-required="true" autoComplete="family-name" {...register('lastName')} />
        </Field>
      </div>
      <Field
        label="Email"
        hint="Changing your email sends a verification link to the new address; the change takes effect once you open it."
        error={errors.email?.message}
      >
        <Input aria-required="true" type="email" autoComplete="email" {...register('email')} />
      </Field>
      {user.pendingEmail ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Waiting for you to verify {user.pendingEmail}.
        </p>
      ) : null}
      <Field label="Username" error={errors.username?.message}>
        <Input aria-required="true" autoComplete="username" {...register('username')} />
      </Field>
      <Field
        label={user.role === 'agent' ? 'Agency Name' : 'Company Name'}
        error={errors.companyName?.message}
      >
        <Input autoComplete="organization" {...register('companyName')} />
      </Field>
      <Field label="Phone Number" error={errors.phoneNumber?.message}>
        <Input type="tel" autoComplete="tel" {...register('phoneNumber')} />
      </Field>
      <Field label="Address" error={errors.address?.message}>
        <Textarea rows={2} autoComplete="street-address" {...register('address')} />
      </Field>
      <Field label="IMDb Page Link" error={errors.imdbPageLink?.message}>
        <Input
          type="url"
          inputMode="url"
          placeholder="https://www.imdb.com/name/..."
          {...register('imdbPageLink')}
        />
      </Field>
      <Field label="What are you looking for?" error={errors.whatAreYouLookingFor?.message}>
        <Textarea rows={3} {...register('whatAreYouLookingFor')} />
      </Field>
      <Field label="How did you hear about us?" error={errors.howDidYouHearAboutUs?.message}>
        <HowDidYouHearSelect {...register('howDidYouHearAboutUs')} />
      </Field>
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
      <Link
        to={paths.profile}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Profile
      </Link>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Edit Account</h1>
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
