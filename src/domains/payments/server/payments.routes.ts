import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@/server/plugins/session';
import {
  LocalConfirmBodySchema,
  LocalConfirmResponseSchema,
  PaymentsConfigSchema,
} from '../payments.schema';
import { confirmLocalPayment } from './confirm-local-payment';
import type { PaymentHandlers } from './payment-handlers';

export interface PaymentsRoutesOptions {
  handlers: PaymentHandlers;
}

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/payments/config',
    { schema: { tags: ['payments'], response: { 200: PaymentsConfigSchema } } },
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
        response: { 200: LocalConfirmResponseSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = requireUser(request);
      const payment = await confirmLocalPayment(app, options.handlers, user.id, request.body);
      return { paymentIntentId: payment.id, status: payment.status };
    },
  );
};
