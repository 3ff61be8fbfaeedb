import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSignedIn, requireUser } from '@/server/plugins/session';
import { errorResponses } from '@/shared/errors';
import { idOrNotFound } from '@/shared/ids';
import {
  DealMessageBodySchema,
  DealThreadSchema,
  DealThreadsResponseSchema,
  ListingIdParamsSchema,
  ListingThreadResponseSchema,
  MuteBodySchema,
  ThreadIdParamsSchema,
} from '../inbox.schema';
import { askQuestion, findInbox, findListingThread, replyToThread, setMute } from './deal-threads';

/** Questions before an offer (decision 016). */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/deals/threads',
    {
      schema: {
        tags: ['deals'],
        summary: "The inbox: the signed-in user's conversations, newest first",
        response: { 200: DealThreadsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => findInbox(app.db, requireUser(request)),
  );

  app.get(
    '/deals/listings/:listingId/thread',
    {
      schema: {
        tags: ['deals'],
        summary: "The signed-in producer's conversation with the listing's agent, if any",
        params: ListingIdParamsSchema,
        response: { 200: ListingThreadResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      thread: await findListingThread(
        app.db,
        requireUser(request),
        idOrNotFound(request.params.listingId, 'Listing not found'),
      ),
    }),
  );

  app.post(
    '/deals/listings/:listingId/questions',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['deals'],
        summary: "A producer asks the listing's agent a question",
        params: ListingIdParamsSchema,
        body: DealMessageBodySchema,
        response: { 201: DealThreadSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const thread = await askQuestion(
        app,
        requireUser(request),
        idOrNotFound(request.params.listingId, 'Listing not found'),
        request.body,
      );
      return reply.status(201).send(thread);
    },
  );

  app.post(
    '/deals/threads/:id/messages',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['deals'],
        summary: "A reply in a conversation (its producer or the listing's agent)",
        params: ThreadIdParamsSchema,
        body: DealMessageBodySchema,
        response: { 201: DealThreadSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const thread = await replyToThread(
        app,
        requireUser(request),
        idOrNotFound(request.params.id, 'Conversation not found'),
        request.body,
      );
      return reply.status(201).send(thread);
    },
  );

  app.post(
    '/deals/threads/:id/mute',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['deals'],
        summary: "The agent mutes (or unmutes) the conversation's producer",
        params: ThreadIdParamsSchema,
        body: MuteBodySchema,
        response: { 200: DealThreadSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      setMute(
        app,
        requireUser(request),
        idOrNotFound(request.params.id, 'Conversation not found'),
        request.body.muted,
      ),
  );
};
