import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/shared/errors';
import { requireUser } from '@/server/plugins/session';
import {
  AutoRenewBodySchema,
  AutoRenewResponseSchema,
  CheckoutSessionParamsSchema,
  CheckoutSessionSchema,
  MembershipStatusSchema,
  UpgradeResponseSchema,
} from '../membership.schema';
import { getCheckoutSession } from './get-checkout-session';
import { getMembershipStatus } from './get-membership-status';
import { setAutoRenew } from './set-auto-renew';
import { startUpgrade } from './start-upgrade';

export const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/membership/status',
    {
      schema: {
        tags: ['membership'],
        summary: "The signed-in user's tier, monthly listing views and allowance",
        response: { 200: MembershipStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return getMembershipStatus(app.db, { user, now: new Date() });
    },
  );

  app.post(
    '/membership/upgrade',
    {
      schema: {
        tags: ['membership'],
        summary: 'Open a checkout for a year of Premium (£216 including VAT)',
        description:
          'Free producers only. Premium starts when the payment succeeds, never here. ' +
          'Go to checkoutUrl: the in-app checkout (local provider, clientSecret set) or ' +
          "Stripe's hosted Checkout (stripe provider, clientSecret null).",
        // 503: the payment provider did not answer.
        response: { 200: UpgradeResponseSchema, ...errorResponses(401, 403, 409, 429, 503) },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = requireUser(request);
      return startUpgrade(app, { user, now: new Date() });
    },
  );

  app.get(
    '/membership/checkout/:sessionId',
    {
      schema: {
        tags: ['membership'],
        summary: "The signed-in user's own checkout session (checkout and payment-success pages)",
        params: CheckoutSessionParamsSchema,
        // Another user's checkout, or an id that is no checkout: 404 alike.
        response: { 200: CheckoutSessionSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return getCheckoutSession(app, {
        userId: user.id,
        sessionId: request.params.sessionId,
        now: new Date(),
      });
    },
  );

  app.patch(
    '/membership/auto-renew',
    {
      schema: {
        tags: ['membership'],
        summary: 'Turn automatic yearly renewal off or on (premium stays until it expires)',
        body: AutoRenewBodySchema,
        response: { 200: AutoRenewResponseSchema, ...errorResponses(400, 401, 409, 503) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return setAutoRenew(app, { user, autoRenew: request.body.autoRenew });
    },
  );
};
