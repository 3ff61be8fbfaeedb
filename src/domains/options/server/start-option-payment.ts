import { and, eq, isNull } from 'drizzle-orm';
import { MAX_CHARGE_PENCE } from '@/domains/payments/payments.constants';
import type { AppDeps } from '@/server/deps';
import { AppError, conflict, forbidden } from '@/shared/errors';
import { penceToPounds } from '@/shared/money';
import { OPTION_MESSAGES, type OptionPaymentAction } from '../options.constants';
import type { OptionPaymentStart } from '../options.schema';
import { getOptionFor, type OptionViewer } from './find-options';
import { optionPayments, options, type OptionPaymentRow } from './options.tables';
import { authoriseOptionPayment } from './option-payment';
import { settleOptionPayment } from './settle-option-payment';
import { providerFailure } from './provider-failure';

export type StartPaymentDeps = Pick<AppDeps, 'db' | 'payments' | 'storage' | 'config' | 'log'>;

/** The payment this action takes now: its version, amount and method, or why it cannot. */
function paymentTerms(
  option: Awaited<ReturnType<typeof getOptionFor>>['view']['option'],
  action: OptionPaymentAction,
) {
  if (action === 'extension') {
    if (option.extensionMonths === 0 || option.extensionFeePence === null) {
      throw conflict(OPTION_MESSAGES.noExtension);
    }
    if (option.extensionsTaken >= 1) throw conflict(OPTION_MESSAGES.extensionTaken);
    return {
      version: option.extensionsTaken + 1,
      amountPence: option.extensionFeePence,
      method: 'card' as const,
    };
  }
  const price = option.purchasePricePence;
  // Above the card's maximum, or no fixed price: due by bank transfer, recorded by an admin.
  const byCard = price !== null && price > 0 && price <= MAX_CHARGE_PENCE;
  return {
    version: 1,
    amountPence: price ?? 0,
    method: byCard ? ('card' as const) : ('bank_transfer' as const),
  };
}

/**
 * The producer extends the option, or gives notice of exercise (issue 34): the payment row for
 * this option, action and version is made once (a second click finds it), then the card is
 * authorised with our key (the browser confirms it; the payment handler captures and applies
 * it). Asked again (the browser after its card step), it settles what the provider now holds.
 * An exercise above the card maximum is due by bank transfer: the notice is recorded and an
 * admin records the payment. Only while the option runs (before its end).
 */
export async function startOptionPayment(
  deps: StartPaymentDeps,
  viewer: OptionViewer,
  optionId: number,
  action: OptionPaymentAction,
  now: Date,
): Promise<OptionPaymentStart> {
  const found = await getOptionFor(deps.db, viewer, optionId, now);
  const option = found.view.option;
  if (option.producerId !== viewer.id) throw forbidden(OPTION_MESSAGES.producerOnly);
  const existing = await findOpenPayment(deps, optionId, action);
  if (!existing) {
    if (found.option.state === 'exercised' || found.option.state === 'lapsed') {
      throw conflict(OPTION_MESSAGES.notLive);
    }
    if (option.endsAt <= now) throw conflict(OPTION_MESSAGES.ended);
    if (action === 'extension' && found.option.state === 'exercising') {
      throw conflict(OPTION_MESSAGES.exerciseGiven);
    }
  }
  const payment =
    existing ?? (await createPayment(deps, option.id, action, paymentTerms(option, action), now));
  let clientSecret: string | null = null;
  // Asked again after the card step (Stripe's webhook may not have come yet): whatever the
  // provider now holds is taken as far as it goes before anything else.
  const settled =
    payment.providerPaymentId !== null && (await settleOptionPayment(deps, payment.id, now));
  if (payment.method === 'card' && !payment.paidAt && !settled && option.producerId) {
    try {
      const provider = await authoriseOptionPayment(deps, payment, {
        userId: option.producerId,
        listingTitle: found.view.listingTitle,
      });
      if (provider.status === 'requires_capture' || provider.status === 'succeeded') {
        await settleOptionPayment(deps, payment.id, now);
      } else {
        clientSecret = provider.clientSecret;
      }
    } catch (error) {
      throw providerFailure(error);
    }
  }
  const after = await getOptionFor(deps.db, viewer, optionId, now);
  const [current] = await deps.db
    .select()
    .from(optionPayments)
    .where(eq(optionPayments.id, payment.id));
  return {
    option: after.option,
    paymentId: payment.id,
    action,
    method: payment.method,
    amount: penceToPounds(payment.amountPence),
    clientSecret,
    paid: Boolean(current?.paidAt),
  };
}

/** The payment of this action not yet applied (a retry of the same click), if any. */
async function findOpenPayment(
  deps: Pick<AppDeps, 'db'>,
  optionId: number,
  action: OptionPaymentAction,
): Promise<OptionPaymentRow | null> {
  const [row] = await deps.db
    .select()
    .from(optionPayments)
    .where(
      and(
        eq(optionPayments.optionId, optionId),
        eq(optionPayments.action, action),
        isNull(optionPayments.appliedAt),
      ),
    );
  return row ?? null;
}

async function createPayment(
  deps: Pick<AppDeps, 'db'>,
  optionId: number,
  action: OptionPaymentAction,
  terms: ReturnType<typeof paymentTerms>,
  now: Date,
): Promise<OptionPaymentRow> {
  return deps.db.transaction(async (tx) => {
    if (action === 'exercise') {
      await tx
        .update(options)
        .set({ exerciseNoticeAt: now })
        .where(and(eq(options.id, optionId), isNull(options.exerciseNoticeAt)));
    }
    const [inserted] = await tx
      .insert(optionPayments)
      .values({ optionId, action, ...terms })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
    const [other] = await tx
      .select()
      .from(optionPayments)
      .where(
        and(
          eq(optionPayments.optionId, optionId),
          eq(optionPayments.action, action),
          eq(optionPayments.version, terms.version),
        ),
      );
    if (!other) throw new AppError('CONFLICT', OPTION_MESSAGES.notLive);
    return other;
  });
}
