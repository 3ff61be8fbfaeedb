import {
  authorisePayment,
  capturePayment,
  ledgerSubject,
  releasePayment,
  type ProviderPayment,
} from '@/domains/payments/server';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { OPTION_PAYMENT_KIND } from '../options.constants';
import { optionPayments, type OptionPaymentRow } from './options.tables';

export type OptionPaymentDeps = Pick<AppDeps, 'db' | 'payments' | 'log'>;

export type OptionPaymentCall = 'authorise' | 'capture' | 'release';

/**
 * Our idempotency key of one provider call about an option payment: option, action, version
 * (the extension's number; 1 for the exercise) and call. Written to the ledger before the
 * call and reused on every retry, so the same extension or purchase is never taken twice.
 */
export const optionPaymentKey = (
  payment: Pick<OptionPaymentRow, 'optionId' | 'action' | 'version'>,
  call: OptionPaymentCall,
) => `option:${payment.optionId}:${payment.action}:${payment.version}:${call}`;

export const optionSubject = (optionId: number) => ledgerSubject(OPTION_PAYMENT_KIND, optionId);

function entryOf(payment: OptionPaymentRow, call: OptionPaymentCall, userId: number | null) {
  return {
    idempotencyKey: optionPaymentKey(payment, call),
    amountPence: payment.amountPence,
    subject: optionSubject(payment.optionId),
    userId,
  };
}

/**
 * Authorises the card payment (or, with the same key, finds the one authorised before) and
 * records its id on the payment row in the statement that records the call's success.
 */
export function authoriseOptionPayment(
  deps: OptionPaymentDeps,
  payment: OptionPaymentRow,
  input: { userId: number; listingTitle: string },
): Promise<ProviderPayment> {
  return authorisePayment(
    deps,
    {
      entry: entryOf(payment, 'authorise', input.userId),
      metadata: {
        kind: OPTION_PAYMENT_KIND,
        optionId: String(payment.optionId),
        optionPaymentId: String(payment.id),
        action: payment.action,
        userId: String(input.userId),
      },
      description: `Option ${payment.action} #${payment.optionId} on "${input.listingTitle}"`,
    },
    {
      withSuccess: (result) =>
        deps.db.$with('option_payment_recorded').as(
          deps.db
            .update(optionPayments)
            .set({ providerPaymentId: result.id })
            .where(and(eq(optionPayments.id, payment.id), isNull(optionPayments.providerPaymentId)))
            .returning({ id: optionPayments.id }),
        ),
    },
  );
}

/** Captures the authorised payment: the money moves (ledgered; a retry reuses the key). */
export function captureOptionPayment(
  deps: OptionPaymentDeps,
  payment: OptionPaymentRow & { providerPaymentId: string },
  userId: number | null,
): Promise<ProviderPayment> {
  return capturePayment(deps, {
    ...entryOf(payment, 'capture', userId),
    providerPaymentId: payment.providerPaymentId,
  });
}

/** Lets an authorisation go that is no longer due (the option ended first). */
export function releaseOptionPayment(
  deps: OptionPaymentDeps,
  payment: OptionPaymentRow & { providerPaymentId: string },
  userId: number | null,
): Promise<ProviderPayment> {
  return releasePayment(deps, {
    ...entryOf(payment, 'release', userId),
    providerPaymentId: payment.providerPaymentId,
  });
}
