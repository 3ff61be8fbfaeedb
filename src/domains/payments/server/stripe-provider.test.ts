import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../../tests/helpers/fake-stripe';
import { PaymentProviderError } from '@/server/payments/payment-provider';
import { StripePaymentProvider } from './stripe-provider';

let fake: FakeStripe;
let provider: StripePaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = new StripePaymentProvider({ secretKey: 'sk_test_x', apiBase: fake.url });
});

afterAll(async () => {
  await fake.stop();
});

const hold = (key: string, amountPence = 2_500_000) =>
  provider.createPayment({
    amountPence,
    currency: 'gbp',
    captureMethod: 'manual',
    metadata: { kind: 'offer', offerId: '7' },
    description: 'Option offer #7',
    idempotencyKey: key,
  });

describe('[PAYMENTS] Stripe adapter against a Stripe-shaped server', () => {
  it('creates a manual-capture PaymentIntent in pence with metadata, and reads it back', async () => {
    const payment = await hold('create-1');
    expect(payment).toMatchObject({
      status: 'requires_payment_method',
      amountPence: 2_500_000,
      currency: 'gbp',
      metadata: { kind: 'offer', offerId: '7' },
    });
    expect(payment.clientSecret).toMatch(/^pi_\w+_secret_/);
    expect(payment.authorisationExpiresAt?.getTime()).toBeGreaterThan(
      Date.now() + 6.9 * 24 * 3600 * 1000,
    );
    expect(fake.intents.get(payment.id)?.capture_method).toBe('manual');
    const request = fake.requests.find((r) => r.idempotencyKey === 'create-1');
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect((await provider.retrievePayment(payment.id)).id).toBe(payment.id);
  });

  it('replays the same key instead of placing a second hold', async () => {
    const first = await hold('create-2');
    const second = await hold('create-2');
    expect(second.id).toBe(first.id);
    expect([...fake.intents.values()].filter((i) => i.id === first.id)).toHaveLength(1);
  });

  it('captures and releases with idempotency keys; refuses to capture twice', async () => {
    const payment = await hold('create-3');
    fake.confirm(payment.id);
    const captured = await provider.capturePayment(payment.id, { idempotencyKey: 'capture-3' });
    expect(captured.status).toBe('succeeded');
    const replay = await provider.capturePayment(payment.id, { idempotencyKey: 'capture-3' });
    expect(replay.status).toBe('succeeded');
    expect(fake.captureCounts.get(payment.id)).toBe(1);
    await expect(
      provider.capturePayment(payment.id, { idempotencyKey: 'capture-3b' }),
    ).rejects.toMatchObject({ code: 'payment_intent_unexpected_state', retryable: false });

    const other = await hold('create-4');
    const released = await provider.cancelPayment(other.id, { idempotencyKey: 'release-4' });
    expect(released.status).toBe('canceled');

    const refund = await provider.refundPayment(payment.id, { idempotencyKey: 'refund-3' });
    expect(refund).toMatchObject({ status: 'succeeded', amountPence: 2_500_000 });
  });

  it('reports the card error of a declined confirmation and a lapsed hold as canceled', async () => {
    const payment = await hold('create-5');
    fake.confirm(payment.id, 'pm_card_chargeDeclined');
    const declined = await provider.retrievePayment(payment.id);
    expect(declined.status).toBe('requires_payment_method');
    expect(declined.lastError).toEqual({
      code: 'card_declined',
      message: 'Your card was declined.',
    });

    const lapsed = await hold('create-6');
    fake.confirm(lapsed.id);
    fake.lapse(lapsed.id);
    expect((await provider.retrievePayment(lapsed.id)).status).toBe('canceled');
  });

  it('marks network failures and 500s retryable, refusals not', async () => {
    fake.injectFault({ kind: 'drop', times: 2, path: /^\/v1\/payment_intents$/ });
    const dropped = await hold('create-7').catch((error: unknown) => error);
    expect(dropped).toBeInstanceOf(PaymentProviderError);
    expect(dropped).toMatchObject({ retryable: true });

    fake.injectFault({ kind: 'error500' });
    await expect(hold('create-8')).rejects.toMatchObject({ retryable: true });

    await expect(hold('create-9', 100_000_000)).rejects.toMatchObject({ retryable: false });
    // The dropped call was never applied: the same key now creates it once.
    const retried = await hold('create-7');
    expect(retried.status).toBe('requires_payment_method');
  });
});
