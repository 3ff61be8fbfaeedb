import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole, requireUser } from '@/server/plugins/session';
import { errorResponses } from '@/shared/errors';
import { idOrNotFound } from '@/shared/ids';
import { LISTING_NOT_FOUND } from '@/domains/listings/server';
import {
  AdvanceClockBodySchema,
  AdvanceClockResponseSchema,
  AgentAvailsQuerySchema,
  AgentAvailsResponseSchema,
  ListingAvailsParamsSchema,
  ListingAvailsSchema,
} from '../rights.schema';
import { advanceTestClock } from './advance-test-clock';
import { findAgentAvails } from './find-agent-avails';
import { getListingAvails } from './get-listing-avails';

const TAGS = ['rights'];

/** The avails grid (issue 29), and the test clock when TEST_CLOCK=true. */
export const rightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/listings/:id/avails',
    {
      schema: {
        tags: TAGS,
        summary:
          "A listing's rights grid: each medium × territory it offers, available, under offer, optioned until a date, or sold (who holds it: the listing's agent and admins only)",
        params: ListingAvailsParamsSchema,
        response: { 200: ListingAvailsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return getListingAvails(app.db, user, idOrNotFound(request.params.id, LISTING_NOT_FOUND));
    },
  );

  app.get(
    '/agent/avails',
    {
      schema: {
        tags: TAGS,
        summary:
          "The agent's own listings with their rights grids and who holds which part (listings with deals or open offers first)",
        querystring: AgentAvailsQuerySchema,
        response: { 200: AgentAvailsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // Admins see every grid on the listing pages; this list is an agent's own workspace.
      const agent = requireRole(request, 'agent');
      return findAgentAvails(app.db, agent.id, request.query);
    },
  );

  // Only a test server has it (TEST_CLOCK=true): elsewhere it does not exist, so 404.
  if (app.config.testClock) {
    app.post(
      '/test/clock',
      {
        schema: {
          tags: ['testing'],
          summary:
            'Test servers only (TEST_CLOCK=true), admins: move the clock forward by advanceDays and run the rights reversion now',
          body: AdvanceClockBodySchema,
          response: { 200: AdvanceClockResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        requireRole(request, 'admin');
        return advanceTestClock(app, request.body.advanceDays);
      },
    );
  }
};
