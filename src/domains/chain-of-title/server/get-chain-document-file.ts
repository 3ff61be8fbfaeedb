import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { Executor } from '@/server/db/client';
import type { Storage } from '@/server/storage/storage';
import { notFound } from '@/shared/errors';
import { CHAIN_DOCUMENT_NOT_FOUND, getChainListing, requireChainReader } from './chain-access';
import { chainOfTitleDocuments } from './chain-of-title.tables';

export interface ChainDocumentFile {
  stream: Readable;
  originalName: string;
  sizeBytes: number;
}

/** A document's PDF for download: admins and the listing's agent (as for reading the chain). */
export async function getChainDocumentFile(
  db: Executor,
  storage: Storage,
  options: { user: UserRow; documentId: number },
): Promise<ChainDocumentFile> {
  const [document] = await db
    .select()
    .from(chainOfTitleDocuments)
    .where(eq(chainOfTitleDocuments.id, options.documentId));
  if (!document) throw notFound(CHAIN_DOCUMENT_NOT_FOUND);
  requireChainReader(options.user, await getChainListing(db, document.listingId));
  const stream = await storage.get(document.storageKey);
  if (!stream) throw notFound(CHAIN_DOCUMENT_NOT_FOUND);
  return { stream, originalName: document.originalName, sizeBytes: document.sizeBytes };
}

/** attachment; filename="plain ASCII"; filename*=UTF-8''exact (RFC 6266). */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
