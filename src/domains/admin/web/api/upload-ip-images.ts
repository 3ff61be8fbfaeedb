import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/web/lib/api-client';
import type { UploadIpImagesResponse } from '../../upload-ip-images.schema';

export interface UploadIpImagesInput {
  csv: File;
  images: File[];
  /** 0 to 100 while the files are sent (the server's work follows at 100). */
  onProgress?: (percent: number) => void;
}

/**
 * POST /api/admin/upload-ip-images as multipart (csv, then images). XMLHttpRequest rather
 * than fetch: only it reports upload progress. Errors are the same ApiError as apiRequest's.
 */
export function uploadIpImages({
  csv,
  images,
  onProgress,
}: UploadIpImagesInput): Promise<UploadIpImagesResponse> {
  const form = new FormData();
  form.append('csv', csv, csv.name);
  for (const image of images) form.append('images', image, image.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/upload-ip-images');
    request.withCredentials = true;
    request.responseType = 'text';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as UploadIpImagesResponse);
        } catch (error) {
          reject(error instanceof Error ? error : new Error('Upload failed'));
        }
        return;
      }
      reject(new ApiError(request.status, request.responseText, request.statusText));
    });
    request.addEventListener('error', () => reject(new Error('Upload failed')));
    request.addEventListener('abort', () => reject(new Error('Upload failed')));
    request.send(form);
  });
}

export function useUploadIpImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadIpImages,
    // New covers show everywhere a listing does (catalogue, featured, dashboards).
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
