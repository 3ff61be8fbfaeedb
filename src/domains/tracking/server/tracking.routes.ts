import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses } from '@/shared/errors';
import { requireSignedIn, requireUser } from '@/server/plugins/session';
import { TrackActivityBodySchema, TrackSearchBodySchema } from '../tracking.schema';
import { recordActivity } from './record-activity';
import { recordSearch } from './record-search';

const TRACKING_BODY_LIMIT = 16 * 1024;

export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  // navigator.sendBeacon posts its JSON as text/plain; read it as JSON here (this plugin only).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: TRACKING_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError('BAD_REQUEST', 'Malformed JSON in request body'), undefined);
      }
    },
  );

  app.post(
    '/tracking/search',
    {
      onRequest: requireSignedIn,
      bodyLimit: TRACKING_BODY_LIMIT,
      schema: {
        tags: ['tracking'],
        summary: 'Record a catalogue search',
        body: TrackSearchBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await recordSearch(app.db, { userId: user.id, body: request.body });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/tracking/activity',
    {
      onRequest: requireSignedIn,
      bodyLimit: TRACKING_BODY_LIMIT,
      schema: {
        tags: ['tracking'],
        summary: 'Record what a user did with a listing (JSON, or text/plain from sendBeacon)',
        body: TrackActivityBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await recordActivity(app.db, { user, body: request.body });
      return reply.status(204).send(null);
    },
  );
};
