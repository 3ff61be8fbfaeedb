import type { AppDeps } from '@/server/deps';
import type { PaymentHandlers } from '@/server/payments/payment-handlers';
import type { ProviderPayment } from '@/server/payments/payment-provider';

// The handler types are the platform's (a RoomModule names its handlers); this room runs them.
export type {
  PaymentHandler,
  PaymentHandlers,
  StripeEventHandler,
} from '@/server/payments/payment-handlers';

export async function dispatchPaymentUpdate(
  deps: AppDeps,
  handlers: PaymentHandlers,
  payment: ProviderPayment,
): Promise<void> {
  const handler = handlers[payment.metadata.kind ?? ''];
  if (handler) await handler(deps, payment);
  else
    deps.log.warn(
      { paymentId: payment.id, kind: payment.metadata.kind },
      'payment without a handler',
    );
}
