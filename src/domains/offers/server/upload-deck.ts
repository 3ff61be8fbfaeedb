import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { AppDeps } from '@/server/deps';
import { AppError, forbidden } from '@/shared/errors';
import { deckFileUrlFor, type DeckUploadResponse } from '../offers.schema';
import {
  DECK_MIME_TYPES,
  SNIFF_BYTES,
  deckExtensionOf,
  deckMatchesExtension,
  sniffDeckContainer,
  type DeckContainer,
} from './detect-deck-type';
import { decks } from './offers.tables';

export const DECK_TYPE_MESSAGE = 'Proposal decks must be a .pdf, .ppt, .pptx or .key file';
export const DECK_SIZE_MESSAGE = 'Proposal decks can be at most 50MB';
export const MALFORMED_UPLOAD_MESSAGE =
  'The upload could not be read. Send the deck as multipart/form-data in a field named "file".';

/**
 * An error met while reading the request's multipart body (no boundary, a wrong one, a
 * truncated part...) is the client's: 400 with our error body. Errors of our own making (an
 * AppError already, or a system error writing the temporary file) pass through unchanged.
 */
export function malformedUpload(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof Error && 'syscall' in error) return error;
  return new AppError('BAD_REQUEST', MALFORMED_UPLOAD_MESSAGE, { cause: error });
}

export interface UploadedFile {
  filename: string;
  file: Readable & { truncated?: boolean };
}

/**
 * Keeps the first bytes for sniffing and decides the container as soon as it can. Once the
 * bytes announce something that is not a deck it stops passing data on but keeps reading,
 * so the multipart parser finishes cleanly and the size limit still applies.
 */
class DeckSniffer extends Transform {
  private chunks: Buffer[] = [];
  private length = 0;
  container: DeckContainer | null | undefined;

  _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.container === null) {
      done();
      return;
    }
    if (this.container === undefined && this.length < SNIFF_BYTES) {
      this.chunks.push(chunk);
      this.length += chunk.length;
      if (this.length >= SNIFF_BYTES) {
        this.decide().then(() => done(null, this.container ? chunk : undefined), done);
        return;
      }
    }
    done(null, chunk);
  }

  _flush(done: TransformCallback): void {
    if (this.container !== undefined) {
      done();
      return;
    }
    this.decide().then(() => done(), done);
  }

  private async decide(): Promise<void> {
    const head = Buffer.concat(this.chunks).subarray(0, SNIFF_BYTES);
    this.container = await sniffDeckContainer(head);
    this.chunks = [];
  }
}

/** Only sensible characters of the browser's file name (it is echoed in downloads). */
function cleanFileName(name: string): string {
  const base = path.basename(name.replaceAll('\\', '/'));
  const cleaned = Array.from(base)
    .filter((character) => character.charCodeAt(0) >= 0x20 && character !== '\u007f')
    .join('')
    .trim();
  return (cleaned || 'deck').slice(-200);
}

/**
 * A producer's proposal deck: .pdf, .ppt, .pptx or .key, checked by content, at most 50 MB
 * (the multipart limit stops the stream beyond that). The upload is spooled to a temporary
 * file, checked, then stored through the Storage port; nothing is kept when it is refused.
 */
export async function uploadDeck(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  user: UserRow,
  upload: UploadedFile,
): Promise<DeckUploadResponse> {
  const extension = deckExtensionOf(upload.filename);
  if (user.role !== 'producer' || !extension) {
    upload.file.resume();
    if (user.role !== 'producer') throw forbidden('Only producers can upload proposal decks');
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', DECK_TYPE_MESSAGE);
  }
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'pts-deck-'));
  const tempFile = path.join(tempDir, 'upload');
  try {
    const sniffer = new DeckSniffer();
    try {
      await pipeline(upload.file, sniffer, createWriteStream(tempFile));
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('PAYLOAD_TOO_LARGE', DECK_SIZE_MESSAGE);
      }
      // A part cut short (the body ended before its closing boundary) fails the stream here.
      throw malformedUpload(error);
    }
    if (upload.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', DECK_SIZE_MESSAGE);
    const container = sniffer.container;
    if (!container || !(await deckMatchesExtension(extension, container, tempFile))) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', DECK_TYPE_MESSAGE);
    }
    const { size } = await stat(tempFile);
    if (size === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', DECK_TYPE_MESSAGE);

    const mimeType = DECK_MIME_TYPES[extension];
    const storageKey = `decks/${user.id}/${randomUUID()}${extension}`;
    await deps.storage.put(storageKey, createReadStream(tempFile), mimeType);
    try {
      const [deck] = await deps.db
        .insert(decks)
        .values({
          ownerId: user.id,
          storageKey,
          originalName: cleanFileName(upload.filename),
          mimeType,
          sizeBytes: size,
        })
        .returning({ id: decks.id });
      return { deckFileUrl: deckFileUrlFor(deck.id) };
    } catch (error) {
      await deps.storage.delete(storageKey).catch(() => undefined);
      throw error;
    }
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}
