import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small Stripe-shaped HTTP server for the Premium subscription path: the Checkout Session,
 * Subscription, Invoice and Refund calls the official SDK makes, answered in the shapes of
 * Stripe's current API (periods on subscription items, an invoice's subscription under
 * parent.subscription_details, its payments under `payments`), honouring Idempotency-Key.
 * Test helpers play the customer and Stripe's billing engine (pay a checkout, renew or fail a
 * renewal, cancel) and build signed webhook deliveries.
 * Point the app at it with STRIPE_API_BASE=http://127.0.0.1:<port>.
 */

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Stripe's form encoding: a[b][0][c]=x → {a: {b: [{c: 'x'}]}}. */
export function parseStripeForm(body: string): Json {
  const result: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]/).filter((part) => part !== '');
    let target: Json | unknown[] = result;
    parts.forEach((part, index) => {
      const isLast = index === parts.length - 1;
      const key: string | number = Array.isArray(target) ? Number(part) : part;
      const container = target as Record<string | number, unknown>;
      if (isLast) {
        container[key] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1]);
      container[key] ??= nextIsIndex ? [] : {};
      target = container[key] as Json | unknown[];
    });
  }
  return result;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  invoice: string | null;
  line_items: Json[];
  subscription_metadata: Record<string, string>;
  created: number;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  status: 'active' | 'past_due' | 'canceled';
  customer: string;
  default_payment_method: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { reason: string | null };
  latest_invoice: string;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: { id: string; current_period_start: number; current_period_end: number }[];
  };
}

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  status: 'open' | 'paid';
  amount_due: number;
  amount_paid: number;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  created: number;
  customer: string;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: { object: 'list'; data: { id: string; period: { start: number; end: number } }[] };
  payments: {
    object: 'list';
    data: {
      id: string;
      status: 'paid' | 'open';
      payment: { type: string; payment_intent: string };
    }[];
  };
  status_transitions: { paid_at: number | null };
  last_finalization_error: null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  status: 'succeeded';
}

export interface FakeStripeBilling {
  apiBase: string;
  sessions: Map<string, FakeSession>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  refunds: FakeRefund[];
  /** Every request the SDK made, as 'METHOD /path'. */
  calls: string[];
  /** The customer pays on the hosted page: a subscription and its first, paid invoice. */
  completeCheckout(sessionId: string, options?: { now?: Date }): FakeSubscription;
  /** Stripe's billing engine at the period end: a new invoice, paid or failed. */
  renew(subscriptionId: string, options?: { fail?: boolean }): FakeInvoice;
  /** Stripe gives up (or the period ends with cancel_at_period_end): status canceled. */
  cancel(subscriptionId: string, reason?: string): FakeSubscription;
  close(): Promise<void>;
}

/** A verified-looking delivery: body plus the Stripe-Signature header for `secret`. */
export function signedEvent(
  secret: string,
  type: string,
  object: { id: string } & Json,
  eventId = id('evt'),
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    created: seconds(new Date()),
    data: { object },
  });
  const header = new Stripe('sk_test_signing').webhooks.generateTestHeaderString({
    payload,
    secret,
  });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
}

function notFound(kind: string, objectId: string) {
  return {
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${kind}: '${objectId}'`,
      },
    },
  };
}

export async function startFakeStripeBilling(): Promise<FakeStripeBilling> {
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const refunds: FakeRefund[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const calls: string[] = [];
  let apiBase = '';

  const newInvoice = (
    subscription: FakeSubscription,
    amount: number,
    reason: FakeInvoice['billing_reason'],
    period: { start: number; end: number },
    paid: boolean,
  ): FakeInvoice => {
    const invoice: FakeInvoice = {
      id: id('in'),
      object: 'invoice',
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      billing_reason: reason,
      created: period.start,
      customer: subscription.customer,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: { object: 'list', data: [{ id: id('il'), period }] },
      payments: {
        object: 'list',
        data: [
          {
            id: id('inpay'),
            status: paid ? 'paid' : 'open',
            payment: { type: 'payment_intent', payment_intent: id('pi') },
          },
        ],
      },
      status_transitions: { paid_at: paid ? period.start : null },
      last_finalization_error: null,
    };
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  };

  const amountOf = (session: FakeSession): number => {
    const item = session.line_items[0] as { price_data?: { unit_amount?: string } } | undefined;
    return Number(item?.price_data?.unit_amount ?? 21_600);
  };

  const route = (method: string, path: string, params: Json): { status: number; body: unknown } => {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs_test');
      const session: FakeSession = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        url: `${apiBase}/c/pay/${sessionId}`,
        success_url: String(params.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId),
        cancel_url: String(params.cancel_url),
        client_reference_id: (params.client_reference_id as string) ?? null,
        customer: (params.customer as string) ?? null,
        customer_email: (params.customer_email as string) ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        subscription: null,
        invoice: null,
        line_items: (params.line_items as Json[]) ?? [],
        subscription_metadata:
          ((params.subscription_data as Json | undefined)?.metadata as Record<string, string>) ??
          {},
        created: seconds(new Date()),
      };
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === 'GET') {
      const session = sessions.get(match[1]);
      return session ? { status: 200, body: session } : notFound('checkout.session', match[1]);
    }
    if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(match[1]);
      if (!subscription) return notFound('subscription', match[1]);
      if (method === 'POST' && params.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
      }
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        subscription.canceled_at = seconds(new Date());
        subscription.cancellation_details = { reason: 'cancellation_requested' };
      }
      return { status: 200, body: subscription };
    }
    if ((match = /^\/v1\/invoices\/([^/]+)$/.exec(path)) && method === 'GET') {
      const invoice = invoices.get(match[1]);
      return invoice ? { status: 200, body: invoice } : notFound('invoice', match[1]);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = String(params.payment_intent);
      const invoice = [...invoices.values()].find((candidate) =>
        candidate.payments.data.some((payment) => payment.payment.payment_intent === paymentIntent),
      );
      if (!invoice) return notFound('payment_intent', paymentIntent);
      if (refunds.some((refund) => refund.payment_intent === paymentIntent)) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'Charge has already been refunded.',
            },
          },
        };
      }
      const refund: FakeRefund = {
        id: id('re'),
        object: 'refund',
        payment_intent: paymentIntent,
        amount: Number(params.amount ?? invoice.amount_paid),
        status: 'succeeded',
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
    };
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const method = request.method ?? 'GET';
      calls.push(`${method} ${url.pathname}`);
      const params = parseStripeForm(
        method === 'GET' ? url.searchParams.toString() : Buffer.concat(chunks).toString('utf8'),
      );
      const key = request.headers['idempotency-key'];
      const replayKey = typeof key === 'string' ? `${method} ${url.pathname} ${key}` : null;
      const answer =
        (replayKey ? idempotent.get(replayKey) : undefined) ?? route(method, url.pathname, params);
      if (replayKey && answer.status < 500) idempotent.set(replayKey, answer);
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': id('req'),
      });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiBase,
    sessions,
    subscriptions,
    invoices,
    refunds,
    calls,
    completeCheckout(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const now = options.now ?? new Date();
      const end = new Date(now);
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      const period = { start: seconds(now), end: seconds(end) };
      const subscription: FakeSubscription = {
        id: id('sub'),
        object: 'subscription',
        status: 'active',
        customer: session.customer ?? id('cus'),
        default_payment_method: id('pm'),
        cancel_at_period_end: false,
        canceled_at: null,
        cancellation_details: { reason: null },
        latest_invoice: '',
        metadata: session.subscription_metadata,
        items: {
          object: 'list',
          data: [
            { id: id('si'), current_period_start: period.start, current_period_end: period.end },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      const invoice = newInvoice(
        subscription,
        amountOf(session),
        'subscription_create',
        period,
        true,
      );
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer: subscription.customer,
        subscription: subscription.id,
        invoice: invoice.id,
      });
      return subscription;
    },
    renew(subscriptionId, options = {}) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const item = subscription.items.data[0];
      const start = new Date(item.current_period_end * 1000);
      const end = new Date(start);
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      const period = { start: seconds(start), end: seconds(end) };
      const previous = invoices.get(subscription.latest_invoice);
      const invoice = newInvoice(
        subscription,
        previous?.amount_due ?? 21_600,
        'subscription_cycle',
        period,
        !options.fail,
      );
      if (options.fail) {
        subscription.status = 'past_due';
      } else {
        subscription.status = 'active';
        item.current_period_start = period.start;
        item.current_period_end = period.end;
      }
      return invoice;
    },
    cancel(subscriptionId, reason = 'payment_failed') {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      subscription.status = 'canceled';
      subscription.canceled_at = seconds(new Date());
      subscription.cancellation_details = { reason };
      return subscription;
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
