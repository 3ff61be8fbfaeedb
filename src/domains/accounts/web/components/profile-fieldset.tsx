import type { ReactNode } from 'react';
import {
  FormProvider,
  useFormContext,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { Field } from '@/web/components/ui/field';
import { Input, Textarea } from '@/web/components/ui/input';
import type { CurrentUser } from '../../accounts.schema';
import { HowDidYouHearSelect } from './how-did-you-hear-select';

/** The seven profile fields, named as the sign-up, Complete Profile and Edit Account forms name them. */
export interface ProfileFieldValues {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  address: string;
  imdbPageLink: string;
  whatAreYouLookingFor: string;
  howDidYouHearAboutUs: string;
}

/** Their names, for putting the server's field messages under them. */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'phoneNumber',
  'address',
  'imdbPageLink',
  'whatAreYouLookingFor',
  'howDidYouHearAboutUs',
] as const satisfies readonly (keyof ProfileFieldValues)[];

/**
 * Their starting values from the signed-in user ('' for what is missing). `Answer` is the
 * form's type of the how-did-you-hear answer: an unknown stored answer shows as 'Select an
 * option' rather than a wrong choice.
 */
export function profileFieldDefaults<Answer extends string | undefined>(user: CurrentUser) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber ?? '',
    address: user.address ?? '',
    imdbPageLink: user.imdbPageLink ?? '',
    whatAreYouLookingFor: user.whatAreYouLookingFor ?? '',
    howDidYouHearAboutUs: (user.howDidYouHearAboutUs ?? '') as Answer,
  };
}

/** A form that has the seven fields (its schema's input type may leave some optional). */
type ProfileFormValues = FieldValues & { [Name in keyof ProfileFieldValues]?: unknown };

interface ProfileFieldsetProps<TValues extends FieldValues, TContext, TOutput> {
  /** The page's form (useForm's answer); its own schema checks the values. */
  form: UseFormReturn<TValues, TContext, TOutput>;
  /**
   * 'required': Complete Profile asks for every detail and says what it wants; 'optional':
   * sign-up and Edit Account; 'none': no details (an agent signs up with agency details).
   */
  details: 'required' | 'optional' | 'none';
  /** What stands between the names and the details: email, username, company… */
  children?: ReactNode;
  /** Puts the details in a section of their own (sign-up's 'About you', with its heading). */
  renderDetails?: (fields: ReactNode) => ReactNode;
}

/** The profile fields of the three account forms (sign-up, Complete Profile, Edit Account). */
export function ProfileFieldset<TValues extends ProfileFormValues, TContext, TOutput>({
  form,
  ...props
}: ProfileFieldsetProps<TValues, TContext, TOutput>) {
  return (
    <FormProvider {...form}>
      <ProfileFields {...props} />
    </FormProvider>
  );
}

/** Reads the form from the context, where any form with the seven fields looks the same. */
function ProfileFields({
  details,
  children,
  renderDetails,
}: Omit<ProfileFieldsetProps<ProfileFieldValues, unknown, unknown>, 'form'>) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProfileFieldValues>();
  const isRequired = details === 'required';
  const required = isRequired ? ({ 'aria-required': 'true' } as const) : {};

  const detailFields = (
    <>
      <Field label="Phone Number" error={errors.phoneNumber?.message}>
        <Input type="tel" autoComplete="tel" {...required} {...register('phoneNumber')} />
      </Field>
      <Field label="Address" error={errors.address?.message}>
        <Textarea rows={2} autoComplete="street-address" {...required} {...register('address')} />
      </Field>
      <Field
        label="IMDb Page Link"
        hint={isRequired ? 'Optional' : undefined}
        error={errors.imdbPageLink?.message}
      >
        <Input
          type="url"
          inputMode="url"
          placeholder="https://www.imdb.com/name/..."
          {...register('imdbPageLink')}
        />
      </Field>
      <Field
        label="What are you looking for?"
        hint={
          isRequired
            ? 'Genres, formats or kinds of stories you want to adapt (at least 20 characters)'
            : undefined
        }
        error={errors.whatAreYouLookingFor?.message}
      >
        <Textarea rows={isRequired ? 4 : 3} {...required} {...register('whatAreYouLookingFor')} />
      </Field>
      <Field label="How did you hear about us?" error={errors.howDidYouHearAboutUs?.message}>
        <HowDidYouHearSelect {...required} {...register('howDidYouHearAboutUs')} />
      </Field>
    </>
  );

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First Name" error={errors.firstName?.message}>
          <Input aria-required="true" autoComplete="given-name" {...register('firstName')} />
        </Field>
        <Field label="Last Name" error={errors.lastName?.message}>
          <Input aria-required="true" autoComplete="family-name" {...register('lastName')} />
        </Field>
      </div>
      {children}
      {details === 'none' ? null : renderDetails ? renderDetails(detailFields) : detailFields}
    </>
  );
}
