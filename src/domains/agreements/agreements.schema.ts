import { z } from 'zod';
import { safeString } from '@/shared/text';

/** POST /api/offers/{id}/agreement/sign: typed full name and explicit consent. */
export const SignAgreementBodySchema = z.object({
  fullName: safeString({ error: 'Type your full name to sign' })
    .trim()
    .min(2, { error: 'Type your full name to sign' })
    .max(120, { error: 'Must be at most 120 characters' }),
  consent: z.literal(true, { error: 'Please confirm that you agree to sign electronically' }),
});
export type SignAgreementBody = z.infer<typeof SignAgreementBodySchema>;

/** The download path of an accepted offer's option agreement (its signedOptionUrl). */
export const agreementUrlFor = (offerId: number) => `/api/offers/${offerId}/agreement`;
