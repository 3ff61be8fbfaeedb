import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { AppError } from '@/shared/errors';
import { getUserForUpdate, type UserRow } from '@/domains/accounts/server';
import { callProvider, PaymentProviderError } from '@/domains/payments/server';
import { CURRENCY } from '@/domains/payments/payments.constants';
import { paths } from '@/shared/paths';
import {
  ALREADY_PREMIUM_MESSAGE,
  PREMIUM_PRICE,
  PRODUCERS_ONLY_UPGRADE_MESSAGE,
} from '../membership.constants';
import { effectiveTier } from '../membership.rules';
import type { UpgradeResponse } from '../membership.schema';
import type { SubscriptionRow } from './find-current-subscription';
import { initialPaymentKey } from './find-initial-payment';
import { createPremiumCheckoutSession, retrieveCheckoutSession } from './stripe-billing';
import { membershipSubscriptions } from './subscriptions.tables';

/** An unpaid checkout is offered again for this long instead of opening a second one. */
const CHECKOUT_REUSE_MS = 23 * 60 * 60 * 1000;

const FAILED_TO_CREATE = 'Failed to create subscription';

/** What opening a checkout needs (the app itself satisfies it). */
export type StartUpgradeDeps = Pick<AppDeps, 'db' | 'config' | 'payments'>;

export interface StartUpgradeOptions {
  user: UserRow;
  now: Date;
}

/**
 * POST /api/membership/upgrade: opens a checkout for a year of Premium. Nothing changes for
 * the user here; premium starts when the payment succeeds (syncMembershipPayment or the
 * Stripe webhook). A second click reuses the open checkout, so two tabs cannot pay twice.
 */
export async function startUpgrade(
  deps: StartUpgradeDeps,
  { user, now }: StartUpgradeOptions,
): Promise<UpgradeResponse> {
  // Only producers buy Premium: agents and admins have its features with their role.
  if (user.role !== 'producer') throw new AppError('FORBIDDEN', PRODUCERS_ONLY_UPGRADE_MESSAGE);

  const provider = deps.payments.name;
  const { subscription, isReused } = await deps.db.transaction(async (tx) => {
    // One upgrade at a time per user: the row lock orders concurrent clicks.
    const current = (await getUserForUpdate(tx, user.id)) ?? user;
    if (effectiveTier(current, now) === 'premium') {
      throw new AppError('CONFLICT', ALREADY_PREMIUM_MESSAGE);
    }
    const [open] = await tx
      .select()
      .from(membershipSubscriptions)
      .where(
        and(
          eq(membershipSubscriptions.userId, user.id),
          eq(membershipSubscriptions.provider, provider),
          eq(membershipSubscriptions.status, 'incomplete'),
          gt(membershipSubscriptions.createdAt, new Date(now.getTime() - CHECKOUT_REUSE_MS)),
        ),
      )
      .orderBy(desc(membershipSubscriptions.id))
      .limit(1);
    if (open && !open.checkoutSessionId.startsWith('pending_')) {
      return { subscription: open, isReused: true };
    }
    const [created] = await tx
      .insert(membershipSubscriptions)
      .values({
        userId: user.id,
        provider,
        status: 'incomplete',
        // Local sessions are ours; a Stripe row gets its cs_... id once Checkout answers.
        checkoutSessionId: `${provider === 'local' ? 'cs_local' : 'pending'}_${randomBytes(16).toString('hex')}`,
        autoRenew: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { subscription: created, isReused: false };
  });

  return provider === 'stripe'
    ? openStripeCheckout(deps, user, subscription, isReused)
    : openLocalCheckout(deps, user, subscription.id, subscription.checkoutSessionId);
}

async function openLocalCheckout(
  deps: StartUpgradeDeps,
  user: UserRow,
  subscriptionId: number,
  checkoutSessionId: string,
): Promise<UpgradeResponse> {
  const amountPence = PREMIUM_PRICE.grossPence;
  let clientSecret: string | null;
  try {
    // The same key for the same checkout: a retry or second click returns the same payment.
    const payment = await callProvider(
      deps.db,
      deps.payments,
      {
        operation: 'charge',
        idempotencyKey: initialPaymentKey(subscriptionId),
        amountPence,
        subject: `membership:${subscriptionId}`,
        userId: user.id,
      },
      (idempotencyKey) =>
        deps.payments.createPayment({
          amountPence,
          currency: CURRENCY,
          captureMethod: 'automatic',
          saveCard: true,
          metadata: {
            kind: 'membership',
            purpose: 'initial',
            subscriptionId: String(subscriptionId),
            checkoutSessionId,
            userId: String(user.id),
          },
          description: 'PageToScreen Premium membership (1 year)',
          idempotencyKey,
        }),
    );
    clientSecret = payment.clientSecret;
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      throw new AppError('PROVIDER_UNAVAILABLE', FAILED_TO_CREATE, { cause: error });
    }
    throw error;
  }
  return {
    clientSecret,
    subscriptionId: checkoutSessionId,
    checkoutUrl: paths.checkout(checkoutSessionId),
  };
}

/** The Stripe customer of an earlier subscription, so Stripe keeps one customer per user. */
async function previousCustomerId(deps: StartUpgradeDeps, userId: number): Promise<string | null> {
  const [row] = await deps.db
    .select({ customerId: membershipSubscriptions.customerId })
    .from(membershipSubscriptions)
    .where(
      and(
        eq(membershipSubscriptions.userId, userId),
        isNotNull(membershipSubscriptions.customerId),
      ),
    )
    .orderBy(desc(membershipSubscriptions.id))
    .limit(1);
  return row?.customerId ?? null;
}

async function markAbandoned(deps: StartUpgradeDeps, subscriptionId: number): Promise<void> {
  await deps.db
    .update(membershipSubscriptions)
    .set({ status: 'canceled', updatedAt: sql`now()` })
    .where(
      and(
        eq(membershipSubscriptions.id, subscriptionId),
        eq(membershipSubscriptions.status, 'incomplete'),
      ),
    );
}

async function openStripeCheckout(
  deps: StartUpgradeDeps,
  user: UserRow,
  subscription: SubscriptionRow,
  isReused: boolean,
): Promise<UpgradeResponse> {
  let row = subscription;
  try {
    if (isReused) {
      const session = await retrieveCheckoutSession(deps, row.checkoutSessionId);
      if (session.status === 'open' && session.url) {
        return { clientSecret: null, subscriptionId: session.id, checkoutUrl: session.url };
      }
      // That checkout expired (or completed and is being applied): start a fresh one.
      await markAbandoned(deps, row.id);
      [row] = await deps.db
        .insert(membershipSubscriptions)
        .values({
          userId: user.id,
          provider: 'stripe',
          status: 'incomplete',
          checkoutSessionId: `pending_${randomBytes(16).toString('hex')}`,
        })
        .returning();
    }
    const session = await createPremiumCheckoutSession(deps, {
      subscriptionRowId: row.id,
      userId: user.id,
      email: user.email,
      customerId: await previousCustomerId(deps, user.id),
      idempotencyKey: `membership:${row.id}:checkout`,
    });
    if (!session.url) throw new PaymentProviderError('missing_url', 'Checkout has no URL.');
    await deps.db
      .update(membershipSubscriptions)
      .set({ checkoutSessionId: session.id, updatedAt: sql`now()` })
      .where(eq(membershipSubscriptions.id, row.id));
    return { clientSecret: null, subscriptionId: session.id, checkoutUrl: session.url };
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      await markAbandoned(deps, row.id);
      throw new AppError('PROVIDER_UNAVAILABLE', FAILED_TO_CREATE, { cause: error });
    }
    throw error;
  }
}
