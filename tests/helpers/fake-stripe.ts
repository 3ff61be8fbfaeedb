import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Stripe-shaped HTTP server for tests: the PaymentIntent and Refund calls the official
 * SDK makes, answered in Stripe's documented shapes (form-encoded bodies in, JSON out, errors
 * as {error: {type, code, decline_code, message}}), honouring Idempotency-Key like Stripe
 * (same key → the stored answer again), with fault injection for the next matching call.
 * Point the app at it with STRIPE_API_BASE=http://127.0.0.1:<port>.
 */

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: 'manual' | 'automatic';
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_capture'
    | 'succeeded'
    | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  created: number;
  customer: string | null;
  payment_method: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  livemode: false;
}

/**
 * drop: the connection is cut before the call is applied (a network failure).
 * drop-after: the call IS applied, then the connection is cut (a timeout after Stripe acted).
 * error500: Stripe answers 500 without applying the call.
 * decline: a 402 card_declined answer without applying the call.
 */
export type FaultKind = 'drop' | 'drop-after' | 'error500' | 'decline';

export interface Fault {
  kind: FaultKind;
  /**
   * How many matching requests fail this way (default 1). The SDK retries a closed
   * connection once by itself (same Idempotency-Key), so a dropped call needs times: 2 to
   * reach the app as a failure.
   */
  times?: number;
  method?: string;
  /** Matches the request path (e.g. /capture$/). Any path when omitted. */
  path?: RegExp;
}

interface StripeAnswer {
  status: number;
  body: unknown;
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; code?: string; decline_code?: string; message: string },
  ) {
    super(error.message);
  }
}

/** Stripe's form encoding: metadata[kind]=offer → {metadata: {kind: 'offer'}}. */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]/).filter((part) => part !== '');
    let target = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) target[part] = value;
      else {
        target[part] ??= {};
        target = target[part] as Record<string, unknown>;
      }
    });
  }
  return result;
}

const now = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's test payment methods. */
const CARD_OUTCOMES: Record<string, { code: string; message: string } | null> = {
  pm_card_visa: null,
  pm_card_chargeDeclined: { code: 'card_declined', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: {
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly refunds: Array<{ id: string; payment_intent: string; amount: number }> = [];
  /** Every request received: method, path and Idempotency-Key. */
  readonly requests: Array<{ method: string; path: string; idempotencyKey: string | null }> = [];
  /** How many times each intent was actually captured (should never exceed 1). */
  readonly captureCounts = new Map<string, number>();
  private readonly idempotent = new Map<string, StripeAnswer & { signature: string }>();
  private readonly faults: Fault[] = [];
  private server: http.Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.handle(request, response, Buffer.concat(chunks).toString()));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** The next request matching the fault fails that way (faults are used once, in order). */
  injectFault(fault: Fault): void {
    this.faults.push(fault);
  }

  /** What Stripe.js does in the browser: confirm the intent with a test payment method. */
  confirm(id: string, paymentMethod = 'pm_card_visa'): FakeIntent {
    const intent = this.mustGet(id);
    try {
      this.applyConfirm(intent, paymentMethod);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
    }
    return intent;
  }

  /** Stripe cancels an uncaptured intent 7 days after creation: make that happen now. */
  lapse(id: string): FakeIntent {
    const intent = this.mustGet(id);
    intent.status = 'canceled';
    intent.amount_capturable = 0;
    intent.canceled_at = now();
    intent.cancellation_reason = 'automatic';
    return intent;
  }

  get totalCaptures(): number {
    return [...this.captureCounts.values()].reduce((sum, count) => sum + count, 0);
  }

  private mustGet(id: string): FakeIntent {
    const intent = this.intents.get(id);
    if (!intent) {
      throw new StripeFailure(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${id}'`,
      });
    }
    return intent;
  }

  private takeFault(method: string, path: string): Fault | undefined {
    const index = this.faults.findIndex(
      (fault) =>
        (!fault.method || fault.method === method) && (!fault.path || fault.path.test(path)),
    );
    if (index < 0) return undefined;
    const fault = this.faults[index];
    const left = (fault.times ?? 1) - 1;
    if (left > 0) this.faults[index] = { ...fault, times: left };
    else this.faults.splice(index, 1);
    return fault;
  }

  private handle(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    rawBody: string,
  ): void {
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0];
    const keyHeader = request.headers['idempotency-key'];
    const idempotencyKey = typeof keyHeader === 'string' ? keyHeader : null;
    this.requests.push({ method, path, idempotencyKey });

    const send = (answer: StripeAnswer, replayed = false) => {
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': randomId('req'),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      response.end(JSON.stringify(answer.body));
    };

    const fault = this.takeFault(method, path);
    if (fault?.kind === 'drop') {
      request.socket.destroy();
      return;
    }
    if (fault?.kind === 'error500') {
      send({
        status: 500,
        body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
      });
      return;
    }
    if (fault?.kind === 'decline') {
      send({
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        },
      });
      return;
    }

    const signature = `${method} ${path} ${rawBody}`;
    if (idempotencyKey && method === 'POST') {
      const stored = this.idempotent.get(idempotencyKey);
      if (stored) {
        if (stored.signature !== signature) {
          send({
            status: 400,
            body: {
              error: {
                type: 'idempotency_error',
                message:
                  'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              },
            },
          });
          return;
        }
        if (fault?.kind === 'drop-after') {
          request.socket.destroy();
          return;
        }
        send(stored, true);
        return;
      }
    }

    let answer: StripeAnswer;
    try {
      answer = { status: 200, body: this.route(method, path, parseForm(rawBody)) };
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      answer = { status: error.status, body: { error: error.error } };
    }
    // Stripe stores the answer of every request that started executing, errors included.
    if (idempotencyKey && method === 'POST') {
      this.idempotent.set(idempotencyKey, { ...answer, signature });
    }
    if (fault?.kind === 'drop-after') {
      request.socket.destroy();
      return;
    }
    send(answer);
  }

  private route(method: string, path: string, body: Record<string, unknown>): unknown {
    if (method === 'POST' && path === '/v1/payment_intents') return this.create(body);
    if (method === 'POST' && path === '/v1/refunds') return this.refund(body);
    const match = /^\/v1\/payment_intents\/([\w]+)(?:\/(capture|cancel|confirm))?$/.exec(path);
    if (match) {
      const intent = this.mustGet(match[1]);
      if (method === 'GET' && !match[2]) return intent;
      if (method === 'POST' && match[2] === 'capture') return this.capture(intent);
      if (method === 'POST' && match[2] === 'cancel') return this.cancel(intent, body);
      if (method === 'POST' && match[2] === 'confirm') {
        this.applyConfirm(intent, String(body.payment_method ?? 'pm_card_visa'));
        return intent;
      }
    }
    throw new StripeFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  private create(body: Record<string, unknown>): FakeIntent {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 30 || amount > 99_999_999) {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: 'Amount must be no more than £999,999.99',
      });
    }
    const id = randomId('pi');
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: String(body.currency ?? 'gbp'),
      capture_method: body.capture_method === 'manual' ? 'manual' : 'automatic',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      description: typeof body.description === 'string' ? body.description : null,
      created: now(),
      customer: typeof body.customer === 'string' ? body.customer : null,
      payment_method: null,
      last_payment_error: null,
      canceled_at: null,
      cancellation_reason: null,
      livemode: false,
    };
    this.intents.set(id, intent);
    if (typeof body.payment_method === 'string' && body.confirm === 'true') {
      this.applyConfirm(intent, body.payment_method);
    }
    return intent;
  }

  private applyConfirm(intent: FakeIntent, paymentMethod: string): void {
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      });
    }
    const failure = CARD_OUTCOMES[paymentMethod] ?? null;
    intent.payment_method = paymentMethod;
    if (failure) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: failure.code,
        message: failure.message,
      };
      throw new StripeFailure(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: failure.code,
        message: failure.message,
      });
    }
    intent.last_payment_error = null;
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
    }
  }

  private capture(intent: FakeIntent): FakeIntent {
    if (intent.status !== 'requires_capture') {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
      });
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.amount_capturable = 0;
    this.captureCounts.set(intent.id, (this.captureCounts.get(intent.id) ?? 0) + 1);
    return intent;
  }

  private cancel(intent: FakeIntent, body: Record<string, unknown>): FakeIntent {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
      });
    }
    intent.status = 'canceled';
    intent.amount_capturable = 0;
    intent.canceled_at = now();
    intent.cancellation_reason =
      typeof body.cancellation_reason === 'string' ? body.cancellation_reason : null;
    return intent;
  }

  private refund(body: Record<string, unknown>): unknown {
    const intent = this.mustGet(String(body.payment_intent));
    if (intent.status !== 'succeeded') {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'charge_not_captured',
        message: 'This PaymentIntent has not been captured.',
      });
    }
    const amount = body.amount ? Number(body.amount) : intent.amount_received;
    const refund = { id: randomId('re'), payment_intent: intent.id, amount };
    this.refunds.push(refund);
    return { ...refund, object: 'refund', status: 'succeeded', currency: intent.currency };
  }
}

export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}
