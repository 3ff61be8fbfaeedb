import { z } from 'zod';
import { LocalConfirmBodySchema } from '../../payments.schema';

/** Stripe's wording, so both card forms read alike. */
export const CARD_MESSAGES = {
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
} as const;

/** 'MM/YY' (or 'MM/YYYY') → month and four-digit year, or null when it cannot be read. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return null;
  const expMonth = Number(match[1]);
  const expYear = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { expMonth, expYear };
}

/** Digits typed into the card number box, shown in groups of four: '4242 4242 4242 4242'. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Digits typed into the expiry box, shown as 'MM/YY' once the month is complete. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The local provider's card form: the same card number and CVC rules the confirm route
 * checks, with the expiry typed as one 'MM/YY' box.
 */
export const CardFormSchema = z.object({
  cardNumber: LocalConfirmBodySchema.shape.cardNumber,
  expiry: z.string().transform((value, ctx) => {
    const parsed = parseExpiry(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expiryIncomplete });
      return z.NEVER;
    }
    if (parsed.expMonth < 1 || parsed.expMonth > 12) {
      ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expiryMonthInvalid });
      return z.NEVER;
    }
    return parsed;
  }),
  cvc: LocalConfirmBodySchema.shape.cvc,
});
export type CardFormInput = z.input<typeof CardFormSchema>;
export type CardForm = z.output<typeof CardFormSchema>;
