import { z } from 'zod';
import { IdParamSchema } from '@/shared/ids';
import { safeString } from '@/shared/text';
import { MESSAGE_MAX } from './inbox.constants';

export const DEAL_MESSAGES = {
  bodyRequired: 'Please write your question',
  bodyTooLong: `Must be at most ${MESSAGE_MAX} characters`,
  dailyLimit:
    'You have started as many new conversations as a new account may today. Please try again tomorrow.',
  muted: 'The agent is not taking questions from you at the moment.',
  ownListing: 'You cannot ask a question on your own listing.',
  producersOnly: 'Only producers can ask the agent a question.',
} as const;

/** A question or an answer: plain text, shown as text. */
export const DealMessageBodySchema = z.object({
  body: safeString({ error: DEAL_MESSAGES.bodyRequired })
    .trim()
    .min(1, { error: DEAL_MESSAGES.bodyRequired })
    .max(MESSAGE_MAX, { error: DEAL_MESSAGES.bodyTooLong }),
});
export type DealMessageBody = z.infer<typeof DealMessageBodySchema>;

export const DealMessageSchema = z.object({
  id: z.number().int(),
  authorRole: z.enum(['producer', 'agent']),
  authorName: z.string(),
  body: z.string(),
  /** The first message of a thread: its links are never made clickable. */
  isFirst: z.boolean(),
  createdAt: z.string(),
});
export type DealMessage = z.infer<typeof DealMessageSchema>;

export const DealThreadSchema = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  listingTitle: z.string(),
  producerName: z.string(),
  agentName: z.string(),
  /** Whether the reader is the producer or the agent of this thread. */
  you: z.enum(['producer', 'agent']),
  muted: z.boolean(),
  lastMessageAt: z.string(),
  messages: z.array(DealMessageSchema),
});
export type DealThread = z.infer<typeof DealThreadSchema>;

export const DealThreadsResponseSchema = z.array(DealThreadSchema);
export const ListingThreadResponseSchema = z.object({ thread: DealThreadSchema.nullable() });
export type ListingThreadResponse = z.infer<typeof ListingThreadResponseSchema>;

export const ListingIdParamsSchema = z.object({ listingId: IdParamSchema });
export const ThreadIdParamsSchema = z.object({ id: IdParamSchema });
export const MuteBodySchema = z.object({ muted: z.boolean() });
