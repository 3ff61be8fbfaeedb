import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/shared/errors';
import { idOrNotFound } from '@/shared/ids';
import { requireRole, requireSignedIn, requireUser } from '@/server/plugins/session';
import { OPTION_MESSAGES } from '../options.constants';
import {
  BankTransferBodySchema,
  DealIdParamsSchema,
  DealTimelineSchema,
  OptionIdParamsSchema,
  OptionPaymentStartSchema,
  OptionSchema,
  OptionsResponseSchema,
} from '../options.schema';
import { findOptionsFor, getOptionFor } from './find-options';
import { getDealTimeline } from './get-deal-timeline';
import { now as optionNow } from '@/server/clock';
import { getOptionNoticeFile } from './option-notice-file';
import { recordBankTransfer } from './record-bank-transfer';
import { startOptionPayment } from './start-option-payment';

const NoticeParamsSchema = z.object({ id: z.string().max(64), paymentId: z.string().max(64) });

/** The option's life after signature (issue 34): dashboards, extension, exercise, timeline. */
export const optionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/options',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['options'],
        summary:
          'Options after signature with days left: the producer’s own, those on the agent’s listings (admins: all); running first',
        response: { 200: OptionsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      options: await findOptionsFor(app.db, requireUser(request), optionNow()),
    }),
  );

  app.get(
    '/options/:id',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['options'],
        summary: 'One option (its producer, the listing’s agent, admins)',
        params: OptionIdParamsSchema,
        response: { 200: OptionSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const id = idOrNotFound(request.params.id, OPTION_MESSAGES.notFound);
      return (await getOptionFor(app.db, requireUser(request), id, optionNow())).option;
    },
  );

  for (const action of ['extension', 'exercise'] as const) {
    app.post(
      `/options/:id/${action}`,
      {
        onRequest: requireSignedIn,
        schema: {
          tags: ['options'],
          summary:
            action === 'extension'
              ? 'The producer extends the option: pays the agreed extension fee by card (authorise, then capture on confirmation)'
              : 'The producer gives notice of exercise: the purchase price by card, or by bank transfer above the card maximum',
          params: OptionIdParamsSchema,
          response: {
            200: OptionPaymentStartSchema,
            ...errorResponses(401, 402, 403, 404, 409, 429, 503),
          },
        },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request) => {
        const id = idOrNotFound(request.params.id, OPTION_MESSAGES.notFound);
        return startOptionPayment(app, requireUser(request), id, action, optionNow());
      },
    );
  }

  app.post(
    '/admin/options/:id/bank-transfer',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['options'],
        summary:
          'An admin records the purchase price of an exercised option as paid by bank transfer (audited)',
        params: OptionIdParamsSchema,
        body: BankTransferBodySchema,
        response: { 200: OptionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const id = idOrNotFound(request.params.id, OPTION_MESSAGES.notFound);
      const now = optionNow();
      await recordBankTransfer(app, admin.id, id, request.body, now);
      return (await getOptionFor(app.db, admin, id, now)).option;
    },
  );

  app.get(
    '/options/:id/notices/:paymentId',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['options'],
        summary: 'A sealed extension or exercise notice PDF (the option’s parties, admins)',
        params: NoticeParamsSchema,
        response: {
          200: z.unknown().describe('The notice, application/pdf'),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      const id = idOrNotFound(request.params.id, OPTION_MESSAGES.notFound);
      const paymentId = idOrNotFound(request.params.paymentId, 'Notice not found');
      const file = await getOptionNoticeFile(app, requireUser(request), id, paymentId, optionNow());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${file.filename}"`)
        .header('x-content-sha256', file.sha256)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );

  app.get(
    '/deals/:offerId/timeline',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['options'],
        summary:
          'A deal’s timeline: from the first question to reversion or purchase, with the documents',
        params: DealIdParamsSchema,
        response: { 200: DealTimelineSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const offerId = idOrNotFound(request.params.offerId, 'Offer not found');
      return getDealTimeline(app.db, requireUser(request), offerId, optionNow());
    },
  );
};
