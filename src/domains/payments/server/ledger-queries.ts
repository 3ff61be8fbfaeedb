import { and, asc, eq, gt, gte, inArray, isNotNull, like, lt, notExists, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@/server/db/client';
import type { LedgerRow } from './ledger';
import { paymentLedger } from './payments.tables';

/** The ledger subjects of one kind ('offer' → 'offer:12', 'offer:13'...), see ledgerSubject. */
function subjectsOf(kind: string) {
  if (!/^[a-z_]+$/.test(kind)) throw new Error(`not a payment kind: ${kind}`);
  return like(paymentLedger.subject, `${kind}:%`);
}

export interface PendingCallsQuery {
  /** The room's payments: 'offer', 'membership'. */
  kind: string;
  /** Leave alone what was written after this: it may still be in flight. */
  createdBefore: Date;
  limit: number;
}

/**
 * Provider calls of one kind whose outcome we never saw (the row is still pending: a crash
 * or a timeout), oldest first. Reconciliation makes each again with its own key.
 */
export function findPendingProviderCalls(
  db: Executor,
  { kind, createdBefore, limit }: PendingCallsQuery,
): Promise<LedgerRow[]> {
  return db
    .select()
    .from(paymentLedger)
    .where(
      and(
        eq(paymentLedger.outcome, 'pending'),
        subjectsOf(kind),
        lt(paymentLedger.createdAt, createdBefore),
      ),
    )
    .orderBy(asc(paymentLedger.id))
    .limit(limit);
}

/** The pending calls about these subjects ('offer:12'...), whatever their age. */
export function findPendingCallsFor(db: Executor, subjects: string[]): Promise<LedgerRow[]> {
  if (subjects.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(paymentLedger)
    .where(and(eq(paymentLedger.outcome, 'pending'), inArray(paymentLedger.subject, subjects)))
    .orderBy(asc(paymentLedger.id));
}

/** Is the call with this key written but its outcome not known yet? */
export async function isProviderCallPending(
  db: Executor,
  idempotencyKey: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentLedger.id })
    .from(paymentLedger)
    .where(
      and(eq(paymentLedger.idempotencyKey, idempotencyKey), eq(paymentLedger.outcome, 'pending')),
    );
  return row !== undefined;
}

export interface UnsettledHoldsQuery {
  kind: string;
  /** Holds authorised before this have lapsed at the provider by now. */
  authorisedSince: Date;
  /** Leave alone what was written after this: it may still be in flight. */
  authorisedBefore: Date;
  /** Paging: ledger ids after this one. */
  afterId?: number;
  limit: number;
}

const settlement = alias(paymentLedger, 'settlement');

/**
 * Holds of one kind the ledger saw placed and never saw end: no capture or release of the
 * same payment succeeded, and no release was refused (a refusal means the hold was already
 * gone). The room decides which of them still have a reason to live; reconciliation releases
 * the rest. Oldest first, by ledger id.
 */
export function findUnsettledHolds(
  db: Executor,
  { kind, authorisedSince, authorisedBefore, afterId = 0, limit }: UnsettledHoldsQuery,
): Promise<LedgerRow[]> {
  return db
    .select()
    .from(paymentLedger)
    .where(
      and(
        eq(paymentLedger.operation, 'authorise'),
        eq(paymentLedger.outcome, 'succeeded'),
        isNotNull(paymentLedger.providerPaymentId),
        subjectsOf(kind),
        gte(paymentLedger.createdAt, authorisedSince),
        lt(paymentLedger.createdAt, authorisedBefore),
        gt(paymentLedger.id, afterId),
        notExists(
          db
            .select({ id: settlement.id })
            .from(settlement)
            .where(
              and(
                eq(settlement.providerPaymentId, paymentLedger.providerPaymentId),
                or(
                  and(
                    inArray(settlement.operation, ['capture', 'release']),
                    eq(settlement.outcome, 'succeeded'),
                  ),
                  and(eq(settlement.operation, 'release'), eq(settlement.outcome, 'failed')),
                ),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(paymentLedger.id))
    .limit(limit);
}
