import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '@/shared/errors';
import { CHAIN_DOCUMENT_SIZE_MESSAGE } from '../chain-of-title.constants';

/** How many leading bytes decide the type (file-type's own sample size). */
const SNIFF_BYTES = 4100;

export const MALFORMED_UPLOAD_MESSAGE =
  'The upload could not be read. Send the document as multipart/form-data with the PDF in a field named "file".';

/** The PDF spooled to a temporary file while the form streamed in, and the form's text fields. */
export interface ChainUpload {
  fields: Record<string, string>;
  file: {
    tempPath: string;
    originalName: string;
    sizeBytes: number;
    /** Whether the bytes (not the name or the browser's type) say PDF. */
    isPdf: boolean;
  } | null;
  /** Removes the temporary file; call it in a finally. */
  cleanUp(): Promise<void>;
}

/** Keeps the first bytes for sniffing and passes everything through. */
class HeadKeeper extends Transform {
  private chunks: Buffer[] = [];
  private length = 0;

  _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.length < SNIFF_BYTES) {
      this.chunks.push(chunk);
      this.length += chunk.length;
    }
    done(null, chunk);
  }

  head(): Buffer {
    return Buffer.concat(this.chunks).subarray(0, SNIFF_BYTES);
  }
}

const isTooLarge = (error: unknown) =>
  (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * An error met while reading the body (no boundary, a part cut short, too many parts) is the
 * client's: 400 (413 for a file over the limit). Our own errors and system errors pass.
 */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (isTooLarge(error)) return new AppError('PAYLOAD_TOO_LARGE', CHAIN_DOCUMENT_SIZE_MESSAGE);
  if (error instanceof Error && 'syscall' in error) return error;
  return new AppError('BAD_REQUEST', MALFORMED_UPLOAD_MESSAGE, { cause: error });
}

/**
 * Reads a multipart form: text fields into `fields` (a repeated `parties` field joins with
 * new lines), the part named `file` streamed to a temporary file under the parser's size
 * limit. Any other file part is drained and ignored. Nothing is judged here but the size.
 */
export async function readChainUpload(
  parts: AsyncIterableIterator<Multipart>,
): Promise<ChainUpload> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'pts-chain-'));
  const upload: ChainUpload = {
    fields: {},
    file: null,
    cleanUp: () => rm(tempDir, { recursive: true, force: true }),
  };
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        const previous = upload.fields[part.fieldname];
        upload.fields[part.fieldname] =
          part.fieldname === 'parties' && previous !== undefined ? `${previous}\n${value}` : value;
        continue;
      }
      if (part.fieldname !== 'file' || upload.file) {
        part.file.resume();
        continue;
      }
      const tempPath = path.join(tempDir, 'upload.pdf');
      const keeper = new HeadKeeper();
      await pipeline(part.file, keeper, createWriteStream(tempPath));
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', CHAIN_DOCUMENT_SIZE_MESSAGE);
      const { size } = await stat(tempPath);
      const type = size > 0 ? await fileTypeFromBuffer(keeper.head()) : undefined;
      upload.file = {
        tempPath,
        originalName: part.filename,
        sizeBytes: size,
        isPdf: type?.ext === 'pdf' && type.mime === 'application/pdf',
      };
    }
    return upload;
  } catch (error) {
    await upload.cleanUp();
    throw uploadError(error);
  }
}
