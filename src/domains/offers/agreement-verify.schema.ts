import { z } from 'zod';

/** The largest file /api/agreements/verify reads: our agreements are a few kilobytes. */
export const AGREEMENT_VERIFY_MAX_BYTES = 5 * 1024 * 1024;
export const AGREEMENT_VERIFY_SIZE_MESSAGE = 'Agreements to verify can be at most 5MB';
export const AGREEMENT_VERIFY_TYPE_MESSAGE = 'Please upload the agreement as a PDF file';

/**
 * What POST /api/agreements/verify answers (decision 016): whether the file's SHA-256 is that
 * of an agreement we issued, and if so which offer, listing, parties and dates. Only the
 * parties' names: no email, address or amount.
 */
export const AgreementVerificationSchema = z.object({
  genuine: z.boolean(),
  sha256: z.string(),
  agreement: z
    .object({
      offerId: z.number().int(),
      listingId: z.number().int(),
      listingTitle: z.string(),
      producerName: z.string(),
      agentName: z.string().nullable(),
      issuedAt: z.string(),
      producerSignedAt: z.string().nullable(),
      agentSignedAt: z.string().nullable(),
    })
    .nullable(),
});
export type AgreementVerification = z.infer<typeof AgreementVerificationSchema>;
