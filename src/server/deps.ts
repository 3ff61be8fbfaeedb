import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';
import type { PaymentProvider } from './payments/payment-provider';

/**
 * What a use case may need from the running app. A use case asks for the few it uses
 * (`deps: Pick<AppDeps, 'db' | 'payments' | 'log'>`), so a job, a script or a test can call it
 * without building an app; the Fastify instance has all of them, so a route passes `app`.
 */
export interface AppDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  storage: Storage;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}
