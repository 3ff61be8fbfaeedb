import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '@/server/plugins/session';
import { AppError, errorResponses, forbidden, notFound } from '@/shared/errors';
import {
  LISTING_IMAGE_MAX_BYTES,
  LISTING_IMAGE_SIZE_MESSAGE,
  listingImageKey,
  storeListingImage,
} from './store-listing-image';

const IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** POST /api/listings/images: an agent uploads a cover or gallery image (field "image"). */
export const listingImageUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: LISTING_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  app.post(
    '/listings/images',
    {
      schema: {
        tags: ['listings'],
        summary:
          'Upload a listing image (JPEG, PNG, WebP, GIF or AVIF, at most 10MB, field "image")',
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (user.role !== 'agent' && user.role !== 'admin') {
        throw forbidden('Only agents and administrators can upload listing images');
      }
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
      }
      let part;
      try {
        part = await request.file();
      } catch (error) {
        throw new AppError('BAD_REQUEST', 'The upload could not be read', { cause: error });
      }
      if (!part || part.fieldname !== 'image') {
        part?.file.resume();
        throw new AppError('VALIDATION', 'Please choose an image to upload', {
          fields: { image: 'Please choose an image to upload' },
        });
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('PAYLOAD_TOO_LARGE', LISTING_IMAGE_SIZE_MESSAGE);
        }
        throw new AppError('BAD_REQUEST', 'The upload could not be read', { cause: error });
      }
      const stored = await storeListingImage(app.storage, bytes);
      return reply.status(201).send(stored);
    },
  );
};

/** GET /uploads/listing-images/{name}: a stored listing image (public, like the listing). */
export const listingImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/uploads/listing-images/:name',
    {
      schema: {
        tags: ['listings'],
        summary: 'A stored listing image (WebP)',
        params: z.object({ name: z.string().max(100) }),
        response: { 200: z.unknown().describe('image/webp'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!IMAGE_NAME.test(name)) throw notFound('Image not found');
      const stream = await app.storage.get(listingImageKey(name));
      if (!stream) throw notFound('Image not found');
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stream);
    },
  );
};
