import { z } from 'zod';
import { IdParamSchema } from '@/shared/ids';
import { safeString } from '@/shared/text';
import {
  CHAIN_DOCUMENT_TYPES,
  CHAIN_NOTES_MAX,
  CHAIN_OVERVIEW_PAGE_SIZE,
  CHAIN_PARTIES_MAX,
  CHAIN_PARTY_MAX,
  CHAIN_TITLE_MAX,
} from './chain-of-title.constants';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (what <input type="date"> sends). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** "Alice Author\nBig Studio Ltd" (one party per line, as the form's text area sends) → names. */
export function splitParties(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((party) => party.trim())
    .filter((party) => party.length > 0);
}

/**
 * The upload form's fields (multipart text fields beside the PDF), as the browser's form and
 * the route both read them: every value a string, dates YYYY-MM-DD, parties one per line.
 */
export const ChainDocumentFormSchema = z
  .object({
    documentType: z.enum(CHAIN_DOCUMENT_TYPES, { error: 'Please choose the type of document' }),
    title: safeString({ error: 'Please enter a title' })
      .trim()
      .min(1, { error: 'Please enter a title' })
      .max(CHAIN_TITLE_MAX, { error: `Titles can be at most ${CHAIN_TITLE_MAX} characters` }),
    parties: safeString({ error: 'Please name at least one party' })
      .max(CHAIN_PARTIES_MAX * (CHAIN_PARTY_MAX + 2), { error: 'Too many parties' })
      .superRefine((value, ctx) => {
        const parties = splitParties(value);
        if (parties.length === 0) {
          ctx.addIssue({ code: 'custom', message: 'Please name at least one party' });
        } else if (parties.length > CHAIN_PARTIES_MAX) {
          ctx.addIssue({
            code: 'custom',
            message: `A document can name at most ${CHAIN_PARTIES_MAX} parties`,
          });
        } else if (parties.some((party) => party.length > CHAIN_PARTY_MAX)) {
          ctx.addIssue({
            code: 'custom',
            message: `Each party's name can be at most ${CHAIN_PARTY_MAX} characters`,
          });
        }
      }),
    effectiveDate: z
      .string({ error: 'Please enter the date the document takes effect' })
      .refine((value) => value.length > 0, {
        error: 'Please enter the date the document takes effect',
        abort: true,
      })
      .refine(isIsoDate, { error: 'Please enter a valid date' }),
    expiryDate: z
      .string()
      .refine((value) => value === '' || isIsoDate(value), { error: 'Please enter a valid date' })
      .default(''),
    notes: safeString()
      .max(CHAIN_NOTES_MAX, { error: `Notes can be at most ${CHAIN_NOTES_MAX} characters` })
      .default(''),
  })
  .refine(
    (form) =>
      !form.expiryDate || !isIsoDate(form.effectiveDate) || form.expiryDate >= form.effectiveDate,
    { error: 'The expiry date cannot be before the effective date', path: ['expiryDate'] },
  );
export type ChainDocumentForm = z.input<typeof ChainDocumentFormSchema>;
export type ChainDocumentFields = z.output<typeof ChainDocumentFormSchema>;

export const ChainListingParamsSchema = z.object({ listingId: IdParamSchema });
export const ChainDocumentParamsSchema = z.object({ id: IdParamSchema });

export const chainDocumentFileUrlFor = (id: number) => `/api/chain-of-title/documents/${id}/file`;

export const ChainDocumentSchema = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  documentType: z.enum(CHAIN_DOCUMENT_TYPES),
  title: z.string(),
  parties: z.array(z.string()),
  effectiveDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  notes: z.string().nullable(),
  originalName: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
  fileUrl: z.string(),
});
export type ChainDocument = z.infer<typeof ChainDocumentSchema>;

export const CHAIN_GAP_KINDS = [
  'no_proof_of_rights',
  'option_running',
  'option_expired_unresolved',
  'grant_expired',
  'future_dated',
] as const;
export type ChainGapKind = (typeof CHAIN_GAP_KINDS)[number];

export const ChainGapSchema = z.object({
  kind: z.enum(CHAIN_GAP_KINDS),
  /** `problem`: the chain is broken or unproven; `warning`: it holds but needs watching. */
  severity: z.enum(['problem', 'warning']),
  message: z.string(),
  documentId: z.number().int().optional(),
});
export type ChainGap = z.infer<typeof ChainGapSchema>;

export const ChainListingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string(),
  agentId: z.number().int().nullable(),
});

export const ChainOfTitleResponseSchema = z.object({
  listing: ChainListingSchema,
  /** Ordered by effective date (undated last), then by filing order. */
  documents: z.array(ChainDocumentSchema),
  gaps: z.array(ChainGapSchema),
  /** Whether the reader may file and delete documents (admins). */
  canEdit: z.boolean(),
});
export type ChainOfTitleResponse = z.infer<typeof ChainOfTitleResponseSchema>;

export const UploadChainDocumentResponseSchema = z.object({ document: ChainDocumentSchema });

export const ChainOverviewQuerySchema = z.object({
  search: safeString().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  // With `page`, the API's paging convention also takes `limit` and `offset` (decision 019).
  pageSize: z.coerce
    .number({ error: 'pageSize must be a whole number from 1 to 100' })
    .int({ error: 'pageSize must be a whole number from 1 to 100' })
    .min(1, { error: 'pageSize must be a whole number from 1 to 100' })
    .max(100, { error: 'pageSize must be a whole number from 1 to 100' })
    .default(CHAIN_OVERVIEW_PAGE_SIZE),
  /** `missing-proof`: only listings with no rights agreement or assignment on file. */
  filter: z.enum(['all', 'missing-proof']).default('all'),
});
export type ChainOverviewQuery = z.input<typeof ChainOverviewQuerySchema>;

export const ChainOverviewRowSchema = z.object({
  listing: ChainListingSchema,
  documentCount: z.number().int(),
  problemCount: z.number().int(),
  warningCount: z.number().int(),
  hasProofOfRights: z.boolean(),
});
export type ChainOverviewRow = z.infer<typeof ChainOverviewRowSchema>;

export const ChainOverviewResponseSchema = z.object({
  rows: z.array(ChainOverviewRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ChainOverviewResponse = z.infer<typeof ChainOverviewResponseSchema>;

export const DeleteChainDocumentResponseSchema = z.object({ deleted: z.literal(true) });
