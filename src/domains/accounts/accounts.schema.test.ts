import { describe, expect, it } from 'vitest';
import { HOW_DID_YOU_HEAR_OPTIONS } from './accounts.constants';
import {
  ChangePasswordSchema,
  CompleteProfileSchema,
  EditAccountSchema,
  RegisterBodySchema,
  SignInSchema,
} from './accounts.schema';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('[ACCOUNTS] shared form schemas', () => {
  it("offers the spec's eight how-did-you-hear options in order", () => {
    expect(HOW_DID_YOU_HEAR_OPTIONS).toEqual([
      'Search Engine (Google, Bing, etc.)',
      'Social Media (LinkedIn, Twitter, etc.)',
      'Industry Contact/Referral',
      'Film Festival or Event',
      'Industry Publication',
      'Agent/Producer Recommendation',
      'Online Forum or Community',
      'Other',
    ]);
  });

  it('shows the password mismatch at once, alongside other errors', () => {
    const result = ChangePasswordSchema.safeParse({
      currentPassword: '',
      newPassword: 'long-enough',
      confirmPassword: 'different',
    });
    expect(messagesOf(result)).toEqual({
      currentPassword: 'Current password is required',
      confirmPassword: "Passwords don't match",
    });
  });

  it('accepts what an empty optional form field sends', () => {
    const result = EditAccountSchema.safeParse({
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.test',
      username: 'abc',
      phoneNumber: '',
      address: '',
      imdbPageLink: '',
      whatAreYouLookingFor: '',
      howDidYouHearAboutUs: '',
      companyName: '',
    });
    expect(result.success).toBe(true);
  });

  it('picks the producer or agent rules from the role', () => {
    const base = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.test',
      username: 'abc',
      password: 'long-enough',
      confirmPassword: 'long-enough',
      acceptedLegalTerms: true,
    };
    expect(RegisterBodySchema.safeParse({ ...base, role: 'producer' }).success).toBe(true);
    expect(messagesOf(RegisterBodySchema.safeParse({ ...base, role: 'agent' }))).toMatchObject({
      companyName: 'Agency name is required',
      agencyClientList: 'Please provide details about your client list',
    });
  });

  it('reads the sign-in and complete-profile messages of the spec', () => {
    expect(messagesOf(SignInSchema.safeParse({ email: 'x', password: '' }))).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
    expect(messagesOf(CompleteProfileSchema.safeParse({}))).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      address: 'Please provide a complete address',
      phoneNumber: 'Please provide a valid phone number',
      howDidYouHearAboutUs: 'Please select how you heard about us',
      acceptedLegalTerms: 'You must accept the terms and conditions',
    });
  });
});
