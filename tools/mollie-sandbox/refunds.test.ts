import { type MollieApiError, PaymentMethod, SequenceType } from '@mollie/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver, startTestSandbox, type TestSandbox, waitFor } from './test-support.ts';

let t: TestSandbox;
let receiver: Receiver;

beforeAll(async () => {
  t = await startTestSandbox();
  receiver = await startReceiver();
});

afterAll(async () => {
  await t.sandbox.close();
  await receiver.close();
});

async function paidPayment() {
  const customer = await t.mollie.customers.create({ name: 'Anna de Vries', email: 'anna@example.nl' });
  const payment = await t.mollie.payments.create({
    amount: { currency: 'EUR', value: '9.95' },
    description: 'Kring lidmaatschap',
    redirectUrl: 'http://127.0.0.1:5000/onboarding/payment',
    webhookUrl: receiver.url,
    customerId: customer.id,
    sequenceType: SequenceType.first,
    method: PaymentMethod.ideal,
  });
  expect((await t.control(`payments/${payment.id}/status`, { status: 'paid' })).status).toBe(200);
  return { customer, payment };
}

const hitsFor = (id: string) => receiver.hits.filter((h) => h.id === id).length;

describe('refunds', () => {
  it('the API refunds part or all of a paid payment, shows it on the payment and calls its webhook', async () => {
    const { payment } = await paidPayment();
    const before = hitsFor(payment.id);
    const part = await t.mollie.paymentRefunds.create({
      paymentId: payment.id,
      amount: { currency: 'EUR', value: '2.00' },
      description: 'Coulance',
    });
    expect(part).toMatchObject({ resource: 'refund', status: 'refunded', amount: { value: '2.00' } });
    await waitFor(() => hitsFor(payment.id) > before);
    let fetched = await t.mollie.payments.get(payment.id);
    expect(fetched.amountRefunded).toEqual({ currency: 'EUR', value: '2.00' });
    expect(fetched.amountRemaining).toEqual({ currency: 'EUR', value: '7.95' });

    await expect(
      t.mollie.paymentRefunds.create({ paymentId: payment.id, amount: { currency: 'EUR', value: '8.00' } }),
    ).rejects.toMatchObject({ statusCode: 422 } satisfies Partial<MollieApiError>);
    await t.mollie.paymentRefunds.create({
      paymentId: payment.id,
      amount: { currency: 'EUR', value: '7.95' },
    });
    fetched = await t.mollie.payments.get(payment.id);
    expect(fetched.status).toBe('paid');
    expect(fetched.amountRefunded).toEqual({ currency: 'EUR', value: '9.95' });
    const listed = await t.mollie.paymentRefunds.page({ paymentId: payment.id });
    expect(listed.map((r) => r.amount.value)).toEqual(['7.95', '2.00']);
  });

  it('the control refunds the whole amount when none is given', async () => {
    const { payment } = await paidPayment();
    const res = await t.control<{ payment: { amountRefunded: { value: string } } }>(
      `payments/${payment.id}/refund`,
      {},
    );
    expect(res.status).toBe(200);
    expect(res.body.payment.amountRefunded.value).toBe('9.95');
  });
});

describe('chargebacks', () => {
  it('the control charges a paid payment back: amountChargedBack, the chargebacks list and a webhook', async () => {
    const { payment } = await paidPayment();
    const before = hitsFor(payment.id);
    const res = await t.control(`payments/${payment.id}/chargeback`, { reason: 'MD06' });
    expect(res.status).toBe(200);
    await waitFor(() => hitsFor(payment.id) > before);
    const fetched = await t.mollie.payments.get(payment.id);
    expect(fetched.amountChargedBack).toEqual({ currency: 'EUR', value: '9.95' });
    const chargebacks = await t.mollie.paymentChargebacks.page({ paymentId: payment.id });
    expect(chargebacks).toHaveLength(1);
    expect(chargebacks[0]).toMatchObject({ resource: 'chargeback', amount: { value: '9.95' } });
    // Nothing is left to refund or charge back.
    expect((await t.control(`payments/${payment.id}/chargeback`, {})).status).toBe(422);
  });

  it('an open payment cannot be refunded or charged back', async () => {
    const customer = await t.mollie.customers.create({ name: 'Bob' });
    const open = await t.mollie.payments.create({
      amount: { currency: 'EUR', value: '9.95' },
      description: 'x',
      redirectUrl: 'http://127.0.0.1:5000/',
      customerId: customer.id,
      sequenceType: SequenceType.first,
    });
    expect((await t.control(`payments/${open.id}/chargeback`, {})).status).toBe(422);
    expect((await t.control(`payments/${open.id}/refund`, {})).status).toBe(422);
  });
});

describe('money that went back, as a client without webhooks sees it', () => {
  it("the customer's payment list carries amountRefunded and amountChargedBack, as Mollie's does", async () => {
    const { customer, payment } = await paidPayment();
    await t.control(`payments/${payment.id}/refund`, { amount: { currency: 'EUR', value: '2.00' } });
    const { payment: other } = await paidPayment();
    await t.control(`payments/${other.id}/chargeback`, {});
    const [listed] = await t.mollie.customerPayments.page({ customerId: customer.id });
    expect(listed).toMatchObject({ id: payment.id, amountRefunded: { currency: 'EUR', value: '2.00' } });
    expect(listed?.amountChargedBack).toBeUndefined();
    const [chargedBack] = await t.mollie.customerPayments.page({ customerId: other.customerId! });
    expect(chargedBack?.amountChargedBack).toEqual({ currency: 'EUR', value: '9.95' });
  });

  it('GET /v2/refunds and /v2/chargebacks list them across all payments, newest first', async () => {
    const { payment: a } = await paidPayment();
    const { payment: b } = await paidPayment();
    await t.control(`payments/${a.id}/refund`, { amount: { currency: 'EUR', value: '1.00' } });
    await t.control(`payments/${b.id}/refund`, {});
    await t.control(`payments/${a.id}/chargeback`, {});
    const refunds = await t.mollie.refunds.page({ limit: 2 });
    expect(refunds.map((r) => [r.paymentId, r.amount.value])).toEqual([
      [b.id, '9.95'],
      [a.id, '1.00'],
    ]);
    const chargebacks = await t.mollie.chargebacks.page({ limit: 1 });
    expect(chargebacks.map((c) => [c.paymentId, c.amount.value])).toEqual([[a.id, '8.95']]);
  });
});

describe('customers', () => {
  it('deleting a customer cancels its subscriptions and revokes its mandates, as Mollie does', async () => {
    const { customer } = await paidPayment();
    const subscription = await t.mollie.customerSubscriptions.create({
      customerId: customer.id,
      amount: { currency: 'EUR', value: '9.95' },
      interval: '1 month',
      description: 'Kring',
    });
    await t.mollie.customers.delete(customer.id);
    await expect(t.mollie.customers.get(customer.id)).rejects.toMatchObject({ statusCode: 404 });
    const all = await t.mollie.subscription.page({ limit: 250 });
    expect(all.find((s) => s.id === subscription.id)?.status).toBe('canceled');
  });
});

describe('refund statuses and reversed chargebacks, as Mollie has them', () => {
  it('a refund moves queued -> pending -> processing -> refunded; failed and canceled ones give nothing back', async () => {
    const { payment } = await paidPayment();
    const queued = await t.control<{ payment: { amountRefunded: { value: string } } }>(
      `payments/${payment.id}/refund`,
      { amount: { currency: 'EUR', value: '4.00' }, status: 'queued' },
    );
    expect(queued.status).toBe(200);
    // A queued refund already takes its amount off what can be refunded.
    expect(queued.body.payment.amountRefunded.value).toBe('4.00');
    const [refund] = await t.mollie.paymentRefunds.page({ paymentId: payment.id });
    expect(refund?.status).toBe('queued');
    for (const status of ['pending', 'processing', 'refunded']) {
      const before = hitsFor(payment.id);
      expect((await t.control(`refunds/${refund!.id}/status`, { status })).status).toBe(200);
      await waitFor(() => hitsFor(payment.id) > before);
      expect((await t.mollie.refunds.page({ limit: 250 })).find((r) => r.id === refund!.id)?.status).toBe(
        status,
      );
    }
    // Done is done.
    expect((await t.control(`refunds/${refund!.id}/status`, { status: 'canceled' })).status).toBe(422);

    const canceled = await t.control<{ payment: { amountRefunded: { value: string } } }>(
      `payments/${payment.id}/refund`,
      { amount: { currency: 'EUR', value: '5.95' }, status: 'pending' },
    );
    expect(canceled.body.payment.amountRefunded.value).toBe('9.95');
    const [latest] = await t.mollie.paymentRefunds.page({ paymentId: payment.id });
    const res = await t.control<{
      payment: { amountRefunded: { value: string }; amountRemaining: { value: string } };
    }>(`refunds/${latest!.id}/status`, { status: 'canceled' });
    expect(res.body.payment.amountRefunded.value).toBe('4.00');
    expect(res.body.payment.amountRemaining.value).toBe('5.95');
    // Listed with its status, so a client can tell it gave nothing back.
    expect((await t.mollie.refunds.page({ limit: 2 })).map((r) => [r.id, r.status])).toEqual([
      [latest!.id, 'canceled'],
      [refund!.id, 'refunded'],
    ]);
    expect((await t.control(`payments/${payment.id}/refund`, { status: 'failed' })).status).toBe(422);
    expect((await t.control(`refunds/${refund!.id}/status`, { status: 'paid' })).status).toBe(422);
    expect((await t.control('refunds/re_DoesNotExist/status', { status: 'failed' })).status).toBe(404);
  });

  it('a reversed chargeback shows reversedAt, no longer counts in amountChargedBack and calls the webhook', async () => {
    const { payment } = await paidPayment();
    await t.control(`payments/${payment.id}/chargeback`, {});
    const [chargeback] = await t.mollie.chargebacks.page({ limit: 1 });
    expect(chargeback).toMatchObject({ paymentId: payment.id, reversedAt: null });
    const before = hitsFor(payment.id);
    expect((await t.control(`chargebacks/${chargeback!.id}/reverse`, {})).status).toBe(200);
    await waitFor(() => hitsFor(payment.id) > before);
    const [reversed] = await t.mollie.chargebacks.page({ limit: 1 });
    expect(reversed?.id).toBe(chargeback!.id);
    expect(Number.isNaN(Date.parse(String(reversed?.reversedAt)))).toBe(false);
    const fetched = await t.mollie.payments.get(payment.id);
    expect(fetched.amountChargedBack).toBeUndefined();
    expect(fetched.amountRemaining).toEqual({ currency: 'EUR', value: '9.95' });
    expect((await t.control(`chargebacks/${chargeback!.id}/reverse`, {})).status).toBe(422);
  });
});
