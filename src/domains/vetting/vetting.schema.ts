/**
 * Producer verification (issue 35): what a producer sends to be verified, what the admin
 * console reads and decides, and a listing's "verified producers only" offer policy. Shared by
 * the routes and the pages; the messages a user reads are written here once.
 */
import { z } from 'zod';
import { safeString } from '@/shared/text';

export const VETTING_MESSAGES = {
  onlyProducers: 'Only producers can apply for verification',
  alreadyPending: 'Your verification application is already waiting for review',
  alreadyVerified: 'You are already a verified producer',
  applied: 'Thank you: an administrator will review your application and email you',
  applicationNotFound: 'Application not found',
  alreadyDecided: 'This application has already been decided',
  approved: 'Producer verified',
  rejected: 'Producer application rejected',
  listingNotFound: 'Listing not found',
  notYourListing: 'Only the agent of this listing can change who may make offers on it',
  /** Shown on the listing page before a producer starts, and answered by the offer API. */
  verifiedOnly:
    'This listing accepts offers only from verified producers. Apply for verification from your Producer verification page before making an offer.',
  noIds: 'Send the user ids as a comma-separated list of at most 100 numbers',
} as const;

export const VETTING_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VettingStatus = (typeof VETTING_STATUSES)[number];

const text = (label: string, max: number) =>
  safeString()
    .trim()
    .min(1, { error: `Enter your ${label}` })
    .max(max, { error: `Your ${label} must be at most ${max} characters` });

const thisYear = new Date().getFullYear();

export const CreditSchema = z.object({
  title: text('credit title', 200),
  year: z
    .number({ error: 'A credit year must be a number' })
    .int({ error: 'A credit year must be a whole number' })
    .min(1900, { error: 'A credit year must be 1900 or later' })
    .max(thisYear + 5, { error: `A credit year must be ${thisYear + 5} or earlier` }),
  role: text('role on the credit', 100),
});
export type Credit = z.infer<typeof CreditSchema>;

export const ApplicationBodySchema = z.object({
  company: text('company', 200),
  role: text('role at the company', 100),
  website: safeString()
    .trim()
    .max(300, { error: 'The website must be at most 300 characters' })
    .refine((value) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), {
      error: 'Enter the website as a full address, starting with https://',
    }),
  credits: z
    .array(CreditSchema, { error: 'List your credits' })
    .min(1, { error: 'Add at least one credit' })
    .max(20, { error: 'List at most 20 credits' }),
  reference: text('reference (who can vouch for you, and how to reach them)', 500),
});
export type ApplicationBody = z.infer<typeof ApplicationBodySchema>;

export const ApplicationSchema = ApplicationBodySchema.extend({
  id: z.number().int(),
  userId: z.number().int(),
  status: z.enum(VETTING_STATUSES),
  notes: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Application = z.infer<typeof ApplicationSchema>;

export const MyVerificationSchema = z.object({
  verified: z.boolean(),
  application: ApplicationSchema.nullable(),
});
export type MyVerification = z.infer<typeof MyVerificationSchema>;

export const PendingApplicationSchema = ApplicationSchema.extend({
  producerName: z.string(),
  producerEmail: z.string(),
});
export const PendingApplicationsSchema = z.object({
  applications: z.array(PendingApplicationSchema),
});
export type PendingApplications = z.infer<typeof PendingApplicationsSchema>;

export const DecisionBodySchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Choose approve or reject' }),
  notes: safeString()
    .trim()
    .max(2000, { error: 'Notes must be at most 2000 characters' })
    .optional(),
});
export type DecisionBody = z.infer<typeof DecisionBodySchema>;

export const DecisionResponseSchema = z.object({
  message: z.string(),
  application: ApplicationSchema,
});

export const OfferPolicySchema = z.object({
  listingId: z.number().int(),
  verifiedOnly: z.boolean(),
  /** Whether the signed-in user may make an offer under the policy (agents: false). */
  mayOffer: z.boolean(),
  /** Why not, in our words, when a producer may not. */
  reason: z.string().nullable(),
});
export type OfferPolicy = z.infer<typeof OfferPolicySchema>;

export const OfferPolicyBodySchema = z.object({
  verifiedOnly: z.boolean({ error: 'verifiedOnly must be true or false' }),
});

export const VerifiedQuerySchema = z.object({
  ids: safeString()
    .max(1200, { error: VETTING_MESSAGES.noIds })
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, { error: VETTING_MESSAGES.noIds }),
});
export const VerifiedResponseSchema = z.object({ verifiedIds: z.array(z.number().int()) });
