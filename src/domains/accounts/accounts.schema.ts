import { z } from 'zod';

export const ROLES = ['producer', 'agent', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const MEMBERSHIP_TIERS = ['free', 'premium'] as const;
export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number];

/** The signed-in user as the browser sees it (never the password hash). */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  membershipTier: z.enum(MEMBERSHIP_TIERS),
  profileImageUrl: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  imdbPageLink: z.string().nullable(),
  whatAreYouLookingFor: z.string().nullable(),
  howDidYouHearAboutUs: z.string().nullable(),
  companyName: z.string().nullable(),
  agentVerificationStatus: z.string().nullable(),
  premiumExpiresAt: z.string().nullable(),
  premiumAutoRenew: z.boolean(),
  pendingEmail: z.string().nullable(),
  isProfileComplete: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
