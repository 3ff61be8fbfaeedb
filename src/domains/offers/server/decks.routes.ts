import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '@/shared/errors';
import { requireUser } from '@/server/plugins/session';
import { DECK_MAX_BYTES } from '../offers.constants';
import { DeckUploadResponseSchema, OfferIdParamsSchema, idFromParam } from '../offers.schema';
import { attachmentHeader, getDeckFile } from './get-deck-file';
import { DECK_SIZE_MESSAGE, uploadDeck } from './upload-deck';

const ErrorSchema = z.object({ message: z.string(), code: z.string() }).loose();

/**
 * Proposal decks. Multipart parsing is registered here only (this plugin's scope), with the
 * 50 MB limit enforced by the parser while the file streams in.
 */
export const decksRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: DECK_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  app.post(
    '/uploads/deck',
    {
      schema: {
        tags: ['offers'],
        summary: 'Upload a proposal deck (.pdf .ppt .pptx .key, at most 50MB, field "file")',
        consumes: ['multipart/form-data'],
        response: {
          201: DeckUploadResponseSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the deck as multipart/form-data');
      }
      let file;
      try {
        file = await request.file();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('PAYLOAD_TOO_LARGE', DECK_SIZE_MESSAGE);
        }
        throw error;
      }
      if (!file || file.fieldname !== 'file') {
        file?.file.resume();
        throw new AppError('VALIDATION', 'Please choose a deck to upload', {
          fields: { file: 'Please choose a deck to upload' },
        });
      }
      const answer = await uploadDeck(app, user, file);
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/uploads/deck/:id',
    {
      schema: {
        tags: ['offers'],
        summary: 'Download a deck (its producer, the listing agent, admins)',
        params: OfferIdParamsSchema,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const id = idFromParam(request.params.id);
      if (id === null) throw notFound('Deck not found');
      const deck = await getDeckFile(app.db, app.storage, user, id);
      return reply
        .header('content-type', deck.mimeType)
        .header('content-length', String(deck.sizeBytes))
        .header('content-disposition', attachmentHeader(deck.originalName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(deck.stream);
    },
  );
};
