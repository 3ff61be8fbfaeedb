/** The spec's numbers and messages for accounts (part 2 sections 3, 5, 8 and 9). */

/** Part 2 section 3: the how-did-you-hear options (value = label). */
export const HOW_DID_YOU_HEAR_OPTIONS = [
  'Search Engine (Google, Bing, etc.)',
  'Social Media (LinkedIn, Twitter, etc.)',
  'Industry Contact/Referral',
  'Film Festival or Event',
  'Industry Publication',
  'Agent/Producer Recommendation',
  'Online Forum or Community',
  'Other',
] as const;
export type HowDidYouHear = (typeof HOW_DID_YOU_HEAR_OPTIONS)[number];

export const ACCOUNT_LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 8,
  /** argon2 hashes any length, but a bound keeps a megabyte "password" from costing CPU. */
  passwordMax: 128,
  emailMax: 254,
  nameMax: 100,
  phoneMin: 10,
  phoneMax: 40,
  addressMin: 10,
  addressMax: 500,
  urlMax: 500,
  lookingForMin: 20,
  lookingForMax: 2000,
  companyNameMax: 200,
  agencyClientListMin: 10,
  agencyClientListMax: 5000,
  agencyCredentialsMax: 5000,
  agencyYearsMax: 200,
  tokenMax: 200,
} as const;

/** Exact messages the spec gives (part 2 sections 5 and 8) plus the API's own answers. */
export const ACCOUNT_MESSAGES = {
  registered: 'Please check your email to verify your account before logging in.',
  agentApplicationSubmitted: 'Your agent application has been submitted for review.',
  emailVerified: 'Email verified! You can now log in to your account.',
  verificationLinkInvalid:
    'This verification link is invalid or has expired. Please request a new one.',
  verificationSent:
    'If an account with that email needs verifying, a new verification link has been sent.',
  resetLinkSent: 'If an account with that email exists, a password reset link has been sent.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email before logging in.',
  accountSuspended: 'Your account has been suspended. Please contact support.',
  usernameTaken: 'Username is already taken',
  emailTaken: 'That email address is already in use',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordChanged: 'Your password has been changed.',
  accountDeleted: 'Your account has been permanently deleted.',
  lastAdmin:
    'You are the last administrator. Appoint another administrator before deleting your account.',
  profileCompleted: 'Profile completed successfully - Your personalized experience is now ready!',
  emailChangePending: 'We have sent a verification link to your new email address.',
} as const;
