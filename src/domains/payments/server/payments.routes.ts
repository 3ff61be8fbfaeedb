import { z } from 'zod';
import { AppError, errorResponses } from '@/shared/errors';
import { requireUser } from '@/server/plugins/session';
import type { RoomRoutes } from '@/server/room-module';
import {
  LocalConfirmBodySchema,
  LocalConfirmResponseSchema,
  PaymentsConfigSchema,
} from '../payments.schema';
import { confirmLocalPayment } from './confirm-local-payment';
import { handleStripeWebhook } from './handle-stripe-webhook';

/**
 * The payments API. app.ts hands every room's routes the rooms' payment handlers (by a
 * payment's metadata.kind) and Stripe event handlers; these routes are the ones that use them.
 */
export const paymentsRoutes: RoomRoutes = async (app, options) => {
  app.get(
    '/payments/config',
    {
      schema: {
        tags: ['payments'],
        response: { 200: PaymentsConfigSchema, ...errorResponses(500) },
      },
    },
    async () => ({
      provider: app.config.payments.provider,
      publishableKey:
        app.config.payments.provider === 'stripe'
          ? (app.config.payments.stripePublishableKey ?? null)
          : null,
    }),
  );

  app.post(
    '/payments/local/confirm',
    {
      schema: {
        tags: ['payments'],
        body: LocalConfirmBodySchema,
        response: {
          200: LocalConfirmResponseSchema,
          ...errorResponses(400, 401, 402, 403, 404, 409, 429, 503),
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = requireUser(request);
      const payment = await confirmLocalPayment(
        app,
        options.paymentHandlers,
        user.id,
        request.body,
      );
      return { paymentIntentId: payment.id, status: payment.status };
    },
  );

  // Stripe signs the exact bytes it sent: in this scope only, JSON bodies stay raw Buffers.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/payments/stripe/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'Stripe events (signature verified; the intent is re-read from Stripe)',
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            ...errorResponses(400, 404, 503),
          },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError('BAD_REQUEST', 'Webhook body must be JSON');
        }
        const signature = request.headers['stripe-signature'];
        return handleStripeWebhook(
          app,
          options.paymentHandlers,
          request.body,
          typeof signature === 'string' ? signature : undefined,
          options.stripeEventHandlers,
        );
      },
    );
  });
};
