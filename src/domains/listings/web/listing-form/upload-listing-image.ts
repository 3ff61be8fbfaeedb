import { apiRequest } from '@/web/lib/api-client';

/** POST /api/listings/images: one image, checked by its bytes and stored as WebP; its URL. */
export async function uploadListingImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const stored = await apiRequest<{ url: string }>('/api/listings/images', {
    method: 'POST',
    body,
  });
  return stored.url;
}

/** The image types the upload takes (the server checks the bytes, not this list). */
export const LISTING_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
