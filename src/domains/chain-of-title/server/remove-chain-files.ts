import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '@/server/db/client';
import type { Storage } from '@/server/storage/storage';
import { chainOfTitleDocuments } from './chain-of-title.tables';

/**
 * The stored files of the listings' chain-of-title documents. Read before the listings are
 * deleted (their documents' rows go with them, by foreign key), to remove the files after.
 */
export async function findChainFileKeys(
  db: Executor,
  listingIds: readonly number[],
): Promise<string[]> {
  if (listingIds.length === 0) return [];
  const rows = await db
    .select({ storageKey: chainOfTitleDocuments.storageKey })
    .from(chainOfTitleDocuments)
    .where(inArray(chainOfTitleDocuments.listingId, [...listingIds]));
  return rows.map((row) => row.storageKey);
}

/**
 * Removes the files of chain-of-title documents that are gone with their listing. A file that
 * cannot be removed is logged and left: the documents are gone either way.
 */
export async function removeChainFiles(
  deps: { storage: Storage; log: FastifyBaseLogger },
  storageKeys: readonly string[],
): Promise<void> {
  for (const storageKey of storageKeys) {
    await deps.storage.delete(storageKey).catch((error: unknown) => {
      deps.log.warn({ err: error, storageKey }, 'chain-of-title file not removed');
    });
  }
}
