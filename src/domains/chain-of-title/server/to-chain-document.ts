import type { ChainDocumentType } from '../chain-of-title.constants';
import { chainDocumentFileUrlFor, type ChainDocument } from '../chain-of-title.schema';
import type { chainOfTitleDocuments } from './chain-of-title.tables';

export type ChainDocumentRow = typeof chainOfTitleDocuments.$inferSelect;

/** A stored row → the API's document (never the storage key). */
export function toChainDocument(row: ChainDocumentRow): ChainDocument {
  return {
    id: row.id,
    listingId: row.listingId,
    documentType: row.documentType as ChainDocumentType,
    title: row.title,
    parties: row.parties,
    effectiveDate: row.effectiveDate,
    expiryDate: row.expiryDate,
    notes: row.notes,
    originalName: row.originalName,
    sizeBytes: row.sizeBytes,
    uploadedAt: row.createdAt.toISOString(),
    fileUrl: chainDocumentFileUrlFor(row.id),
  };
}
