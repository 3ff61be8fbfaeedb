/**
 * Mandates (issue 35): what a premium producer is looking for, the listings that fit it, and
 * the pitches agents send. Shared by the routes and the pages; messages are written here once.
 */
import { z } from 'zod';
import { safeString } from '@/shared/text';
import { MEDIUMS, RIGHTS } from '@/domains/listings/listings.constants';

export const MANDATE_MESSAGES = {
  notFound: 'Mandate not found',
  producersOnly: 'Only producers can post mandates',
  notYours: 'Only the producer who posted this mandate can do that',
  closed: 'This mandate is closed',
  alreadyClosed: 'This mandate is already closed',
  agentsOnly: 'Only agents can pitch a listing to a mandate',
  notYourListing: 'You can only pitch your own listings',
  alreadyPitched: 'You have already pitched this listing to this mandate',
  pitchLimit: 'You have sent the most pitches allowed in a day. Try again tomorrow.',
  muted: 'This producer is not taking pitches from you',
  pitchNotFound: 'Pitch not found',
  pitchAnswered: 'This pitch has already been answered or declined',
  budgetOrder: 'The top of the budget must be at least its bottom',
  labelRequired: 'Describe yourself for an anonymous mandate, e.g. "a London drama producer"',
  openUntilPast: 'The closing date must be after today',
  openUntilFar: 'A mandate may stay open for at most a year',
  listingNotFound: 'Listing not found',
} as const;

/** Pitches an agent may send in 24 hours (abuse: a mandate is not a mailing list). */
export const PITCHES_PER_DAY = 10;

const list = <T extends z.ZodType>(item: T, label: string, max: number) =>
  z
    .array(item, { error: `Choose the ${label}` })
    .min(1, { error: `Choose at least one of the ${label}` })
    .max(max, { error: `Choose at most ${max} ${label}` });

const pounds = (label: string) =>
  z
    .number({ error: `The ${label} must be an amount in pounds` })
    .int({ error: `The ${label} must be whole pounds` })
    .min(0, { error: `The ${label} cannot be negative` })
    .max(100_000_000, { error: `The ${label} must be at most £100,000,000` });

export const MandateBodySchema = z
  .object({
    media: list(z.enum(MEDIUMS, { error: 'Choose media from the list' }), 'media', 11),
    genres: list(
      safeString().trim().min(1, { error: 'A genre cannot be empty' }).max(50, {
        error: 'A genre must be at most 50 characters',
      }),
      'genres',
      10,
    ),
    budgetMin: pounds('bottom of the budget'),
    budgetMax: pounds('top of the budget'),
    rights: list(z.enum(RIGHTS, { error: 'Choose rights from the list' }), 'rights', 8),
    territories: list(
      safeString().trim().min(1, { error: 'A territory cannot be empty' }).max(100, {
        error: 'A territory must be at most 100 characters',
      }),
      'territories',
      20,
    ),
    description: safeString()
      .trim()
      .min(20, { error: 'Describe what you are looking for in at least 20 characters' })
      .max(2000, { error: 'The description must be at most 2000 characters' }),
    anonymous: z.boolean({ error: 'anonymous must be true or false' }).default(false),
    anonymousLabel: safeString()
      .trim()
      .max(100, { error: 'The description of yourself must be at most 100 characters' })
      .optional(),
    openUntil: z.iso.date({ error: 'Give the closing date as YYYY-MM-DD' }),
  })
  .refine((body) => body.budgetMax >= body.budgetMin, {
    error: MANDATE_MESSAGES.budgetOrder,
    path: ['budgetMax'],
  })
  .refine((body) => !body.anonymous || (body.anonymousLabel ?? '').length >= 3, {
    error: MANDATE_MESSAGES.labelRequired,
    path: ['anonymousLabel'],
  });
export type MandateBody = z.infer<typeof MandateBodySchema>;

export const MandateSchema = z.object({
  id: z.number().int(),
  media: z.array(z.string()),
  genres: z.array(z.string()),
  budgetMin: z.number().int(),
  budgetMax: z.number().int(),
  rights: z.array(z.string()),
  territories: z.array(z.string()),
  description: z.string(),
  anonymous: z.boolean(),
  /** Who posted it as the viewer may know it: a name, or the anonymous description. */
  postedBy: z.string(),
  /** The producer's id: null for an anonymous mandate unless the viewer may know who it is. */
  producerId: z.number().int().nullable(),
  producerVerified: z.boolean(),
  isMine: z.boolean(),
  status: z.enum(['open', 'closed']),
  openUntil: z.string(),
  createdAt: z.string(),
});
export type Mandate = z.infer<typeof MandateSchema>;

export const MandateListSchema = z.object({ mandates: z.array(MandateSchema) });

export const MandateSearchSchema = z.object({
  search: safeString().max(200, { error: 'The search must be at most 200 characters' }).optional(),
  medium: z.enum(MEDIUMS, { error: 'Choose a medium from the list' }).optional(),
});

export const MatchSchema = z.object({
  score: z.number(),
  /** Why it fits, in a sentence a person reads. */
  reason: z.string(),
});

export const ListingMatchSchema = MatchSchema.extend({
  listingId: z.number().int(),
  title: z.string(),
  author: z.string(),
  medium: z.string(),
});
export const MandateListingsSchema = z.object({ listings: z.array(ListingMatchSchema) });

export const AgentMatchesSchema = z.object({
  listings: z.array(
    z.object({
      listingId: z.number().int(),
      title: z.string(),
      mandates: z.array(MatchSchema.extend({ mandate: MandateSchema, pitched: z.boolean() })),
    }),
  ),
});
export type AgentMatches = z.infer<typeof AgentMatchesSchema>;

export const PitchBodySchema = z.object({
  listingId: z
    .number({ error: 'Choose one of your listings to pitch' })
    .int()
    .min(1)
    .max(2_147_483_647),
  message: safeString()
    .trim()
    .min(1, { error: 'Write a short pitch' })
    .max(2000, { error: 'The pitch must be at most 2000 characters' }),
});

export const PITCH_STATUSES = ['sent', 'answered', 'declined'] as const;

export const PitchSchema = z.object({
  id: z.number().int(),
  mandateId: z.number().int(),
  listingId: z.number().int(),
  listingTitle: z.string(),
  agentId: z.number().int(),
  agentName: z.string(),
  message: z.string(),
  status: z.enum(PITCH_STATUSES),
  answer: z.string().nullable(),
  /** The mandate's producer as the viewer may know them (anonymous until they answer). */
  postedBy: z.string(),
  /** The inbox conversation once answered. */
  threadId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Pitch = z.infer<typeof PitchSchema>;
export const PitchListSchema = z.object({ pitches: z.array(PitchSchema) });

export const AnswerBodySchema = z.object({
  message: safeString()
    .trim()
    .min(1, { error: 'Write your answer' })
    .max(2000, { error: 'The answer must be at most 2000 characters' }),
});

export const MuteBodySchema = z.object({
  muted: z.boolean({ error: 'muted must be true or false' }),
});
