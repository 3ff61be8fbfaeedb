import { useForm, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Briefcase, Clapperboard } from 'lucide-react';
import { RegisterBodySchema, type RegisterBody } from '../../accounts.schema';
import { useRegister } from '../api/register';
import { applyServerFieldErrors } from '@/web/lib/apply-server-field-errors';
import { CheckboxField } from './checkbox-field';
import { LegalTermsLabel } from './legal-terms-label';
import { ProfileFieldset } from './profile-fieldset';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input, Textarea } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';

export type AccountType = RegisterBody['role'];

/** Every input of both account types; the role picks which schema checks them. */
interface SignUpFormValues {
  role: AccountType;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  acceptedLegalTerms: boolean;
  companyName: string;
  phoneNumber: string;
  address: string;
  imdbPageLink: string;
  whatAreYouLookingFor: string;
  howDidYouHearAboutUs: string;
  agencyWebsite: string;
  agencyYearsInBusiness: number;
  agencyClientList: string;
  agencyContactPhone: string;
  agencyCredentials: string;
}

const formFields: readonly (keyof SignUpFormValues)[] = [
  'role',
  'firstName',
  'lastName',
  'email',
  'username',
  'password',
  'confirmPassword',
  'acceptedLegalTerms',
  'companyName',
  'phoneNumber',
  'address',
  'imdbPageLink',
  'whatAreYouLookingFor',
  'howDidYouHearAboutUs',
  'agencyWebsite',
  'agencyYearsInBusiness',
  'agencyClientList',
  'agencyContactPhone',
  'agencyCredentials',
];

/*
 * RegisterBodySchema is a union discriminated by role, so its input type is a union too; the
 * form keeps one flat set of inputs, and the schema drops the other type's fields on output.
 */
const signUpResolver = zodResolver(RegisterBodySchema) as unknown as Resolver<
  SignUpFormValues,
  unknown,
  RegisterBody
>;

const accountTypes: { value: AccountType; label: string; hint: string; icon: typeof Briefcase }[] =
  [
    { value: 'producer', label: 'Producer', hint: 'Find and option IP', icon: Clapperboard },
    { value: 'agent', label: 'Literary Agent', hint: 'List IP for adaptation', icon: Briefcase },
  ];

interface SignUpFormProps {
  initialAccountType: AccountType;
  onRegistered: (accountType: AccountType) => void;
}

export function SignUpForm({ initialAccountType, onRegistered }: SignUpFormProps) {
  const toast = useToast();
  const registration = useRegister();
  const form = useForm<SignUpFormValues, unknown, RegisterBody>({
    resolver: signUpResolver,
    defaultValues: {
      role: initialAccountType,
      firstName: '',
      lastName: '',
      email: '',
      username: '',
      password: '',
      confirmPassword: '',
      acceptedLegalTerms: false,
      companyName: '',
      phoneNumber: '',
      address: '',
      imdbPageLink: '',
      whatAreYouLookingFor: '',
      howDidYouHearAboutUs: '',
      agencyWebsite: '',
      agencyClientList: '',
      agencyContactPhone: '',
      agencyCredentials: '',
    },
  });
  const {
    register,
    handleSubmit,
    watch,
    clearErrors,
    setError,
    formState: { errors },
  } = form;
  const accountType = watch('role');

  const onSubmit = handleSubmit((values) => {
    registration.mutate(values, {
      onSuccess: () => onRegistered(values.role),
      onError: (error) => {
        applyServerFieldErrors(error, setError, formFields);
        toast({
          title: 'Registration failed',
          description: errorMessage(error, 'Please check your details and try again.'),
          variant: 'destructive',
        });
      },
    });
  });

  const roleField = register('role', { onChange: () => clearErrors() });

  // Between the names and the profile details: the sign-in details, then an agent's agency.
  const accountFields = (
    <>
      <Field label="Email" error={errors.email?.message}>
        <Input aria-required="true" type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Field label="Username" error={errors.username?.message}>
        <Input aria-required="true" autoComplete="username" {...register('username')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Password" hint="At least 8 characters" error={errors.password?.message}>
          <Input
            aria-required="true"
            type="password"
            autoComplete="new-password"
            {...register('password')}
          />
        </Field>
        <Field label="Confirm Password" error={errors.confirmPassword?.message}>
          <Input
            aria-required="true"
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
        </Field>
      </div>

      {accountType === 'agent' ? <AgencyDetails register={register} errors={errors} /> : null}
    </>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink">Account type</legend>
        <div className="grid grid-cols-2 gap-2">
          {accountTypes.map((type) => {
            const Icon = type.icon;
            const isSelected = accountType === type.value;
            return (
              <label
                key={type.value}
                className={cn(
                  'flex cursor-pointer flex-col items-center gap-1 rounded-md border p-3 text-center text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
                  isSelected
                    ? 'border-brand-700 bg-brand-50 text-brand-900'
                    : 'border-slate-300 text-ink-soft hover:bg-surface-page',
                )}
              >
                <input type="radio" value={type.value} className="sr-only" {...roleField} />
                <Icon className="h-5 w-5" aria-hidden="true" />
                <span className="font-medium">{type.label}</span>
                <span className="text-xs text-ink-muted">{type.hint}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <ProfileFieldset
        form={form}
        details={accountType === 'agent' ? 'none' : 'optional'}
        renderDetails={(fields) => (
          <section aria-labelledby="producer-details-heading" className="space-y-4">
            <div>
              <h3 id="producer-details-heading" className="font-semibold text-ink">
                About you (optional)
              </h3>
              <p className="text-sm text-ink-muted">
                These help us tailor recommendations; you can add them later.
              </p>
            </div>
            <Field label="Company Name" error={errors.companyName?.message}>
              <Input autoComplete="organization" {...register('companyName')} />
            </Field>
            {fields}
          </section>
        )}
      >
        {accountFields}
      </ProfileFieldset>

      <CheckboxField
        label={<LegalTermsLabel />}
        error={errors.acceptedLegalTerms?.message}
        {...register('acceptedLegalTerms')}
      />

      <Button type="submit" className="w-full" disabled={registration.isPending}>
        {registration.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}

/** An agent's agency: what the team checks before verifying the account. */
function AgencyDetails({
  register,
  errors,
}: {
  register: UseFormRegister<SignUpFormValues>;
  errors: FieldErrors<SignUpFormValues>;
}) {
  return (
    <section aria-labelledby="agency-details-heading" className="space-y-4">
      <div>
        <h3 id="agency-details-heading" className="font-semibold text-ink">
          Agency details
        </h3>
        <p className="text-sm text-ink-muted">
          Agent accounts are verified manually by our team before they can list IP.
        </p>
      </div>
      <Field label="Agency Name" error={errors.companyName?.message}>
        <Input aria-required="true" autoComplete="organization" {...register('companyName')} />
      </Field>
      <Field label="Agency Website" error={errors.agencyWebsite?.message}>
        <Input
          aria-required="true"
          type="url"
          inputMode="url"
          placeholder="https://"
          autoComplete="url"
          {...register('agencyWebsite')}
        />
      </Field>
      <Field label="Years in Business" error={errors.agencyYearsInBusiness?.message}>
        <Input
          aria-required="true"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          {...register('agencyYearsInBusiness', { valueAsNumber: true })}
        />
      </Field>
      <Field
        label="Client List"
        hint="The authors and titles you represent"
        error={errors.agencyClientList?.message}
      >
        <Textarea aria-required="true" rows={3} {...register('agencyClientList')} />
      </Field>
      <Field
        label="Agency Contact Phone"
        hint="Optional"
        error={errors.agencyContactPhone?.message}
      >
        <Input type="tel" autoComplete="tel" {...register('agencyContactPhone')} />
      </Field>
      <Field
        label="Credentials"
        hint="Optional: memberships, notable deals or references"
        error={errors.agencyCredentials?.message}
      >
        <Textarea rows={3} {...register('agencyCredentials')} />
      </Field>
    </section>
  );
}
