import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '@/server/db/client';
import type { Storage } from '@/server/storage/storage';
import { listingImageKey } from './store-listing-image';
import { listings } from './listings.tables';

const OWN_IMAGE_PREFIX = '/uploads/listing-images/';

/** The images of deleted listings: their cover and gallery addresses. */
export interface DeletedListingImages {
  coverImageUrl: string | null;
  galleryImages: string[] | null;
}

/**
 * Deletes the stored files of listings that are gone (run after their rows are deleted and
 * committed). Only our own uploads are touched (generated covers and outside addresses are
 * not files of ours), and a file another listing still shows is kept. A file that cannot be
 * deleted is logged and left: the listing is already gone, which is what the user asked for.
 */
export async function removeListingImages(
  deps: { db: Executor; storage: Storage; log: FastifyBaseLogger },
  deleted: readonly DeletedListingImages[],
): Promise<number> {
  const urls = new Set<string>();
  for (const listing of deleted) {
    for (const url of [listing.coverImageUrl, ...(listing.galleryImages ?? [])]) {
      if (url?.startsWith(OWN_IMAGE_PREFIX)) urls.add(url);
    }
  }
  let removed = 0;
  for (const url of urls) {
    const { rows } = await deps.db.execute<{ found: number }>(sql`
      select 1 as found from ${listings}
      where ${listings.coverImageUrl} = ${url} or ${url} = any(${listings.galleryImages})
      limit 1`);
    if (rows.length > 0) continue;
    const key = listingImageKey(url.slice(OWN_IMAGE_PREFIX.length));
    try {
      await deps.storage.delete(key);
      removed += 1;
    } catch (error) {
      deps.log.warn({ err: error, key }, 'listing image left behind');
    }
  }
  return removed;
}
