/**
 * The options room's server front door (issue 34, decision 024): the option's life after the
 * agreement is sealed — its clock, reminders, extension and exercise payments (ledgered through
 * the payments room), sealed notices filed in the chain of title, and each deal's timeline.
 * Options depends on agreements, offers, rights, payments, chain-of-title, notifications and
 * admin; none depends on it: agreements runs the step registered below after a seal, and
 * /verify-agreement asks the verifier registered below about notices.
 */
import type { FastifyInstance } from 'fastify';
import { onAgreementSealed, registerDocumentVerifier } from '@/domains/agreements/server';
import type { RoomModule } from '@/server/room-module';
import { now as optionNow } from '@/server/clock';
import { optionNoticeVerifier } from './option-notice-file';
import { optionsRoutes } from './options.routes';
import { reconcileOptionPayments } from './reconcile-option-payments';
import { syncOptionPayment } from './sync-option-payment';
import { sendOptionReminders } from './send-option-reminders';
import { startMissingOptions, startOptionAfterSeal } from './start-option';

onAgreementSealed(startOptionAfterSeal);
registerDocumentVerifier(optionNoticeVerifier);

export const optionsRoom: RoomModule = {
  name: 'options',
  routes: optionsRoutes,
  paymentHandlers: { option: syncOptionPayment },
  jobs: (app: FastifyInstance) => [
    {
      // Options of sealed agreements not started yet (the step after the seal failed), then
      // the reminders due at 90, 30 and 7 days (each sent once: its row is the claim).
      name: 'options:clock',
      intervalMs: 10 * 60 * 1000,
      run: async () => ({
        started: await startMissingOptions(app),
        reminded: await sendOptionReminders(app, optionNow()),
      }),
    },
    {
      // Extension and purchase payments a crash or a timeout left unfinished.
      name: 'options:payments',
      intervalMs: 60 * 1000,
      run: async () => ({ settled: await reconcileOptionPayments(app, optionNow()) }),
    },
  ],
};

export { startOption, startMissingOptions } from './start-option';
export { sendOptionReminders } from './send-option-reminders';
export { settleOptionPayment } from './settle-option-payment';
export { reconcileOptionPayments } from './reconcile-option-payments';
