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
import { applyServerFieldErrors } from '@/web/lib/apply-server-field-errors';
import { CheckboxField } from '../components/checkbox-field';
import { LegalTermsLabel } from '../components/legal-terms-label';
import {
  PROFILE_FIELDS,
  ProfileFieldset,
  profileFieldDefaults,
} from '../components/profile-fieldset';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/shared/paths';

const formFields = [...PROFILE_FIELDS, 'username', 'acceptedLegalTerms'] as const;

function CompleteProfileForm({ user }: { user: CurrentUser }) {
  const toast = useToast();
  const navigate = useNavigate();
  const completeProfile = useCompleteProfile();
  const form = useForm<CompleteProfileInput, unknown, CompleteProfile>({
    resolver: zodResolver(CompleteProfileSchema),
    defaultValues: {
      ...profileFieldDefaults<CompleteProfileInput['howDidYouHearAboutUs']>(user),
      username: user.username ?? '',
      acceptedLegalTerms: false,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
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
        applyServerFieldErrors(error, form.setError, formFields);
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
      <ProfileFieldset form={form} details="required">
        <Field
          label="Username"
          hint="3 to 30 characters: letters, numbers, dots, hyphens and underscores"
          error={errors.username?.message}
        >
          <Input aria-required="true" autoComplete="username" {...form.register('username')} />
        </Field>
      </ProfileFieldset>
      <CheckboxField
        label={<LegalTermsLabel />}
        error={errors.acceptedLegalTerms?.message}
        {...form.register('acceptedLegalTerms')}
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
          <h1 className="text-2xl font-semibold text-ink">Complete Your Profile</h1>
          <p className="text-sm text-ink-muted">
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
