import type { Config } from '@/server/config';
import type { Database } from '@/server/db/client';
import { LocalPaymentProvider } from './local-provider';
import type { PaymentProvider } from '@/server/payments/payment-provider';
import { StripePaymentProvider } from './stripe-provider';

/** The configured adapter (PAYMENT_PROVIDER): local by default, stripe in production. */
export function createPaymentProvider(config: Config, db: Database): PaymentProvider {
  if (config.payments.provider === 'stripe') {
    return new StripePaymentProvider({
      secretKey: config.payments.stripeSecretKey!,
      apiBase: config.payments.stripeApiBase,
    });
  }
  return new LocalPaymentProvider(db);
}
