import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LISTING_IMAGE_MAX_BYTES } from '@/domains/listings/server';
import { requireRole } from '@/server/plugins/session';
import { AppError, errorResponses } from '@/shared/errors';
import {
  UPLOAD_IP_IMAGES_CSV_MAX_BYTES,
  UPLOAD_IP_IMAGES_MAX_BYTES,
  UPLOAD_IP_IMAGES_MAX_FILES,
  UPLOAD_IP_IMAGES_MESSAGES as MESSAGES,
  UploadIpImagesResponseSchema,
} from '../upload-ip-images.schema';
import { imageKey } from './upload-ip-images-csv';
import { uploadIpImages, type ReceivedImage } from './upload-ip-images';

/**
 * The total limit the route enforces, read on each request: tests lower it to check the 413
 * without sending 250MB. The parser's own per-file limit stays at the spec's 250MB.
 */
export const uploadIpImagesLimits = { maxTotalBytes: UPLOAD_IP_IMAGES_MAX_BYTES };

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', MESSAGES.tooLarge);
const missingFiles = () =>
  new AppError('VALIDATION', MESSAGES.missingFiles, {
    fields: { csv: MESSAGES.missingFiles, images: MESSAGES.missingFiles },
  });

/** What the multipart parser's own limits mean to the admin. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('PAYLOAD_TOO_LARGE', MESSAGES.tooManyFiles);
  }
  return new AppError('BAD_REQUEST', 'The upload could not be read', { cause: error });
}

/**
 * Counts every byte of the request's files against the total limit and stops the upload
 * the moment it is passed; keeps at most `keepBytes` of this file.
 */
function counter(budget: { used: number; max: number }, keepBytes: number) {
  let seen = 0;
  const state = { isTruncated: false };
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      budget.used += chunk.length;
      if (budget.used > budget.max) {
        callback(tooLarge());
        return;
      }
      const room = keepBytes - seen;
      seen += chunk.length;
      if (chunk.length > room) state.isTruncated = true;
      callback(null, room > 0 ? chunk.subarray(0, Math.min(room, chunk.length)) : undefined);
    },
  });
  return { transform, state };
}

async function readCsv(part: MultipartFile, budget: { used: number; max: number }) {
  const chunks: Buffer[] = [];
  const { transform, state } = counter(budget, UPLOAD_IP_IMAGES_CSV_MAX_BYTES);
  transform.on('data', (chunk: Buffer) => chunks.push(chunk));
  await pipeline(part.file, transform);
  if (state.isTruncated) throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.csvTooLarge);
  const bytes = Buffer.concat(chunks);
  // A CSV is text: no magic number. A renamed image or spreadsheet is not one.
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed || !/\.csv$/i.test(part.filename)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.notCsv, {
      fields: { csv: MESSAGES.notCsv },
    });
  }
  return bytes.toString('utf8');
}

/**
 * POST /api/admin/upload-ip-images (admins only): multipart with one `csv` file and any
 * number of `images`, at most 250MB together. The files stream to a private temporary
 * folder (never all held in memory) and the upload stops with 413 as soon as it passes the
 * limit; the folder is removed when the answer is sent.
 */
export const adminUploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_IP_IMAGES_MAX_BYTES,
      files: UPLOAD_IP_IMAGES_MAX_FILES + 1,
      fields: 10,
      parts: UPLOAD_IP_IMAGES_MAX_FILES + 11,
      fieldSize: 1024,
    },
  });

  app.post(
    '/admin/upload-ip-images',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Bulk IP image upload: a CSV (title, author, image_file, image_type) and its images',
        description:
          'multipart/form-data: field "csv" (one .csv file) and field "images" (image files), ' +
          'at most 250MB in total. Each row is matched to a listing by title and author; its ' +
          'image becomes the cover or joins the gallery. The answer reports every row.',
        consumes: ['multipart/form-data'],
        response: {
          200: UploadIpImagesResponseSchema,
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data');
      }
      const budget = { used: 0, max: uploadIpImagesLimits.maxTotalBytes };
      const folder = await mkdtemp(path.join(os.tmpdir(), 'pts-ip-images-'));
      try {
        let csv: { name: string; text: string } | null = null;
        const images = new Map<string, ReceivedImage>();
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') continue;
            if (part.fieldname === 'csv' && csv === null) {
              csv = { name: path.basename(part.filename || 'upload.csv'), text: '' };
              csv.text = await readCsv(part, budget);
            } else if (part.fieldname === 'images') {
              const fileName = path.basename(part.filename || '');
              const key = imageKey(fileName);
              // The same name twice: the first is kept (the CSV cannot tell them apart).
              const target = path.join(folder, `${images.size}.upload`);
              const { transform, state } = counter(budget, LISTING_IMAGE_MAX_BYTES);
              await pipeline(part.file, transform, createWriteStream(target));
              if (key && !images.has(key)) {
                images.set(key, { fileName, path: target, isTooLarge: state.isTruncated });
              }
            } else {
              part.file.resume();
              throw new AppError('VALIDATION', MESSAGES.unknownField, {
                fields: { [part.fieldname]: MESSAGES.unknownField },
              });
            }
          }
        } catch (error) {
          throw uploadError(error);
        }
        if (!csv || images.size === 0) throw missingFiles();
        return await uploadIpImages(app, {
          admin,
          csvName: csv.name,
          csvText: csv.text,
          images,
        });
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  );
};
