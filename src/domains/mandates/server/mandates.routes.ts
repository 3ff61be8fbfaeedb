import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/shared/errors';
import { IdParamSchema, idOrNotFound } from '@/shared/ids';
import { requireSignedIn, requireUser } from '@/server/plugins/session';
import {
  AgentMatchesSchema,
  AnswerBodySchema,
  MANDATE_MESSAGES,
  MandateBodySchema,
  MandateListSchema,
  MandateListingsSchema,
  MandateSchema,
  MandateSearchSchema,
  MuteBodySchema,
  PitchBodySchema,
  PitchListSchema,
  PitchSchema,
} from '../mandates.schema';
import { createMandate } from './create-mandate';
import { closeMandate, findMandates, findMyMandates, getMandate } from './find-mandates';
import { findAgentMatches, findMandateListings } from './find-matches';
import {
  answerPitch,
  declinePitch,
  findMandatePitches,
  findSentPitches,
  pitchListing,
  setPitchMute,
} from './pitches';

const tags = ['mandates'];
const params = z.object({ id: IdParamSchema });
const mandateIdOf = (raw: string) => idOrNotFound(raw, MANDATE_MESSAGES.notFound);
const pitchIdOf = (raw: string) => idOrNotFound(raw, MANDATE_MESSAGES.pitchNotFound);
const auth = { onRequest: requireSignedIn };

/** Thin routes over the mandates room's use cases (issue 35). */
export const mandatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mandates',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Open mandates: what producers are looking for (searchable)',
        querystring: MandateSearchSchema,
        response: { 200: MandateListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      mandates: await findMandates(app.db, requireUser(request), request.query),
    }),
  );

  app.post(
    '/mandates',
    {
      ...auth,
      schema: {
        tags,
        summary: 'A premium producer posts a mandate, named or anonymous',
        body: MandateBodySchema,
        response: { 201: MandateSchema, ...errorResponses(400, 401, 403) },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    },
    async (request, reply) =>
      reply.code(201).send(await createMandate(app, requireUser(request), request.body)),
  );

  app.get(
    '/mandates/mine',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Your mandates, open and closed',
        response: { 200: MandateListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ mandates: await findMyMandates(app.db, requireUser(request)) }),
  );

  app.get(
    '/mandates/matches',
    {
      ...auth,
      schema: {
        tags,
        summary: "For each of an agent's listings, the open mandates that fit, and why",
        response: { 200: AgentMatchesSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => findAgentMatches(app.db, requireUser(request)),
  );

  app.get(
    '/mandates/pitches/sent',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The pitches you sent and their answers',
        response: { 200: PitchListSchema, ...errorResponses(401) },
      },
    },
    async (request) => findSentPitches(app.db, requireUser(request)),
  );

  app.get(
    '/mandates/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: "A mandate's page",
        params,
        response: { 200: MandateSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getMandate(app.db, requireUser(request), mandateIdOf(request.params.id)),
  );

  app.post(
    '/mandates/:id/close',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Close your mandate',
        params,
        response: { 200: MandateSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => closeMandate(app.db, requireUser(request), mandateIdOf(request.params.id)),
  );

  await app.register(matchAndPitchRoutes);
};

/** Matching both ways, and pitches from an agent's listing to a producer's mandate. */
const matchAndPitchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mandates/:id/listings',
    {
      ...auth,
      schema: {
        tags,
        summary: 'For your mandate, the listings that fit, best first, and why',
        params,
        response: { 200: MandateListingsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      findMandateListings(app.db, requireUser(request), mandateIdOf(request.params.id)),
  );

  app.get(
    '/mandates/:id/pitches',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The pitches your mandate received',
        params,
        response: { 200: PitchListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      findMandatePitches(app.db, requireUser(request), mandateIdOf(request.params.id)),
  );

  app.post(
    '/mandates/:id/pitches',
    {
      ...auth,
      schema: {
        tags,
        summary: 'An agent pitches one of their listings to a mandate (once)',
        params,
        body: PitchBodySchema,
        response: { 201: PitchSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await pitchListing(
            app,
            requireUser(request),
            mandateIdOf(request.params.id),
            request.body,
          ),
        ),
  );

  app.post(
    '/mandates/pitches/:id/answer',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Answer a pitch: the conversation continues in the inbox',
        params,
        body: AnswerBodySchema,
        response: { 200: PitchSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      answerPitch(app, requireUser(request), pitchIdOf(request.params.id), request.body.message),
  );

  app.post(
    '/mandates/pitches/:id/decline',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Decline a pitch',
        params,
        response: { 200: PitchSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => declinePitch(app, requireUser(request), pitchIdOf(request.params.id)),
  );

  app.put(
    '/mandates/mutes/:agentId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Stop (or resume) pitches from an agent',
        params: z.object({ agentId: IdParamSchema }),
        body: MuteBodySchema,
        response: {
          200: z.object({ agentId: z.number().int(), muted: z.boolean() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      setPitchMute(
        app.db,
        requireUser(request),
        idOrNotFound(request.params.agentId, 'Agent not found'),
        request.body.muted,
      ),
  );
};
