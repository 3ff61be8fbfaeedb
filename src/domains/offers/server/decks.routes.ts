import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses, notFound } from '@/shared/errors';
import { parseId } from '@/shared/ids';
import { requireUser } from '@/server/plugins/session';
import { DECK_MAX_BYTES } from '../offers.constants';
import { DeckUploadResponseSchema, OfferIdParamsSchema } from '../offers.schema';
import { attachmentHeader, getDeckFile } from './get-deck-file';
import { DECK_SIZE_MESSAGE, malformedUpload, uploadDeck } from './upload-deck';

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
          ...errorResponses(400, 401, 403, 413, 415, 429),
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
        throw malformedUpload(error);
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
        response: {
          // Streamed as stored (Fastify never serialises a stream): any deck file.
          200: z.unknown().describe('The deck file, with its own content type'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const id = parseId(request.params.id);
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
