import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { recordAdminAction } from '@/domains/admin/server';
import type { AppDeps } from '@/server/deps';
import { AppError, forbidden, validation } from '@/shared/errors';
import {
  CHAIN_DOCUMENT_FILE_MESSAGE,
  CHAIN_DOCUMENT_TYPE_MESSAGE,
} from '../chain-of-title.constants';
import {
  ChainDocumentFormSchema,
  splitParties,
  type ChainDocument,
} from '../chain-of-title.schema';
import { getChainListing } from './chain-access';
import { chainOfTitleDocuments } from './chain-of-title.tables';
import type { ChainUpload } from './read-chain-upload';
import { toChainDocument } from './to-chain-document';

/** Only sensible characters of the browser's file name (it is echoed in downloads). */
function cleanFileName(name: string): string {
  const base = path.basename(name.replaceAll('\\', '/'));
  const cleaned = Array.from(base)
    .filter((character) => character.charCodeAt(0) >= 0x20 && character !== '\u007f')
    .join('')
    .trim();
  return (cleaned || 'document.pdf').slice(-200);
}

/** The first message of each field, as the error body's `fields`. */
function fieldMessages(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * An admin files a chain-of-title document on a listing: the form's fields (the same schema
 * as the browser's form), and a PDF judged by its bytes. The file is stored through the
 * Storage port, then the row and its audit entry are written in one transaction; the stored
 * file is removed again if that fails.
 */
export async function uploadChainDocument(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  options: { admin: UserRow; listingId: number; upload: ChainUpload },
): Promise<ChainDocument> {
  const { admin, upload } = options;
  // The route's guard already holds; kept so a job or script cannot file as someone else.
  if (admin.role !== 'admin') throw forbidden('Only admins can file chain-of-title documents');
  const listing = await getChainListing(deps.db, options.listingId);

  const parsed = ChainDocumentFormSchema.safeParse(upload.fields);
  const fields = parsed.success ? {} : fieldMessages(parsed.error.issues);
  if (!upload.file || upload.file.sizeBytes === 0) fields.file = CHAIN_DOCUMENT_FILE_MESSAGE;
  if (!parsed.success || !upload.file || upload.file.sizeBytes === 0) {
    throw validation(Object.values(fields)[0] ?? 'Please check the form', fields);
  }
  if (!upload.file.isPdf) throw new AppError('UNSUPPORTED_MEDIA_TYPE', CHAIN_DOCUMENT_TYPE_MESSAGE);

  const form = parsed.data;
  const storageKey = `chain-of-title/${listing.id}/${randomUUID()}.pdf`;
  await deps.storage.put(storageKey, createReadStream(upload.file.tempPath), 'application/pdf');
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(chainOfTitleDocuments)
        .values({
          listingId: listing.id,
          documentType: form.documentType,
          title: form.title,
          parties: splitParties(form.parties),
          effectiveDate: form.effectiveDate,
          expiryDate: form.expiryDate || null,
          notes: form.notes.trim() || null,
          storageKey,
          originalName: cleanFileName(upload.file?.originalName ?? ''),
          sizeBytes: upload.file?.sizeBytes ?? 0,
          uploadedBy: admin.id,
        })
        .returning();
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: 'file_chain_document',
        targetType: 'chain_of_title_document',
        targetId: inserted.id,
        targetLabel: `${listing.title}: ${inserted.title}`,
        after: {
          listingId: listing.id,
          documentType: inserted.documentType,
          title: inserted.title,
          parties: inserted.parties,
          effectiveDate: inserted.effectiveDate,
          expiryDate: inserted.expiryDate,
          originalName: inserted.originalName,
          sizeBytes: inserted.sizeBytes,
        },
      });
      return inserted;
    });
    return toChainDocument(row);
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}
