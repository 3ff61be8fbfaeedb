import type { Readable } from 'node:stream';

/** Where uploaded files live: local disk under DATA_DIR or an S3-compatible bucket. */
export interface Storage {
  /** Writes the stream under key; resolves with the bytes written. */
  put(key: string, body: Readable, contentType: string): Promise<{ sizeBytes: number }>;
  /** A readable stream of the file, or null when it does not exist. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}
