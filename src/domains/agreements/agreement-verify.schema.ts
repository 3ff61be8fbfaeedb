import { z } from 'zod';

/** The largest file /api/agreements/verify reads: our agreements are a few kilobytes. */
export const AGREEMENT_VERIFY_MAX_BYTES = 5 * 1024 * 1024;
export const AGREEMENT_VERIFY_SIZE_MESSAGE = 'Agreements to verify can be at most 5MB';
export const AGREEMENT_VERIFY_TYPE_MESSAGE = 'Please upload the agreement as a PDF file';

/**
 * The embedded digital signature of an uploaded PDF, each check on its own (decision 016):
 * the /ByteRange covers the whole file but the signature, the PKCS#7 messageDigest is the
 * SHA-256 of those ranges, the RSA signature verifies with the certificate it carries, and
 * that certificate is the platform's. `valid` is all four.
 */
export const AgreementSignatureSchema = z.object({
  valid: z.boolean(),
  checks: z.object({
    byteRange: z.boolean(),
    messageDigest: z.boolean(),
    signature: z.boolean(),
    platformCertificate: z.boolean(),
  }),
  /** The signing certificate's common name. */
  signer: z.string().nullable(),
  /** The signing time the signature states. */
  signedAt: z.string().nullable(),
});
export type AgreementSignature = z.infer<typeof AgreementSignatureSchema>;

/**
 * What POST /api/agreements/verify answers (decision 016): whether the file's SHA-256 is that
 * of an agreement we issued (`document: 'issued'`), of the signed final one (`'signed'`) or of
 * a notice sealed after it (`'notice'`, issue 34),
 * and if so which offer, listing, parties and dates; and what its embedded digital signature
 * checks to (null when it has none). Only the parties' names: no email, address or amount.
 */
export const AgreementVerificationSchema = z.object({
  genuine: z.boolean(),
  sha256: z.string(),
  document: z.enum(['issued', 'signed', 'notice']).nullable(),
  /**
   * For `document: 'notice'`: a notice of the option's life sealed like the agreement (issue
   * 34: extension, exercise), what it is and when it was issued; `agreement` is its deal's.
   */
  notice: z.object({ title: z.string(), issuedAt: z.string() }).nullable(),
  signature: AgreementSignatureSchema.nullable(),
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
