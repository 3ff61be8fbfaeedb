import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '@/server/deps';
import { validation } from '@/shared/errors';
import {
  ChainDocumentFormSchema,
  splitParties,
  type ChainDocument,
} from '../chain-of-title.schema';
import { getChainListing } from './chain-access';
import { chainOfTitleDocuments } from './chain-of-title.tables';
import { toChainDocument } from './to-chain-document';

/** What another room files: the upload form's fields, a PDF, and what makes it unique. */
const FileChainDocumentSchema = z.object({
  listingId: z.number().int().positive(),
  /** Who files it and which of their records it is, e.g. `offer-agreement:12`. */
  sourceKey: z
    .string()
    .regex(/^[a-z][a-z0-9-]*:[A-Za-z0-9._-]+$/, { error: 'must look like room-thing:id' })
    .max(120),
  fields: ChainDocumentFormSchema,
  originalName: z
    .string()
    .regex(/^[A-Za-z0-9._-]+\.pdf$/, { error: 'must be a plain file name ending in .pdf' })
    .max(200),
});
export type FileChainDocumentInput = z.input<typeof FileChainDocumentSchema> & { pdf: Buffer };

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/**
 * Another room files a document in a listing's chain of title (the offers room its signed
 * option agreements: decision 016). The same fields as an admin's upload, checked by the same
 * schema; no admin audit entry, because no admin acted (`uploaded_by` stays null and
 * `source_key` says who filed it). Idempotent: a second filing of the same source answers the
 * document the first one made. The file is stored under a key made from the source, so a
 * concurrent second filing writes the same file to the same place and one row wins.
 */
export async function fileChainDocument(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  input: FileChainDocumentInput,
): Promise<ChainDocument> {
  const parsed = FileChainDocumentSchema.safeParse(input);
  if (!parsed.success) {
    throw validation(parsed.error.issues[0]?.message ?? 'Invalid chain-of-title document');
  }
  if (!input.pdf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    throw validation('Chain-of-title documents must be PDF files');
  }
  const { listingId, sourceKey, fields, originalName } = parsed.data;

  const existing = await findBySource(deps, sourceKey);
  if (existing) return toChainDocument(existing);
  const listing = await getChainListing(deps.db, listingId);

  const storageKey = `chain-of-title/${listing.id}/${sourceKey.replace(/[^A-Za-z0-9._-]/g, '-')}.pdf`;
  await deps.storage.put(storageKey, Readable.from([input.pdf]), 'application/pdf');
  const inserted = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chainOfTitleDocuments)
      .values({
        listingId: listing.id,
        documentType: fields.documentType,
        title: fields.title,
        parties: splitParties(fields.parties),
        effectiveDate: fields.effectiveDate,
        expiryDate: fields.expiryDate || null,
        notes: fields.notes.trim() || null,
        storageKey,
        originalName,
        sizeBytes: input.pdf.length,
        uploadedBy: null,
        sourceKey,
      })
      .onConflictDoNothing({ target: chainOfTitleDocuments.sourceKey })
      .returning();
    return row;
  });
  if (inserted) return toChainDocument(inserted);
  // Filed meanwhile by a concurrent call: the same file under the same key, one row.
  const filed = await findBySource(deps, sourceKey);
  if (!filed) throw new Error(`chain-of-title filing of ${sourceKey} vanished`);
  return toChainDocument(filed);
}

async function findBySource(deps: Pick<AppDeps, 'db'>, sourceKey: string) {
  const [row] = await deps.db
    .select()
    .from(chainOfTitleDocuments)
    .where(eq(chainOfTitleDocuments.sourceKey, sourceKey));
  return row;
}
