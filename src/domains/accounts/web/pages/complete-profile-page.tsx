import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CompleteProfileSchema,
  type CompleteProfile,
  type CompleteProfileInput,
  type CurrentUser,
} from '../../accounts.schema';
import { useCurrentUser } from '../api/get-current-user';
import { useCompleteProfile } from '../api/complete-profile';
import { applyServerFieldErrors } from '../components/apply-server-field-errors';
import { CheckboxField } from '../components/checkbox-field';
import { HowDidYouHearSelect } from '../components/how-did-you-hear-select';
import { LegalTermsLabel } from '../components/legal-terms-label';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input, Textarea } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/shared/paths';

const formFields = [
  'firstName',
  'lastName',
  'username',
  'address',
  'phoneNumber',
  'imdbPageLink',
  'whatAreYouLookingFor',
  'howDidYouHearAboutUs',
  'acceptedLegalTerms',
] as const;

function CompleteProfileForm({ user }: { user: CurrentUser }) {
  const toast = useToast();
  const navigate = useNavigate();
  const completeProfile = useCompleteProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CompleteProfileInput, unknown, CompleteProfile>({
    resolver: zodResolver(CompleteProfileSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.username ?? '',
      address: user.address ?? '',
      phoneNumber: user.phoneNumber ?? '',
      imdbPageLink: user.imdbPageLink ?? '',
      whatAreYouLookingFor: user.whatAreYouLookingFor ?? '',
      // An unknown stored answer shows as "Select an option" rather than a wrong choice.
      howDidYouHearAboutUs: (user.howDidYouHearAboutUs ??
        '') as CompleteProfileInput['howDidYouHearAboutUs'],
      acceptedLegalTerms: false,
    },
  });

  const onSubmit = handleSubmit((values) => {
    completeProfile.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Profile completed successfully',
          description: 'Your personalized experience is now ready!',
          variant: 'success',
        });
        navigate(paths.home);
      },
      onError: (error) => {
        applyServerFieldErrors(error, setError, formFields);
        toast({
          title: 'Error updating profile',
          description: errorMessage(error, 'Please try again'),
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
        label="Username"
        hint="3 to 30 characters: letters, numbers, dots, hyphens and underscores"
        error={errors.username?.message}
      >
        <Input aria-required="true" autoComplete="username" {...register('username')} />
      </Field>
      <Field label="Phone Number" error={errors.phoneNumber?.message}>
        <Input aria-required="true" type="tel" autoComplete="tel" {...register('phoneNumber')} />
      </Field>
      <Field label="Address" error={errors.address?.message}>
        <Textarea
          aria-required="true"
          rows={2}
          autoComplete="street-address"
          {...register('address')}
        />
      </Field>
      <Field label="IMDb Page Link" hint="Optional" error={errors.imdbPageLink?.message}>
        <Input
          type="url"
          inputMode="url"
          placeholder="https://www.imdb.com/name/..."
          {...register('imdbPageLink')}
        />
      </Field>
      <Field
        label="What are you looking for?"
        hint="Genres, formats or kinds of stories you want to adapt (at least 20 characters)"
        error={errors.whatAreYouLookingFor?.message}
      >
        <Textarea aria-required="true" rows={4} {...register('whatAreYouLookingFor')} />
      </Field>
      <Field label="How did you hear about us?" error={errors.howDidYouHearAboutUs?.message}>
        <HowDidYouHearSelect aria-required="true" {...register('howDidYouHearAboutUs')} />
      </Field>
      <CheckboxField
        label={<LegalTermsLabel />}
        error={errors.acceptedLegalTerms?.message}
        {...register('acceptedLegalTerms')}
      />
      <Button type="submit" className="w-full sm:w-auto" disabled={completeProfile.isPending}>
        {completeProfile.isPending ? 'Saving Profile...' : 'Complete Profile'}
      </Button>
    </form>
  );
}

export default function CompleteProfilePage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label="Loading your profile" />;
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold text-slate-900">Complete Your Profile</h1>
          <p className="text-sm text-slate-600">
            Tell us a little about yourself so we can personalise your recommendations.
          </p>
        </CardHeader>
        <CardContent>
          <CompleteProfileForm user={user} />
        </CardContent>
      </Card>
    </div>
  );
}
