import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/web/lib/api-client';
import { DeckUploadResponseSchema, type DeckUploadResponse } from '../../offers.schema';

export interface UploadDeckVariables {
  file: File;
  /** 0 to 100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** The answer's JSON, or nothing usable. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * POST /api/uploads/deck (multipart field `file`) → {deckFileUrl}. XMLHttpRequest rather
 * than fetch because only it reports upload progress. Errors are ApiErrors like every
 * other call (413 too large, 415 not a deck), so the form shows the server's message.
 */
export function uploadDeck({ file, onProgress, signal }: UploadDeckVariables) {
  return new Promise<DeckUploadResponse>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads/deck');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) {
        onProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    request.onload = () => {
      const answer = DeckUploadResponseSchema.safeParse(parseJson(request.responseText));
      if (request.status >= 200 && request.status < 300 && answer.success) {
        onProgress?.(100);
        resolve(answer.data);
      } else {
        reject(new ApiError(request.status, request.responseText, request.statusText));
      }
    };
    request.onerror = () => reject(new Error('The upload failed. Check your connection.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

export function useUploadDeck() {
  return useMutation({ mutationFn: uploadDeck });
}
