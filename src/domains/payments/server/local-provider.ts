import { randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db/client';
import { AUTHORISATION_LIFETIME_MS, TEST_CARDS } from '../payments.constants';
import { localPaymentIntents, localProviderRequests } from './payments.tables';
import {
  PaymentProviderError,
  type CreatePaymentInput,
  type PaymentProvider,
  type ProviderPayment,
} from '@/server/payments/payment-provider';
import { preparedPerDatabase } from '@/server/db/prepared-per-database';

type IntentRow = typeof localPaymentIntents.$inferSelect;

/** What a ProviderPayment is made of (what the common statements answer). */
const paymentColumns = {
  id: localPaymentIntents.id,
  status: localPaymentIntents.status,
  amountPence: localPaymentIntents.amountPence,
  currency: localPaymentIntents.currency,
  captureMethod: localPaymentIntents.captureMethod,
  clientSecret: localPaymentIntents.clientSecret,
  metadata: localPaymentIntents.metadata,
  paymentMethodId: localPaymentIntents.paymentMethodId,
  customerId: localPaymentIntents.customerId,
  lastErrorCode: localPaymentIntents.lastErrorCode,
  lastErrorMessage: localPaymentIntents.lastErrorMessage,
  authorisedAt: localPaymentIntents.authorisedAt,
};
type PaymentFields = Pick<IntentRow, keyof typeof paymentColumns>;

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Card outcomes of Stripe's test mode. */
const CARD_OUTCOMES: Record<string, { code: string; message: string } | null> = {
  [TEST_CARDS.success]: null,
  [TEST_CARDS.declined]: { code: 'card_declined', message: 'Your card was declined.' },
  [TEST_CARDS.insufficientFunds]: {
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

export interface ConfirmCardInput {
  clientSecret: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Why the card details cannot be used (number, expiry, security code), in that order. */
function cardProblem(
  input: ConfirmCardInput,
  number: string,
  now: Date,
): PaymentProviderError | null {
  if (!(number in CARD_OUTCOMES)) {
    return new PaymentProviderError('incorrect_number', 'Your card number is incorrect.');
  }
  if (new Date(Date.UTC(input.expYear, input.expMonth, 1)) <= now) {
    return new PaymentProviderError('expired_card', 'Your card has expired.');
  }
  if (!/^\d{3,4}$/.test(input.cvc)) {
    return new PaymentProviderError('incorrect_cvc', "Your card's security code is incorrect.");
  }
  return null;
}

const newPaymentMethodId = (last4: string) => `pm_local_${last4}_${randomBytes(6).toString('hex')}`;

/**
 * What an accepted card writes: a hold (manual capture) awaits its capture, a charge
 * (automatic) is taken. The values are bound by the caller (parameters or placeholders).
 */
function approval(card: { now: SQL; last4: SQL; paymentMethodId: SQL }) {
  const manual = sql`${localPaymentIntents.captureMethod} = 'manual'`;
  return {
    status: sql<string>`case when ${manual} then 'requires_capture' else 'succeeded' end`,
    authorisedAt: card.now,
    capturedAt: sql<Date | null>`case when ${manual} then null else ${card.now}::timestamptz end`,
    cardLast4: card.last4,
    paymentMethodId: card.paymentMethodId,
    lastErrorCode: null,
    lastErrorMessage: null,
  };
}

/** A value bound at execution, encoded as the column encodes it (dates, JSON). */
const bound = (name: string, column: { mapToDriverValue(value: unknown): unknown }) =>
  sql`${sql.param(sql.placeholder(name), column)}`;

function prepareStatements(db: Database) {
  // createPayment of a payment the customer confirms later: the key reserved and the intent
  // inserted in one statement, the intent only if the reservation succeeded.
  const reserved = db.$with('reserved').as(
    db
      .insert(localProviderRequests)
      .values({
        idempotencyKey: sql.placeholder('key'),
        operation: 'create',
        response: sql.placeholder('response'),
      })
      .onConflictDoNothing()
      .returning({ key: localProviderRequests.idempotencyKey }),
  );
  const columns = getTableColumns(localPaymentIntents);
  // Every column, in the table's order (INSERT ... SELECT names them all).
  const awaitingCard: Record<keyof IntentRow, SQL> = {
    id: bound('id', columns.id),
    clientSecret: bound('clientSecret', columns.clientSecret),
    amountPence: bound('amountPence', columns.amountPence),
    currency: bound('currency', columns.currency),
    captureMethod: bound('captureMethod', columns.captureMethod),
    status: sql`${'requires_payment_method'}`,
    metadata: bound('metadata', columns.metadata),
    description: bound('description', columns.description),
    customerId: bound('customerId', columns.customerId),
    paymentMethodId: sql`null`,
    cardLast4: sql`null`,
    lastErrorCode: sql`null`,
    lastErrorMessage: sql`null`,
    cancellationReason: sql`null`,
    amountRefundedPence: sql`0`,
    authorisedAt: sql`null`,
    capturedAt: sql`null`,
    canceledAt: sql`null`,
    createdAt: bound('createdAt', columns.createdAt),
  };
  const values = Object.keys(columns).map((key) => awaitingCard[key as keyof IntentRow]);
  return {
    createAwaitingCard: db
      .with(reserved)
      .insert(localPaymentIntents)
      .select(sql`select ${sql.join(values, sql`, `)} from ${reserved}`)
      .returning(paymentColumns)
      .prepare('local_create_awaiting_card'),
    // The card form's common case: an accepted card on the payer's payment awaiting it.
    confirmOwnPayment: db
      .update(localPaymentIntents)
      .set(
        approval({
          now: bound('now', columns.authorisedAt),
          last4: sql`${sql.placeholder('last4')}`,
          paymentMethodId: sql`${sql.placeholder('paymentMethodId')}`,
        }),
      )
      .where(
        and(
          eq(localPaymentIntents.clientSecret, sql.placeholder('clientSecret')),
          eq(localPaymentIntents.status, 'requires_payment_method'),
          // Containment, not ->>: the payer must be the same string the full path compares.
          sql`${localPaymentIntents.metadata} @> ${sql.placeholder('payer')}::jsonb`,
        ),
      )
      .returning(paymentColumns)
      .prepare('local_confirm_own_payment'),
  };
}

type LocalStatements = ReturnType<typeof prepareStatements>;
const statementsOf = preparedPerDatabase(prepareStatements);

/**
 * The built-in provider: Stripe's test mode on our own database, so offers and membership
 * work offline. Its state lives in local_payment_intents, as Stripe's lives on Stripe.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private toPayment(row: PaymentFields): ProviderPayment {
    let status = row.status as ProviderPayment['status'];
    let lastError = row.lastErrorCode
      ? { code: row.lastErrorCode, message: row.lastErrorMessage ?? row.lastErrorCode }
      : null;
    const expiresAt = row.authorisedAt
      ? new Date(row.authorisedAt.getTime() + AUTHORISATION_LIFETIME_MS)
      : null;
    // A lapsed authorisation reads as canceled, as Stripe reports it.
    if (status === 'requires_capture' && expiresAt && expiresAt <= this.now()) {
      status = 'canceled';
      lastError = { code: 'authorization_expired', message: 'The card authorisation has expired.' };
    }
    return {
      id: row.id,
      status,
      amountPence: row.amountPence,
      currency: row.currency,
      clientSecret: row.clientSecret,
      metadata: row.metadata,
      paymentMethodId: row.paymentMethodId,
      customerId: row.customerId,
      lastError,
      authorisationExpiresAt: row.captureMethod === 'manual' ? expiresAt : null,
    };
  }

  /**
   * Same key, same answer (as Stripe). The key is reserved (with the answer planned for it)
   * and the work done in one transaction: a concurrent request with the same key waits for
   * the first to commit and then reads its answer, so two racing retries can never both act
   * (two holds, two captures). A refused request rolls back and leaves the key free, so the
   * same call may be retried. `run` answers a different value only when the planned one
   * could not be known up front.
   */
  private async replay<T extends Record<string, unknown>>(
    key: string,
    operation: string,
    planned: T,
    run: (tx: Executor) => Promise<T | void>,
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      const reserved = await tx
        .insert(localProviderRequests)
        .values({ idempotencyKey: key, operation, response: planned })
        .onConflictDoNothing()
        .returning({ key: localProviderRequests.idempotencyKey });
      if (reserved.length === 0) {
        const [previous] = await tx
          .select()
          .from(localProviderRequests)
          .where(eq(localProviderRequests.idempotencyKey, key));
        if (previous.operation !== operation) {
          throw new PaymentProviderError(
            'idempotency_key_in_use',
            'Keys for idempotent requests can only be used with the same parameters.',
          );
        }
        return previous.response as T;
      }
      const result = await run(tx);
      if (!result) return planned;
      await tx
        .update(localProviderRequests)
        .set({ response: result })
        .where(eq(localProviderRequests.idempotencyKey, key));
      return result;
    });
  }

  private async load(id: string, db: Executor = this.db): Promise<IntentRow> {
    const [row] = await db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, id));
    if (!row) throw new PaymentProviderError('resource_missing', `No such payment_intent: '${id}'`);
    return row;
  }

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    const id = randomId('pi_local');
    if (!input.paymentMethodId) {
      const created = await this.createAwaitingCard(id, input);
      if (created) return this.toPayment(created);
      // The key was taken: replay() below answers the first call's payment (or refuses).
    }
    let fresh: IntentRow | undefined;
    const created = await this.replay(input.idempotencyKey, 'create', { id }, async (tx) => {
      let status: IntentRow['status'] = 'requires_payment_method';
      let cardLast4: string | null = null;
      let authorisedAt: Date | null = null;
      let capturedAt: Date | null = null;
      // Off-session charge of a saved card (renewals): the card's outcome decides now.
      if (input.paymentMethodId) {
        const card = await this.savedCardOutcome(input.paymentMethodId);
        if (card.error) {
          throw new PaymentProviderError(card.error.code, card.error.message);
        }
        cardLast4 = card.last4;
        authorisedAt = this.now();
        status = input.captureMethod === 'manual' ? 'requires_capture' : 'succeeded';
        capturedAt = status === 'succeeded' ? authorisedAt : null;
      }
      const [row] = await tx
        .insert(localPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          amountPence: input.amountPence,
          currency: input.currency,
          captureMethod: input.captureMethod,
          status,
          metadata: input.metadata,
          description: input.description,
          customerId: input.customerId ?? null,
          paymentMethodId: input.paymentMethodId ?? null,
          cardLast4,
          authorisedAt,
          capturedAt,
          createdAt: this.now(),
        })
        .returning();
      fresh = row;
    });
    // A replay answers the intent created the first time.
    return this.toPayment(fresh ?? (await this.load(created.id)));
  }

  /**
   * A payment the customer confirms later with their card (an offer's hold, a first
   * membership payment), made as replay() makes it but in one statement: the key is reserved
   * and the intent inserted only if the reservation succeeded. A concurrent request with the
   * same key waits for the first to commit (and then finds the key taken), as in replay().
   * Answers undefined, having changed nothing, when the key was already taken.
   */
  private async createAwaitingCard(
    id: string,
    input: CreatePaymentInput,
  ): Promise<PaymentFields | undefined> {
    const [row] = await this.statements.createAwaitingCard.execute({
      key: input.idempotencyKey,
      response: { id },
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      amountPence: input.amountPence,
      currency: input.currency,
      captureMethod: input.captureMethod,
      metadata: input.metadata,
      description: input.description,
      customerId: input.customerId ?? null,
      createdAt: this.now(),
    });
    return row;
  }

  /** Saved card ids encode the test card's number: pm_local_<last4>_<random>. */
  private async savedCardOutcome(
    paymentMethodId: string,
  ): Promise<{ last4: string; error: { code: string; message: string } | null }> {
    const last4 = /^pm_local_(\d{4})_/.exec(paymentMethodId)?.[1];
    const card = Object.keys(CARD_OUTCOMES).find((number) => number.endsWith(last4 ?? 'none'));
    if (!last4 || !card) {
      throw new PaymentProviderError(
        'resource_missing',
        `No such PaymentMethod: '${paymentMethodId}'`,
      );
    }
    return { last4, error: CARD_OUTCOMES[card] };
  }

  /** The payment behind a client secret (the browser only knows the secret). */
  async retrieveByClientSecret(clientSecret: string): Promise<ProviderPayment | null> {
    const [row] = await this.db
      .select()
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.clientSecret, clientSecret));
    return row ? this.toPayment(row) : null;
  }

  /**
   * The common case of the card form in one conditional statement: a card that will be
   * accepted, on a payment of this payer (metadata.userId) that awaits its card. Answers
   * null when that is not the case, and nothing was changed: confirmWithCard then decides,
   * after the same checks as before (missing, someone else's, already confirmed, card
   * refused), exactly as it would have without this.
   */
  async confirmOwnPayment(
    input: ConfirmCardInput,
    userId: string,
  ): Promise<ProviderPayment | null> {
    const now = this.now();
    const number = input.cardNumber.replace(/\D/g, '');
    if (cardProblem(input, number, now) || CARD_OUTCOMES[number]) return null;
    const last4 = number.slice(-4);
    const [updated] = await this.statements.confirmOwnPayment.execute({
      clientSecret: input.clientSecret,
      payer: JSON.stringify({ userId }),
      now,
      last4,
      paymentMethodId: newPaymentMethodId(last4),
    });
    return updated ? this.toPayment(updated) : null;
  }

  /** The statements of the common cases, prepared once per database (planned once). */
  private get statements(): LocalStatements {
    return statementsOf(this.db);
  }

  /** What the browser's card form does: POST /api/payments/local/confirm. */
  async confirmWithCard(input: ConfirmCardInput): Promise<ProviderPayment> {
    const [row] = await this.db
      .select()
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.clientSecret, input.clientSecret));
    if (!row) throw new PaymentProviderError('resource_missing', 'No such payment.');
    if (row.status !== 'requires_payment_method') {
      if (row.status === 'requires_capture' || row.status === 'succeeded')
        return this.toPayment(row);
      throw new PaymentProviderError(
        'payment_intent_unexpected_state',
        'This payment can no longer be confirmed.',
      );
    }
    const number = input.cardNumber.replace(/\D/g, '');
    const now = this.now();
    const problem = cardProblem(input, number, now);
    if (problem) throw problem;
    const failure = CARD_OUTCOMES[number];
    if (failure) {
      await this.db
        .update(localPaymentIntents)
        .set({ lastErrorCode: failure.code, lastErrorMessage: failure.message })
        .where(eq(localPaymentIntents.id, row.id));
      throw new PaymentProviderError(failure.code, failure.message);
    }
    const last4 = number.slice(-4);
    const [updated] = await this.db
      .update(localPaymentIntents)
      .set(
        approval({
          now: sql`${sql.param(now, localPaymentIntents.authorisedAt)}`,
          last4: sql`${last4}`,
          paymentMethodId: sql`${newPaymentMethodId(last4)}`,
        }),
      )
      .where(eq(localPaymentIntents.id, row.id))
      .returning();
    return this.toPayment(updated);
  }

  async retrievePayment(id: string): Promise<ProviderPayment> {
    return this.toPayment(await this.load(id));
  }

  async capturePayment(id: string, options: { idempotencyKey: string }): Promise<ProviderPayment> {
    await this.replay(options.idempotencyKey, `capture:${id}`, { id }, async (tx) => {
      const payment = this.toPayment(await this.load(id, tx));
      if (payment.status !== 'requires_capture') {
        throw new PaymentProviderError(
          payment.lastError?.code === 'authorization_expired'
            ? 'authorization_expired'
            : 'payment_intent_unexpected_state',
          payment.lastError?.code === 'authorization_expired'
            ? 'The card authorisation has expired. The producer must authorise the payment again.'
            : `This payment cannot be captured because its status is ${payment.status}.`,
        );
      }
      // Conditional update: of two racing captures only one moves the money.
      const captured = await tx
        .update(localPaymentIntents)
        .set({ status: 'succeeded', capturedAt: this.now() })
        .where(
          and(eq(localPaymentIntents.id, id), eq(localPaymentIntents.status, 'requires_capture')),
        )
        .returning({ id: localPaymentIntents.id });
      if (captured.length === 0) {
        throw new PaymentProviderError(
          'payment_intent_unexpected_state',
          'This payment has already been captured or released.',
        );
      }
    });
    return this.retrievePayment(id);
  }

  async cancelPayment(id: string, options: { idempotencyKey: string }): Promise<ProviderPayment> {
    await this.replay(options.idempotencyKey, `cancel:${id}`, { id }, async (tx) => {
      const row = await this.load(id, tx);
      if (row.status === 'succeeded') {
        throw new PaymentProviderError(
          'payment_intent_unexpected_state',
          'A captured payment cannot be released; refund it instead.',
        );
      }
      if (row.status !== 'canceled') {
        await tx
          .update(localPaymentIntents)
          .set({
            status: 'canceled',
            canceledAt: this.now(),
            cancellationReason: 'requested_by_customer',
          })
          .where(eq(localPaymentIntents.id, id));
      }
    });
    return this.retrievePayment(id);
  }

  async refundPayment(
    id: string,
    options: { idempotencyKey: string; amountPence?: number },
  ): Promise<{ id: string; status: string; amountPence: number }> {
    const planned = { id: randomId('re_local'), status: 'succeeded', amountPence: 0 };
    return this.replay(options.idempotencyKey, `refund:${id}`, planned, async (tx) => {
      const row = await this.load(id, tx);
      if (row.status !== 'succeeded') {
        throw new PaymentProviderError(
          'charge_not_captured',
          'Only a captured payment can be refunded.',
        );
      }
      const amount = options.amountPence ?? row.amountPence - row.amountRefundedPence;
      if (amount <= 0 || row.amountRefundedPence + amount > row.amountPence) {
        throw new PaymentProviderError(
          'charge_already_refunded',
          'This payment has already been refunded.',
        );
      }
      await tx
        .update(localPaymentIntents)
        .set({ amountRefundedPence: row.amountRefundedPence + amount })
        .where(eq(localPaymentIntents.id, id));
      return { ...planned, amountPence: amount };
    });
  }
}
