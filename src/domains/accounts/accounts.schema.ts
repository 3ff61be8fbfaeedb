import { z } from 'zod';
import { safeString } from '@/shared/text';
import { MembershipTierSchema } from '@/shared/roles';
import { ACCOUNT_LIMITS as L, HOW_DID_YOU_HEAR_OPTIONS } from './accounts.constants';

/** The signed-in user as the browser sees it (never the password hash). */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  membershipTier: MembershipTierSchema,
  profileImageUrl: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  imdbPageLink: z.string().nullable(),
  whatAreYouLookingFor: z.string().nullable(),
  howDidYouHearAboutUs: z.string().nullable(),
  companyName: z.string().nullable(),
  /** A producer's choice: agents may see their name and company when they view a listing. */
  showNameToAgents: z.boolean(),
  agentVerificationStatus: z.string().nullable(),
  premiumExpiresAt: z.string().nullable(),
  premiumAutoRenew: z.boolean(),
  pendingEmail: z.string().nullable(),
  isProfileComplete: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/*
 * Form and request schemas. The same schema validates the web form (react-hook-form with
 * zodResolver) and the route body, so each rule and its message is written once (part 2
 * section 5). Optional text fields accept '' (an empty input); the server stores '' as null.
 * Every string is bounded so oversized input is a 400, not a slow write.
 */

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

function emailField(message: string) {
  return safeString({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(L.emailMax, tooLong('Email', L.emailMax))
    .pipe(z.email(message));
}

const firstNameField = safeString({ error: 'First name is required' })
  .trim()
  .min(1, 'First name is required')
  .max(L.nameMax, tooLong('First name', L.nameMax));

const lastNameField = safeString({ error: 'Last name is required' })
  .trim()
  .min(1, 'Last name is required')
  .max(L.nameMax, tooLong('Last name', L.nameMax));

/** Public handle; letters, digits, dots, hyphens and underscores keep it safe to show and link. */
const usernameField = safeString({ error: 'Username is required' })
  .trim()
  .min(L.usernameMin, 'Username must be at least 3 characters')
  .max(L.usernameMax, 'Username must be less than 30 characters')
  .regex(
    /^[A-Za-z0-9._-]+$/,
    'Username can only contain letters, numbers, dots, hyphens and underscores',
  );

const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(L.passwordMin, 'Password must be at least 8 characters')
  .max(L.passwordMax, tooLong('Password', L.passwordMax));

function optionalText(label: string, max: number) {
  return safeString().trim().max(max, tooLong(label, max)).optional();
}

function optionalUrl(message: string) {
  return safeString()
    .trim()
    .max(L.urlMax, tooLong('Link', L.urlMax))
    .refine((v) => v === '' || isHttpUrl(v), message)
    .optional();
}

const howDidYouHearRequired = z.enum(HOW_DID_YOU_HEAR_OPTIONS, {
  error: 'Please select how you heard about us',
});
const howDidYouHearOptional = z
  .union([z.literal(''), howDidYouHearRequired], {
    error: 'Please select how you heard about us',
  })
  .optional();

/**
 * The profile questions that sign-up and edit account leave optional (complete profile asks
 * them as required). The IMDB link's message differs between the two forms in the spec.
 */
function optionalProfileFields(imdbLinkMessage: string) {
  return {
    phoneNumber: optionalText('Phone number', L.phoneMax),
    address: optionalText('Address', L.addressMax),
    imdbPageLink: optionalUrl(imdbLinkMessage),
    whatAreYouLookingFor: optionalText('This answer', L.lookingForMax),
    howDidYouHearAboutUs: howDidYouHearOptional,
  };
}

const acceptedLegalTermsField = z
  .boolean({ error: 'You must accept the terms and conditions' })
  .refine((v) => v, 'You must accept the terms and conditions');

const PASSWORDS_DONT_MATCH = "Passwords don't match";

/** Runs the match check even when other fields are still invalid, so the message shows at once. */
function passwordsMatch<K extends string, C extends string>(passwordKey: K, confirmKey: C) {
  return {
    message: PASSWORDS_DONT_MATCH,
    path: [confirmKey],
    when(payload: { value: unknown }) {
      const v = payload.value;
      if (typeof v !== 'object' || v === null) return false;
      const fields = v as Record<string, unknown>;
      return typeof fields[passwordKey] === 'string' && typeof fields[confirmKey] === 'string';
    },
  };
}

const signUpBase = {
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField('Please enter a valid email address'),
  username: usernameField,
  password: newPasswordField,
  confirmPassword: z
    .string({ error: 'Please confirm your password' })
    .min(L.passwordMin, 'Password must be at least 8 characters')
    .max(L.passwordMax, tooLong('Password', L.passwordMax)),
  acceptedLegalTerms: acceptedLegalTermsField,
  ...optionalProfileFields('Please provide a valid IMDB URL'),
};

export const ProducerSignUpSchema = z
  .object({
    ...signUpBase,
    role: z.literal('producer'),
    companyName: optionalText('Company name', L.companyNameMax),
  })
  .refine((d) => d.password === d.confirmPassword, passwordsMatch('password', 'confirmPassword'));
export type ProducerSignUp = z.infer<typeof ProducerSignUpSchema>;
export type ProducerSignUpInput = z.input<typeof ProducerSignUpSchema>;

export const AgentSignUpSchema = z
  .object({
    ...signUpBase,
    role: z.literal('agent'),
    companyName: safeString({ error: 'Agency name is required' })
      .trim()
      .min(1, 'Agency name is required')
      .max(L.companyNameMax, tooLong('Agency name', L.companyNameMax)),
    agencyWebsite: safeString({ error: 'Please enter a valid website URL' })
      .trim()
      .max(L.urlMax, tooLong('Website', L.urlMax))
      .refine(isHttpUrl, 'Please enter a valid website URL'),
    /** The form sends a number (register with valueAsNumber). */
    agencyYearsInBusiness: z
      .number({ error: 'Years in business must be positive' })
      .int('Years in business must be a whole number')
      .min(0, 'Years in business must be positive')
      .max(L.agencyYearsMax, `Years in business must be at most ${L.agencyYearsMax}`),
    agencyClientList: safeString({ error: 'Please provide details about your client list' })
      .trim()
      .min(L.agencyClientListMin, 'Please provide details about your client list')
      .max(L.agencyClientListMax, tooLong('Client list', L.agencyClientListMax)),
    agencyContactPhone: optionalText('Agency contact phone', L.phoneMax),
    agencyCredentials: optionalText('Credentials', L.agencyCredentialsMax),
  })
  .refine((d) => d.password === d.confirmPassword, passwordsMatch('password', 'confirmPassword'));
export type AgentSignUp = z.infer<typeof AgentSignUpSchema>;
export type AgentSignUpInput = z.input<typeof AgentSignUpSchema>;

/** POST /api/auth/register: one body, chosen by role. */
export const RegisterBodySchema = z.discriminatedUnion(
  'role',
  [ProducerSignUpSchema, AgentSignUpSchema],
  {
    error: 'Please choose a producer or agent account',
  },
);
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/**
 * POST /api/auth/register answer. The same for a new and an already registered email, so it
 * never reveals whether an address has an account. `message` is always the verify-your-email
 * text; `agentApplicationSubmitted` is true for agent sign-ups, whose panel also shows
 * ACCOUNT_MESSAGES.agentApplicationSubmitted (returned as `agentMessage`).
 */
export const RegisterResponseSchema = z.object({
  message: z.string(),
  agentApplicationSubmitted: z.boolean(),
  agentMessage: z.string().nullable(),
});
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const SignInSchema = z.object({
  email: emailField('Please enter a valid email address'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(L.passwordMax, tooLong('Password', L.passwordMax)),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const ForgotPasswordSchema = z.object({
  email: emailField('Please enter a valid email address'),
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

/** Spec: email required and non-blank (no format rule). */
export const ResendVerificationSchema = z.object({
  email: safeString({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(L.emailMax, tooLong('Email', L.emailMax)),
});
export type ResendVerification = z.infer<typeof ResendVerificationSchema>;

export const ResetPasswordSchema = z
  .object({
    // Hashed before any query (never stored as sent), so it keeps the link's own message.
    token: z
      .string({ error: 'This password reset link is invalid or has expired.' })
      .min(1, 'This password reset link is invalid or has expired.')
      .max(L.tokenMax, 'This password reset link is invalid or has expired.'),
    password: newPasswordField,
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password')
      .max(L.passwordMax, tooLong('Password', L.passwordMax)),
  })
  .refine((d) => d.password === d.confirmPassword, passwordsMatch('password', 'confirmPassword'));
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const CompleteProfileSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  username: usernameField,
  address: safeString({ error: 'Please provide a complete address' })
    .trim()
    .min(L.addressMin, 'Please provide a complete address')
    .max(L.addressMax, tooLong('Address', L.addressMax)),
  phoneNumber: safeString({ error: 'Please provide a valid phone number' })
    .trim()
    .min(L.phoneMin, 'Please provide a valid phone number')
    .max(L.phoneMax, tooLong('Phone number', L.phoneMax)),
  imdbPageLink: optionalUrl('Please provide a valid IMDB URL'),
  whatAreYouLookingFor: safeString({
    error: 'Please tell us what you are looking for (at least 20 characters)',
  })
    .trim()
    .min(L.lookingForMin, 'Please tell us what you are looking for (at least 20 characters)')
    .max(L.lookingForMax, tooLong('This answer', L.lookingForMax)),
  howDidYouHearAboutUs: howDidYouHearRequired,
  acceptedLegalTerms: acceptedLegalTermsField,
});
export type CompleteProfile = z.infer<typeof CompleteProfileSchema>;
export type CompleteProfileInput = z.input<typeof CompleteProfileSchema>;

export const EditAccountSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField('Invalid email address'),
  username: usernameField,
  ...optionalProfileFields('Must be a valid URL'),
  companyName: optionalText('Company name', L.companyNameMax),
  /** Absent keeps the current choice. */
  showNameToAgents: z.boolean().optional(),
});
export type EditAccount = z.infer<typeof EditAccountSchema>;
export type EditAccountInput = z.input<typeof EditAccountSchema>;

const changePasswordFields = {
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(L.passwordMax, tooLong('Password', L.passwordMax)),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(L.passwordMin, 'Password must be at least 8 characters')
    .max(L.passwordMax, tooLong('Password', L.passwordMax)),
};

/** The Security Settings form: the new password twice. */
export const ChangePasswordSchema = z
  .object({
    ...changePasswordFields,
    confirmPassword: z
      .string({ error: 'Please confirm your new password' })
      .min(1, 'Please confirm your new password')
      .max(L.passwordMax, tooLong('Password', L.passwordMax)),
  })
  .refine(
    (d) => d.newPassword === d.confirmPassword,
    passwordsMatch('newPassword', 'confirmPassword'),
  );
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** PUT /api/auth/change-password: the spec's payload is {currentPassword, newPassword}; a
 * confirmPassword, when sent, must match. */
export const ChangePasswordBodySchema = z
  .object({
    ...changePasswordFields,
    confirmPassword: z.string().max(L.passwordMax, tooLong('Password', L.passwordMax)).optional(),
  })
  .refine((d) => d.confirmPassword === undefined || d.newPassword === d.confirmPassword, {
    ...passwordsMatch('newPassword', 'confirmPassword'),
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** Answers carrying only a message (verify, resend, forgot, reset, delete). */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** PUT /api/auth/profile answer: the user, plus whether a new address awaits verification. */
export const EditAccountResponseSchema = z.object({
  user: CurrentUserSchema,
  emailChangePending: z.boolean(),
  message: z.string().nullable(),
});
export type EditAccountResponse = z.infer<typeof EditAccountResponseSchema>;

/**
 * The profile fields that sign-up, complete profile and edit account all write (the server
 * maps them to columns in one place: accounts/server/profile-columns.ts).
 */
export type ProfileFields = Pick<
  EditAccount,
  | 'firstName'
  | 'lastName'
  | 'username'
  | 'phoneNumber'
  | 'address'
  | 'imdbPageLink'
  | 'whatAreYouLookingFor'
  | 'howDidYouHearAboutUs'
>;
