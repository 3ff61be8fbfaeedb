import { readFile } from 'node:fs/promises';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import {
  findListingsByTitleAndAuthor,
  LISTING_IMAGE_SIZE_MESSAGE,
  setListingImage,
  storeListingImage,
} from '@/domains/listings/server';
import type { Database } from '@/server/db/client';
import type { Storage } from '@/server/storage/storage';
import { AppError } from '@/shared/errors';
import type { UploadIpImagesResponse, UploadRowResult } from '../upload-ip-images.schema';
import { imageKey, isIpImageType, parseIpImagesCsv, type IpImageRow } from './upload-ip-images-csv';
import { recordAdminAction } from './record-admin-action';

/** An image of the upload, already on local disk (the route streams each one there). */
export interface ReceivedImage {
  fileName: string;
  path: string;
  /** Over the listing image limit: not kept, its rows are reported. */
  isTooLarge: boolean;
}

export interface UploadIpImagesOptions {
  admin: UserRow;
  csvName: string;
  csvText: string;
  /** By imageKey (base name, lower case). */
  images: ReadonlyMap<string, ReceivedImage>;
}

type Stored = { url: string } | { error: string };

/**
 * POST /api/admin/upload-ip-images: each CSV row names a listing (title and author) and one
 * of the uploaded images; the image is checked by its bytes, stored as WebP through the
 * listings room and set as the listing's cover or appended to its gallery. Each change is
 * audited with it; one summary row records the whole upload. Rows are independent: one bad
 * row never stops the others, and the answer says what happened to each.
 */
export async function uploadIpImages(
  deps: { db: Database; storage: Storage },
  { admin, csvName, csvText, images }: UploadIpImagesOptions,
): Promise<UploadIpImagesResponse> {
  // Guarded by the route too: the audit trail must only ever name administrators.
  if (admin.role !== 'admin') throw new AppError('FORBIDDEN', 'Admin access required');
  const rows = parseIpImagesCsv(csvText);
  // One image named by several rows is stored once.
  const stored = new Map<string, Promise<Stored>>();
  const store = (image: ReceivedImage): Promise<Stored> => {
    const key = imageKey(image.fileName);
    let entry = stored.get(key);
    if (!entry) {
      entry = readFile(image.path)
        .then((bytes) => storeListingImage(deps.storage, bytes))
        .then(
          ({ url }) => ({ url }),
          (error: unknown) => {
            if (error instanceof AppError) return { error: error.message };
            throw error;
          },
        );
      stored.set(key, entry);
    }
    return entry;
  };

  const results: UploadRowResult[] = [];
  const invalidations = new Set<() => void>();
  for (const row of rows) {
    const result = await processRow(deps.db, admin, csvName, row, images, store, invalidations);
    results.push(result);
  }
  for (const afterCommit of invalidations) afterCommit();

  const successful = results.filter((result) => result.outcome === 'done').length;
  const outcomes: Record<string, number> = {};
  for (const result of results) outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
  await recordAdminAction(deps.db, {
    actorId: admin.id,
    action: 'upload_ip_images',
    targetType: 'upload',
    targetId: null,
    targetLabel: csvName,
    after: { successful, total: results.length, images: images.size, outcomes },
    notes: `Bulk IP image upload: ${successful} of ${results.length} rows done`,
  });
  return { successful, total: results.length, results };
}

async function processRow(
  db: Database,
  admin: UserRow,
  csvName: string,
  row: IpImageRow,
  images: ReadonlyMap<string, ReceivedImage>,
  store: (image: ReceivedImage) => Promise<Stored>,
  invalidations: Set<() => void>,
): Promise<UploadRowResult> {
  const base = {
    row: row.row,
    title: row.title,
    author: row.author,
    imageFile: row.imageFile,
    imageType: row.imageType,
  };
  if (row.problem !== null || !isIpImageType(row.imageType)) {
    return { ...base, outcome: 'bad_row', message: row.problem ?? 'Bad row' };
  }
  const matches = await findListingsByTitleAndAuthor(db, row.title, row.author);
  if (matches.length === 0) {
    return {
      ...base,
      outcome: 'no_listing',
      message: `No listing titled "${row.title}" by ${row.author}`,
    };
  }
  if (matches.length > 1) {
    return {
      ...base,
      outcome: 'ambiguous',
      message: `${matches.length} listings have this title and author (ids ${matches
        .map((match) => match.id)
        .join(', ')}): change the image on the listing itself`,
    };
  }
  const [listing] = matches;
  const image = images.get(imageKey(row.imageFile));
  if (!image) {
    return {
      ...base,
      outcome: 'missing_image',
      message: `No image named ${row.imageFile} was uploaded`,
      listingId: listing.id,
    };
  }
  if (image.isTooLarge) {
    return {
      ...base,
      outcome: 'bad_image',
      message: LISTING_IMAGE_SIZE_MESSAGE,
      listingId: listing.id,
    };
  }
  const saved = await store(image);
  if ('error' in saved) {
    return { ...base, outcome: 'bad_image', message: saved.error, listingId: listing.id };
  }
  const imageType = row.imageType;
  const isUpdated = await db.transaction(async (tx) => {
    const change = await setListingImage(tx, listing.id, imageType, saved.url);
    if (!change.isUpdated) return false;
    invalidations.add(change.afterCommit);
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: 'upload_ip_images',
      targetType: 'listing',
      targetId: listing.id,
      targetLabel: listing.title,
      before: imageType === 'cover' ? { coverImageUrl: listing.coverImageUrl } : null,
      after: { imageType, imageUrl: saved.url, imageFile: row.imageFile },
      notes: `${csvName}, row ${row.row}`,
    });
    return true;
  });
  if (!isUpdated) {
    return { ...base, outcome: 'no_listing', message: 'The listing was deleted meanwhile' };
  }
  return {
    ...base,
    outcome: 'done',
    message: imageType === 'cover' ? 'Cover set' : 'Added to the gallery',
    listingId: listing.id,
    imageUrl: saved.url,
  };
}
