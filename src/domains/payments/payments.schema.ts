import { z } from 'zod';
import { safeString } from '@/shared/text';

/** The card form of the local provider (Stripe test-mode cards). */
export const LocalConfirmBodySchema = z.object({
  clientSecret: safeString().min(1, { error: 'Payment session is missing' }).max(200),
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: 'Your card number is incomplete.' })),
  expMonth: z.coerce
    .number({ error: "Your card's expiration date is incomplete." })
    .int()
    .min(1, { error: "Your card's expiration month is invalid." })
    .max(12, { error: "Your card's expiration month is invalid." }),
  expYear: z.coerce
    .number({ error: "Your card's expiration date is incomplete." })
    .int()
    .min(2000, { error: "Your card's expiration year is invalid." })
    .max(2100, { error: "Your card's expiration year is invalid." }),
  cvc: z.string().regex(/^\d{3,4}$/, { error: "Your card's security code is incomplete." }),
});
export type LocalConfirmBody = z.infer<typeof LocalConfirmBodySchema>;

export const LocalConfirmResponseSchema = z.object({
  paymentIntentId: z.string(),
  status: z.string(),
});

/** What the browser needs to pick its card form (public config allow-list). */
export const PaymentsConfigSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;
