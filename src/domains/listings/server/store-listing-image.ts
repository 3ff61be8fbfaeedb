import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';
import type { Storage } from '@/server/storage/storage';
import { AppError } from '@/shared/errors';

export const LISTING_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const LISTING_IMAGE_TYPE_MESSAGE = 'Images must be a JPEG, PNG, WebP, GIF or AVIF file';
export const LISTING_IMAGE_SIZE_MESSAGE = 'Images can be at most 10MB';
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
/** Stored images are at most this big (a cover shown at twice its largest display size). */
const MAX_WIDTH = 1200;
const MAX_HEIGHT = 1800;

/** Where a stored listing image is served (public: covers are on public pages). */
export const listingImageUrl = (name: string) => `/uploads/listing-images/${name}`;
export const listingImageKey = (name: string) => `listing-images/${name}`;

/**
 * A cover or gallery image (an agent's upload, an admin's bulk upload, a cover fetched by
 * enrichment): the type is read from its bytes (not its name), it is turned upright, fitted
 * within 1200×1800 and stored as WebP. Answers its public URL. Who may store one is the
 * caller's rule (the upload route lets agents and admins).
 */
export async function storeListingImage(
  storage: Storage,
  bytes: Buffer,
): Promise<{ url: string; width: number; height: number }> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !IMAGE_TYPES.has(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', LISTING_IMAGE_TYPE_MESSAGE);
  }
  let converted: { data: Buffer; info: OutputInfo };
  try {
    converted = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: MAX_WIDTH, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    // Bytes that claim to be an image but do not decode are the sender's problem.
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', LISTING_IMAGE_TYPE_MESSAGE, { cause: error });
  }
  const name = `${randomUUID()}.webp`;
  await storage.put(listingImageKey(name), Readable.from(converted.data), 'image/webp');
  return { url: listingImageUrl(name), width: converted.info.width, height: converted.info.height };
}
