import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MollieApiError, PaymentMethod, SequenceType } from '@mollie/api-client';
import { describe, expect, it } from 'vitest';
import { chargeDate, todayInAmsterdam } from './interval.ts';
import { type Receiver, submitCheckout, type TestSandbox, withSandboxAndReceiver } from './test-support.ts';

let t: TestSandbox;
let receiver: Receiver;

withSandboxAndReceiver((sandbox, started) => {
  t = sandbox;
  receiver = started;
});

const amount = { currency: 'EUR', value: '7.50' };

/** The Kring sign-up: customer, iDEAL first payment paid on the checkout page. */
async function memberWithMandate() {
  const customer = await t.mollie.customers.create({ name: 'Cor', email: 'cor@example.nl' });
  const first = await t.mollie.payments.create({
    amount,
    description: 'Eerste betaling',
    redirectUrl: 'http://127.0.0.1:5173/bedankt',
    webhookUrl: receiver.url,
    customerId: customer.id,
    sequenceType: SequenceType.first,
    method: PaymentMethod.ideal,
  });
  await submitCheckout(first.getCheckoutUrl()!, 'paid');
  const paid = await t.mollie.payments.get(first.id);
  return { customer, mandateId: paid.mandateId! };
}

function subscribe(customerId: string, extra: Record<string, unknown> = {}) {
  return t.mollie.customerSubscriptions.create({
    customerId,
    amount,
    interval: '1 month',
    description: 'Kring maandlidmaatschap',
    webhookUrl: receiver.url,
    metadata: { plan: 'month' },
    ...extra,
  });
}

const fail = (e: MollieApiError) => e;

interface RunNext {
  payment: { id: string; status: string; subscriptionId: string };
  subscription: { nextPaymentDate?: string; status: string };
  webhook: { ok: boolean };
}

describe('subscriptions on a mandate', () => {
  it('refuses a subscription with 422 while the customer has no valid mandate', async () => {
    const customer = await t.mollie.customers.create({ name: 'Zonder machtiging' });
    const error = await subscribe(customer.id).then(() => null, fail);
    expect(error).toMatchObject({ name: 'ApiError', statusCode: 422, title: 'Unprocessable Entity' });
    expect(error?.message).toContain('no valid mandate');

    const failedFirst = await t.mollie.payments.create({
      amount,
      description: 'Mislukte eerste betaling',
      redirectUrl: 'http://127.0.0.1:5173/bedankt',
      customerId: customer.id,
      sequenceType: SequenceType.first,
    });
    await submitCheckout(failedFirst.getCheckoutUrl()!, 'failed');
    expect(await subscribe(customer.id).then(() => null, fail)).toMatchObject({ statusCode: 422 });
  });

  it('creates an active subscription once the first payment is paid', async () => {
    const { customer, mandateId } = await memberWithMandate();
    const startDate = chargeDate(todayInAmsterdam(), { count: 1, unit: 'month' }, 1);
    const sub = await subscribe(customer.id, { mandateId, startDate });
    expect(sub).toMatchObject({
      resource: 'subscription',
      status: 'active',
      customerId: customer.id,
      mandateId,
      amount,
      interval: '1 month',
      startDate,
      nextPaymentDate: startDate,
      times: null,
      webhookUrl: receiver.url,
      metadata: { plan: 'month' },
    });
    expect(sub.id).toMatch(/^sub_\w{10}$/);
    const fetched = await t.mollie.customerSubscriptions.get(sub.id, { customerId: customer.id });
    expect(fetched.status).toBe('active');
    const list = await t.mollie.customerSubscriptions.page({ customerId: customer.id });
    expect(list.map((s) => s.id)).toEqual([sub.id]);
    const refreshed = await t.mollie.customers.get(customer.id);
    expect(refreshed._links.subscriptions?.href).toBe(
      `${t.sandbox.apiUrl}customers/${customer.id}/subscriptions`,
    );
  });

  it('takes intervals in days, weeks or months up to a year and refuses "1 year" like Mollie', async () => {
    const { customer } = await memberWithMandate();
    const error = await subscribe(customer.id, { interval: '1 year' }).then(() => null, fail);
    expect(error).toMatchObject({ statusCode: 422, field: 'interval' });
    expect(await subscribe(customer.id, { interval: '13 months' }).then(() => null, fail)).toMatchObject({
      field: 'interval',
    });
    const yearly = await subscribe(customer.id, {
      interval: '12 months',
      description: 'Kring jaarlidmaatschap',
    });
    expect(yearly.interval).toBe('12 months');
    const duplicate = await subscribe(customer.id, {
      interval: '12 months',
      description: 'Kring jaarlidmaatschap',
    }).then(() => null, fail);
    expect(duplicate).toMatchObject({ statusCode: 422, field: 'description' });
  });

  it('runs the next charge now: paid and failed recurring payments with subscriptionId reach the webhook', async () => {
    const { customer, mandateId } = await memberWithMandate();
    const startDate = '2031-01-31';
    const sub = await subscribe(customer.id, { startDate });

    const paid = await t.control<RunNext>(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    expect(paid.status).toBe(200);
    expect(paid.body.webhook.ok).toBe(true);
    expect(receiver.hits.at(-1)?.body).toBe(`id=${paid.body.payment.id}`);
    expect(paid.body.payment.id).toMatch(/^tr_/);
    const renewal = await t.mollie.payments.get(paid.body.payment.id);
    expect(renewal).toMatchObject({
      status: 'paid',
      sequenceType: 'recurring',
      subscriptionId: sub.id,
      customerId: customer.id,
      mandateId,
      method: 'directdebit',
      amount,
      description: 'Kring maandlidmaatschap',
      metadata: { plan: 'month' },
    });
    expect(renewal.getCheckoutUrl()).toBeNull();
    // Month-end start: the next charge falls on the last day of February.
    expect(
      (await t.mollie.customerSubscriptions.get(sub.id, { customerId: customer.id })).nextPaymentDate,
    ).toBe('2031-02-28');

    const failed = await t.control<RunNext>(`subscriptions/${sub.id}/run-next`, { outcome: 'failed' });
    expect(failed.body.payment).toMatchObject({ status: 'failed', subscriptionId: sub.id });
    expect(receiver.hits.at(-1)?.body).toBe(`id=${failed.body.payment.id}`);
    const failedPayment = await t.mollie.payments.get(failed.body.payment.id);
    expect(failedPayment.details).toMatchObject({ bankReasonCode: 'AM04' });
    expect(failed.body.subscription).toMatchObject({ status: 'active', nextPaymentDate: '2031-03-31' });

    const payments = await t.mollie.subscriptionPayments.page({
      customerId: customer.id,
      subscriptionId: sub.id,
    });
    expect(payments.map((p) => p.status)).toEqual(['failed', 'paid']);
  });

  it('cancels a subscription: status canceled, no further charges', async () => {
    const { customer } = await memberWithMandate();
    const sub = await subscribe(customer.id);
    const canceled = await t.mollie.customerSubscriptions.cancel(sub.id, { customerId: customer.id });
    expect(canceled).toMatchObject({ id: sub.id, status: 'canceled' });
    expect(canceled.canceledAt).toBeTruthy();
    expect(canceled.nextPaymentDate).toBeUndefined();
    const run = await t.control<{ status: number }>(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    expect(run.status).toBe(422);
    const again = await t.mollie.customerSubscriptions
      .cancel(sub.id, { customerId: customer.id })
      .then(() => null, fail);
    expect(again).toMatchObject({ statusCode: 422 });
  });

  it('answers run-next with the subscription as the webhook left it (the app cancels it while handling the payment)', async () => {
    const { customer } = await memberWithMandate();
    const sub = await subscribe(customer.id);
    // The app's handler stops the subscription before it answers (as settleMembership does when a
    // membership ends); the control answer comes once the webhook was tried, so it shows that.
    const app = http.createServer((req, res) => {
      req.resume();
      req.on('end', async () => {
        await t.mollie.customerSubscriptions.cancel(sub.id, { customerId: customer.id });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = app.address() as AddressInfo;
      await t.mollie.customerSubscriptions.update(sub.id, {
        customerId: customer.id,
        webhookUrl: `http://127.0.0.1:${port}/webhooks/mollie`,
      });
      const run = await t.control<RunNext>(`subscriptions/${sub.id}/run-next`, { outcome: 'failed' });
      expect(run.body.webhook.ok).toBe(true);
      expect(run.body.subscription).toMatchObject({ status: 'canceled' });
      expect(run.body.subscription.nextPaymentDate).toBeUndefined();
    } finally {
      app.closeAllConnections();
      await new Promise((resolve) => app.close(resolve));
    }
  });

  it('completes a subscription with `times` after the last charge', async () => {
    const { customer } = await memberWithMandate();
    const sub = await subscribe(customer.id, { times: 2 });
    expect(sub.timesRemaining).toBe(2);
    await t.control(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    const last = await t.control<RunNext>(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    expect(last.body.subscription).toMatchObject({ status: 'completed', timesRemaining: 0 });
    expect(last.body.subscription.nextPaymentDate).toBeUndefined();
  });

  it('creates a recurring payment on the mandate directly: pending, no checkout, a changePaymentState link', async () => {
    const { customer, mandateId } = await memberWithMandate();
    const payment = await t.mollie.payments.create({
      amount,
      description: 'Losse incasso',
      customerId: customer.id,
      sequenceType: SequenceType.recurring,
      webhookUrl: receiver.url,
    });
    expect(payment).toMatchObject({ status: 'pending', mandateId, method: 'directdebit' });
    expect(payment.getCheckoutUrl()).toBeNull();
    expect(payment.getChangePaymentStateUrl()).toBe(`${t.sandbox.checkoutBaseUrl}checkout/${payment.id}`);
  });

  it('revoking the mandate cancels the subscriptions that need it', async () => {
    const { customer, mandateId } = await memberWithMandate();
    const sub = await subscribe(customer.id);
    await t.mollie.customerMandates.revoke(mandateId, { customerId: customer.id });
    expect((await t.mollie.customerMandates.get(mandateId, { customerId: customer.id })).status).toBe(
      'invalid',
    );
    expect((await t.mollie.customerSubscriptions.get(sub.id, { customerId: customer.id })).status).toBe(
      'canceled',
    );
  });
});
