import { z } from 'zod';
import { PoundsSchema } from '@/domains/listings/listings.schema';
import { IdParamSchema } from '@/shared/ids';
import { OPTION_PAYMENT_ACTIONS, OPTION_PAYMENT_METHODS, OPTION_STATES } from './options.constants';

export const OptionIdParamsSchema = z.object({ id: IdParamSchema });
export const DealIdParamsSchema = z.object({ offerId: IdParamSchema });

/** A notice of the option's life (extension, exercise), sealed like the agreement. */
export const OptionNoticeSchema = z.object({
  paymentId: z.number().int(),
  action: z.enum(OPTION_PAYMENT_ACTIONS),
  title: z.string(),
  sha256: z.string(),
  /** Where either party downloads it. */
  url: z.string(),
  issuedAt: z.string(),
});
export type OptionNotice = z.infer<typeof OptionNoticeSchema>;

/** An option as the parties see it (issue 34): its clock, its terms, what is due. */
export const OptionSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  listingId: z.number().int(),
  listingTitle: z.string(),
  producerName: z.string(),
  state: z.enum(OPTION_STATES),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Whole days until the end (0 on its last day or after). */
  daysLeft: z.number().int(),
  optionPeriodMonths: z.number().int(),
  extensionMonths: z.number().int(),
  extensionFee: PoundsSchema.nullable(),
  extensionsTaken: z.number().int(),
  /** The producer may buy the extension now. */
  canExtend: z.boolean(),
  purchasePrice: PoundsSchema.nullable(),
  /** The producer may give notice of exercise now. */
  canExercise: z.boolean(),
  exerciseNoticeAt: z.string().nullable(),
  /** How the purchase price given notice of is being paid, while it is due. */
  exerciseDueBy: z.enum(OPTION_PAYMENT_METHODS).nullable(),
  exercisedAt: z.string().nullable(),
  /** The media × territories under option, as "Film in UK". */
  part: z.array(z.string()),
  notices: z.array(OptionNoticeSchema),
});
export type Option = z.infer<typeof OptionSchema>;

export const OptionsResponseSchema = z.object({ options: z.array(OptionSchema) });
export type OptionsResponse = z.infer<typeof OptionsResponseSchema>;

/** A payment started for an extension or an exercise: the card step, or what happens next. */
export const OptionPaymentStartSchema = z.object({
  option: OptionSchema,
  paymentId: z.number().int(),
  action: z.enum(OPTION_PAYMENT_ACTIONS),
  method: z.enum(OPTION_PAYMENT_METHODS),
  amount: PoundsSchema,
  /** The card step's client secret (null: paid already, or due by bank transfer). */
  clientSecret: z.string().nullable(),
  paid: z.boolean(),
});
export type OptionPaymentStart = z.infer<typeof OptionPaymentStartSchema>;

const BANK_REFERENCE_MESSAGE = 'Enter the bank transfer reference (at most 100 characters)';

/** An admin records a purchase price paid by bank transfer (audited). */
export const BankTransferBodySchema = z.object({
  reference: z
    .string({ error: BANK_REFERENCE_MESSAGE })
    .trim()
    .min(1, { error: BANK_REFERENCE_MESSAGE })
    .max(100, { error: BANK_REFERENCE_MESSAGE }),
  /** The amount received, in pounds; required when the terms name no fixed price. */
  amount: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'Enter the amount received in pounds' })
    .optional(),
});
export type BankTransferBody = z.infer<typeof BankTransferBodySchema>;

export const DEAL_EVENT_KINDS = [
  'question',
  'offer',
  'countered',
  'accepted',
  'agreement_issued',
  'signed',
  'sealed',
  'option_started',
  'reminder',
  'extension_paid',
  'exercise_notice',
  'exercise_paid',
  'lapsed',
] as const;

/** One event of a deal's life, from first question to reversion or purchase (issue 34). */
export const DealEventSchema = z.object({
  kind: z.enum(DEAL_EVENT_KINDS),
  at: z.string(),
  title: z.string(),
  amount: PoundsSchema.nullable(),
  /** A document of the event (the agreement, a notice) to download. */
  documentUrl: z.string().nullable(),
});
export type DealEvent = z.infer<typeof DealEventSchema>;

export const DealTimelineSchema = z.object({
  offerId: z.number().int(),
  listingId: z.number().int(),
  listingTitle: z.string(),
  option: OptionSchema.nullable(),
  events: z.array(DealEventSchema),
});
export type DealTimeline = z.infer<typeof DealTimelineSchema>;
