import { readFileSync } from 'node:fs';
import https from 'node:https';
import { Locale, type MollieApiError, PaymentMethod, SequenceType } from '@mollie/api-client';
import { describe, expect, it } from 'vitest';
import {
  apiKey,
  type Receiver,
  submitCheckout,
  type TestSandbox,
  withSandboxAndReceiver,
} from './test-support.ts';

/**
 * What billing needs from the sandbox beyond sign-up: subscription update (amount, mandate, dates),
 * mandate list/get/revoke, failure reasons and SEPA return codes on failed payments, and controls
 * that make the next renewal fail and run due renewals now.
 */

let t: TestSandbox;
let receiver: Receiver;

withSandboxAndReceiver((sandbox, started) => {
  t = sandbox;
  receiver = started;
});

const amount = { currency: 'EUR', value: '9.95' };
const fail = (e: MollieApiError) => e;

interface Run {
  payment: { id: string; status: string; amount: { value: string }; details?: Record<string, string> };
  subscription: { nextPaymentDate?: string; status: string };
  webhook: { ok: boolean } | null;
}

async function firstPayment(customerId: string, method: PaymentMethod) {
  const first = await t.mollie.payments.create({
    amount: { currency: 'EUR', value: '0.01' },
    description: 'Machtiging',
    redirectUrl: 'http://127.0.0.1:5173/bedankt',
    customerId,
    sequenceType: SequenceType.first,
    method,
  });
  await submitCheckout(first.getCheckoutUrl()!, 'paid');
  return (await t.mollie.payments.get(first.id)).mandateId!;
}

async function member(startDate = '2031-03-15') {
  const customer = await t.mollie.customers.create({
    name: 'Noor',
    email: 'noor@example.nl',
    locale: Locale.nl_NL,
  });
  const mandateId = await firstPayment(customer.id, PaymentMethod.ideal);
  const sub = await t.mollie.customerSubscriptions.create({
    customerId: customer.id,
    amount,
    interval: '1 month',
    startDate,
    description: 'Kring Maandelijks',
    webhookUrl: receiver.url,
    metadata: { plan: 'maandelijks' },
  });
  return { customer, mandateId, sub };
}

const getSub = (customerId: string, id: string) => t.mollie.customerSubscriptions.get(id, { customerId });

describe('subscription update (PATCH)', () => {
  it('changes amount, description, metadata and webhookUrl; the next renewal charges the new amount', async () => {
    const { customer, sub } = await member();
    const updated = await t.mollie.customerSubscriptions.update(sub.id, {
      customerId: customer.id,
      amount: { currency: 'EUR', value: '99.00' },
      description: 'Kring Jaarlijks',
      metadata: { plan: 'jaarlijks' },
      webhookUrl: `${receiver.url}?v=2`,
    });
    expect(updated).toMatchObject({
      id: sub.id,
      status: 'active',
      amount: { currency: 'EUR', value: '99.00' },
      description: 'Kring Jaarlijks',
      metadata: { plan: 'jaarlijks' },
      webhookUrl: `${receiver.url}?v=2`,
      interval: '1 month',
      nextPaymentDate: '2031-03-15',
    });
    expect(await getSub(customer.id, sub.id)).toMatchObject({ description: 'Kring Jaarlijks' });

    const run = await t.control<Run>(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    expect(run.body.payment).toMatchObject({ status: 'paid', amount: { value: '99.00' } });
    const payment = await t.mollie.payments.get(run.body.payment.id);
    expect(payment).toMatchObject({ description: 'Kring Jaarlijks', metadata: { plan: 'jaarlijks' } });
    expect(receiver.hits.at(-1)?.body).toBe(`id=${payment.id}`);
  });

  it('moves the subscription to another mandate: renewals then use it', async () => {
    const { customer, mandateId, sub } = await member();
    const cardMandateId = await firstPayment(customer.id, PaymentMethod.creditcard);
    expect(cardMandateId).not.toBe(mandateId);
    const updated = await t.mollie.customerSubscriptions.update(sub.id, {
      customerId: customer.id,
      mandateId: cardMandateId,
    });
    expect(updated.mandateId).toBe(cardMandateId);
    const run = await t.control<Run>(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    const payment = await t.mollie.payments.get(run.body.payment.id);
    expect(payment).toMatchObject({ mandateId: cardMandateId, method: 'creditcard', status: 'paid' });
  });

  it('a new startDate (in the future, before any charge) is the next charge date', async () => {
    const { customer, sub } = await member('2031-03-15');
    const moved = await t.mollie.customerSubscriptions.update(sub.id, {
      customerId: customer.id,
      startDate: '2031-04-01',
    });
    expect(moved).toMatchObject({ startDate: '2031-04-01', nextPaymentDate: '2031-04-01' });
    await t.control(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    expect((await getSub(customer.id, sub.id)).nextPaymentDate).toBe('2031-05-01');
  });

  it('refuses startDate once charged or in the past, as Mollie (422, field startDate); nothing changes', async () => {
    // Mollie's reference: startDate "should always be in the future"; "a subscription's start date
    // cannot be changed if it has already been charged" (error: "The start date can not be changed
    // when the subscription is already charged. Field: startDate.").
    const { customer, sub } = await member('2031-03-15');
    const update = (fields: Record<string, unknown>) =>
      t.mollie.customerSubscriptions
        .update(sub.id, { customerId: customer.id, ...fields })
        .then(() => null, fail);
    expect(await update({ startDate: '2020-01-01' })).toMatchObject({ statusCode: 422, field: 'startDate' });
    await t.control(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    const charged = await update({ startDate: '2031-06-01', amount: { currency: 'EUR', value: '99.00' } });
    expect(charged).toMatchObject({ statusCode: 422, field: 'startDate' });
    expect(await getSub(customer.id, sub.id)).toMatchObject({
      startDate: '2031-03-15',
      nextPaymentDate: '2031-04-15',
      amount: { value: '9.95' },
    });
  });

  it('a new interval is calculated from the last charge date, as Mollie documents', async () => {
    // Monthly from 2031-03-15, charged once (2031-03-15): a switch to yearly makes the next charge
    // 2032-03-15 (last charge + 12 months), not 2031-04-15. Billing that switches plans "from the
    // next period" must set that date itself; the sandbox must not hide that.
    const { customer, sub } = await member('2031-03-15');
    await t.control(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    const yearly = await t.mollie.customerSubscriptions.update(sub.id, {
      customerId: customer.id,
      interval: '12 months',
    });
    expect(yearly).toMatchObject({ interval: '12 months', nextPaymentDate: '2032-03-15' });
    await t.control(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    expect((await getSub(customer.id, sub.id)).nextPaymentDate).toBe('2033-03-15');

    // Before any charge there is no last charge: the schedule runs from startDate with the new interval.
    const { customer: c2, sub: s2 } = await member('2031-03-15');
    const weekly = await t.mollie.customerSubscriptions.update(s2.id, {
      customerId: c2.id,
      interval: '2 weeks',
    });
    expect(weekly.nextPaymentDate).toBe('2031-03-15');
    await t.control(`subscriptions/${s2.id}/run-next`, { outcome: 'paid' });
    expect((await getSub(c2.id, s2.id)).nextPaymentDate).toBe('2031-03-29');
  });

  it('setting a mandateId sets the subscription method to null, as Mollie documents', async () => {
    const customer = await t.mollie.customers.create({ name: 'Methode' });
    const mandateId = await firstPayment(customer.id, PaymentMethod.ideal);
    const sub = await t.mollie.customerSubscriptions.create({
      customerId: customer.id,
      amount,
      interval: '1 month',
      startDate: '2031-03-15',
      description: 'Kring Maandelijks',
      method: 'directdebit' as never,
    });
    expect(sub.method).toBe('directdebit');
    // On create, Mollie takes method or mandateId, not both ("can not be set together").
    const both = await t.mollie.customerSubscriptions
      .create({
        customerId: customer.id,
        amount,
        interval: '1 month',
        description: 'Beide',
        method: 'directdebit' as never,
        mandateId,
      })
      .then(() => null, fail);
    expect(both).toMatchObject({ statusCode: 422, field: 'method' });
    const card = await firstPayment(customer.id, PaymentMethod.creditcard);
    const updated = await t.mollie.customerSubscriptions.update(sub.id, {
      customerId: customer.id,
      mandateId: card,
    });
    expect(updated).toMatchObject({ mandateId: card, method: null });
    const run = await t.control<Run>(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    expect((await t.mollie.payments.get(run.body.payment.id)).method).toBe('creditcard');
    expect(mandateId).not.toBe(card);
  });

  it('times may equal the charges made ("can not be less"): the subscription is then completed', async () => {
    const { customer, sub } = await member('2031-03-15');
    await t.control(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    const less = await t.mollie.customerSubscriptions
      .update(sub.id, { customerId: customer.id, times: 0 })
      .then(() => null, fail);
    expect(less).toMatchObject({ statusCode: 422, field: 'times' });
    const done = await t.mollie.customerSubscriptions.update(sub.id, { customerId: customer.id, times: 1 });
    expect(done).toMatchObject({ status: 'completed', times: 1, timesRemaining: 0 });
    expect(done.nextPaymentDate).toBeUndefined();
  });

  it('refuses a parameter Mollie does not take on update (422 "Non-existent body parameter")', async () => {
    const { customer, sub } = await member('2031-03-15');
    const update = (fields: Record<string, unknown>) =>
      t.mollie.customerSubscriptions
        .update(sub.id, { customerId: customer.id, ...fields } as never)
        .then(() => null, fail);
    const next = await update({ nextPaymentDate: '2031-05-01' });
    expect(next).toMatchObject({ statusCode: 422, field: 'nextPaymentDate' });
    expect(next?.message).toContain('Non-existent body parameter');
    expect(await update({ method: 'creditcard', amount: { currency: 'EUR', value: '1.00' } })).toMatchObject({
      statusCode: 422,
      field: 'method',
    });
    expect(await getSub(customer.id, sub.id)).toMatchObject({
      nextPaymentDate: '2031-03-15',
      amount: { value: '9.95' },
    });
  });

  it('refuses a canceled subscription, an unknown or revoked mandate and a bad interval with 422', async () => {
    const { customer, mandateId, sub } = await member();
    const update = (fields: Record<string, unknown>) =>
      t.mollie.customerSubscriptions
        .update(sub.id, { customerId: customer.id, ...fields })
        .then(() => null, fail);
    expect(await update({ mandateId: 'mdt_doesnotexst' })).toMatchObject({
      statusCode: 422,
      field: 'mandateId',
    });
    expect(await update({ interval: '1 year' })).toMatchObject({ statusCode: 422, field: 'interval' });
    expect(await update({ startDate: '15-03-2031' })).toMatchObject({ statusCode: 422, field: 'startDate' });
    // Nothing of a refused update was applied.
    const unchanged = await getSub(customer.id, sub.id);
    expect(unchanged).toMatchObject({ interval: '1 month', startDate: '2031-03-15' });
    expect(unchanged.mandateId).toBeUndefined();

    const other = await t.mollie.customers.create({ name: 'Ander' });
    const otherMandate = await firstPayment(other.id, PaymentMethod.ideal);
    expect(await update({ mandateId: otherMandate })).toMatchObject({ statusCode: 422, field: 'mandateId' });

    await t.mollie.customerSubscriptions.cancel(sub.id, { customerId: customer.id });
    const canceled = await update({ amount: { currency: 'EUR', value: '1.00' } });
    expect(canceled).toMatchObject({ statusCode: 422 });
    expect(canceled?.message).toContain('canceled');
    expect(mandateId).toMatch(/^mdt_/);
  });
});

/** A raw API call with headers (the client sends no Idempotency-Key on PATCH). */
function rawApi(method: string, path: string, body: object, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = https.request(
        `${t.sandbox.apiUrl}${path}`,
        {
          method,
          ca: readFileSync(t.sandbox.caCertPath, 'utf8'),
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => {
            text += c.toString();
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: text ? JSON.parse(text) : {},
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    },
  );
}

describe('subscription update and Idempotency-Key', () => {
  it('a PATCH with a used key replays the stored answer; another body with that key is refused', async () => {
    const { customer, sub } = await member('2031-03-15');
    const path = `customers/${customer.id}/subscriptions/${sub.id}`;
    const key = { 'idempotency-key': `patch-${sub.id}` };
    const first = await rawApi('PATCH', path, { amount: { currency: 'EUR', value: '12.00' } }, key);
    expect(first).toMatchObject({ status: 200, body: { amount: { value: '12.00' } } });
    const again = await rawApi('PATCH', path, { amount: { currency: 'EUR', value: '12.00' } }, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await rawApi('PATCH', path, { amount: { currency: 'EUR', value: '15.00' } }, key);
    expect(other.status).toBe(422);
    expect((await getSub(customer.id, sub.id)).amount.value).toBe('12.00');
  });
});

describe('mandates', () => {
  it('lists and gets a customer’s mandates; revoking makes them invalid and a renewal on them fails', async () => {
    const { customer, mandateId, sub } = await member();
    const list = await t.mollie.customerMandates.page({ customerId: customer.id });
    expect(list.map((m) => [m.id, m.status, m.method])).toEqual([[mandateId, 'valid', 'directdebit']]);
    const mandate = await t.mollie.customerMandates.get(mandateId, { customerId: customer.id });
    expect(mandate.details).toMatchObject({ consumerName: 'T. TEST' });

    await t.mollie.customerMandates.revoke(mandateId, { customerId: customer.id });
    expect((await t.mollie.customerMandates.get(mandateId, { customerId: customer.id })).status).toBe(
      'invalid',
    );
    // As at Mollie, the subscriptions on it are canceled: no renewal runs.
    expect((await getSub(customer.id, sub.id)).status).toBe('canceled');
    const run = await t.control<{ detail: string }>(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    expect(run.status).toBe(422);
    // A recurring payment on the revoked mandate is refused.
    const direct = await t.mollie.payments
      .create({
        amount,
        description: 'Losse incasso',
        customerId: customer.id,
        sequenceType: SequenceType.recurring,
        mandateId,
      })
      .then(() => null, fail);
    expect(direct).toMatchObject({ statusCode: 422, field: 'mandateId' });
    // So is moving a subscription onto it; the subscription keeps its own (valid) mandate.
    const { customer: c2, mandateId: own, sub: s2 } = await member();
    const card = await firstPayment(c2.id, PaymentMethod.creditcard);
    await t.mollie.customerMandates.revoke(card, { customerId: c2.id });
    expect((await getSub(c2.id, s2.id)).status).toBe('active');
    const onto = await t.mollie.customerSubscriptions
      .update(s2.id, { customerId: c2.id, mandateId: card })
      .then(() => null, fail);
    expect(onto).toMatchObject({ statusCode: 422, field: 'mandateId' });
    await t.mollie.customerMandates.revoke(own, { customerId: c2.id });
    expect((await getSub(c2.id, s2.id)).status).toBe('canceled');
  });
});

describe('failed renewals: reasons and controls', () => {
  it('the next renewal of a subscription fails with the chosen SEPA return code, once', async () => {
    const { customer, sub } = await member('2031-03-15');
    const plan = await t.control<{ nextRenewal: unknown }>(`subscriptions/${sub.id}/next-renewal`, {
      outcome: 'failed',
      bankReasonCode: 'MS02',
    });
    expect(plan).toMatchObject({
      status: 200,
      body: { nextRenewal: { outcome: 'failed', bankReasonCode: 'MS02' } },
    });

    const renewals = () =>
      t.mollie.subscriptionPayments.page({ customerId: customer.id, subscriptionId: sub.id });
    // Not due the day before; due on its nextPaymentDate.
    await t.control('renewals/run-due', { date: '2031-03-14' });
    expect(await renewals()).toHaveLength(0);
    const due = await t.control<{ renewals: Run[] }>('renewals/run-due', { date: '2031-03-15' });
    const [only] = await renewals();
    const failed = await t.mollie.payments.get(only!.id);
    expect(failed).toMatchObject({ status: 'failed', method: 'directdebit', subscriptionId: sub.id });
    expect(failed.details).toMatchObject({ bankReasonCode: 'MS02', bankReason: 'Refused by debtor' });
    expect(due.body.renewals.map((r) => r.payment.id)).toContain(failed.id);
    expect(receiver.hits.some((h) => h.id === failed.id)).toBe(true);
    expect((await getSub(customer.id, sub.id)).nextPaymentDate).toBe('2031-04-15');

    // Used once: the renewal after it is paid, and the plan is gone.
    expect(
      (await t.control<{ nextRenewal: unknown }>(`subscriptions/${sub.id}/next-renewal`)).body.nextRenewal,
    ).toBeNull();
    const next = await t.control<Run>(`subscriptions/${sub.id}/run-next`, {});
    expect(next.body.payment.status).toBe('paid');
  });

  it('run-due charges only what is due, once per call', async () => {
    const { customer, sub } = await member('2040-06-01');
    const before = await t.control<{ renewals: Run[] }>('renewals/run-due', { date: '2040-05-31' });
    const ours = async () =>
      (await t.mollie.subscriptionPayments.page({ customerId: customer.id, subscriptionId: sub.id })).length;
    expect(before.status).toBe(200);
    expect(await ours()).toBe(0);
    await t.control('renewals/run-due', { date: '2040-06-01' });
    expect(await ours()).toBe(1);
    await t.control('renewals/run-due', { date: '2040-06-01' });
    expect(await ours()).toBe(1);
  });

  it('a customer-wide plan fails the next renewal of a card subscription with failureReason', async () => {
    const { customer, sub } = await member();
    const card = await firstPayment(customer.id, PaymentMethod.creditcard);
    await t.mollie.customerSubscriptions.update(sub.id, { customerId: customer.id, mandateId: card });
    await t.control(`customers/${customer.id}/next-renewal`, {
      outcome: 'failed',
      failureReason: 'insufficient_funds',
    });
    const run = await t.control<Run>(`subscriptions/${sub.id}/run-next`, {});
    expect(run.body.webhook?.ok).toBe(true);
    const payment = await t.mollie.payments.get(run.body.payment.id);
    expect(payment).toMatchObject({ status: 'failed', method: 'creditcard' });
    expect(payment.details).toMatchObject({
      failureReason: 'insufficient_funds',
      failureMessage: expect.any(String),
      cardNumber: expect.stringMatching(/^\d{4}$/),
    });
    expect((await t.control<Run>(`subscriptions/${sub.id}/run-next`, {})).body.payment.status).toBe('paid');
  });

  it('run-next with an explicit outcome and return code; without one a direct debit fails with AM04', async () => {
    const { sub } = await member();
    const md01 = await t.control<Run>(`subscriptions/${sub.id}/run-next`, {
      outcome: 'failed',
      bankReasonCode: 'MD01',
    });
    expect(md01.body.payment.details).toMatchObject({ bankReasonCode: 'MD01', bankReason: 'No mandate' });
    // A reason alone asks for a failed charge.
    const ac04 = await t.control<Run>(`subscriptions/${sub.id}/run-next`, { bankReasonCode: 'AC04' });
    expect(ac04.body.payment).toMatchObject({ status: 'failed', details: { bankReasonCode: 'AC04' } });
    const plain = await t.control<Run>(`subscriptions/${sub.id}/run-next`, { outcome: 'failed' });
    expect(plain.body.payment.details).toMatchObject({
      bankReasonCode: 'AM04',
      bankReason: 'Insufficient funds',
    });
  });

  it('a failed card checkout payment carries the failureReason the control asks for, in the payment locale', async () => {
    const customer = await t.mollie.customers.create({ name: 'Kaart' });
    const payment = await t.mollie.payments.create({
      amount,
      description: 'Nu betalen',
      redirectUrl: 'http://127.0.0.1:5173/bedankt',
      customerId: customer.id,
      method: PaymentMethod.creditcard,
      locale: Locale.nl_NL,
    });
    const res = await t.control(`payments/${payment.id}/status`, {
      status: 'failed',
      failureReason: 'refused_by_issuer',
    });
    expect(res.status).toBe(200);
    const after = await t.mollie.payments.get(payment.id);
    expect(after.details).toMatchObject({
      failureReason: 'refused_by_issuer',
      failureMessage: 'De kaartuitgever heeft de betaling geweigerd.',
    });
  });

  it('a failure reason must fit the method as Mollie reports it: 422 otherwise, and nothing is charged', async () => {
    // Mollie gives `failureReason` on card payments and `bankReasonCode` on SEPA direct debits only;
    // a control that silently gave another field would let code that reads the wrong one pass.
    const { customer, sub } = await member('2041-01-10');
    const renewals = async () =>
      (await t.mollie.subscriptionPayments.page({ customerId: customer.id, subscriptionId: sub.id })).length;
    const cardReason = await t.control<{ field: string }>(`subscriptions/${sub.id}/run-next`, {
      outcome: 'failed',
      failureReason: 'insufficient_funds',
    });
    expect(cardReason).toMatchObject({ status: 422, body: { field: 'failureReason' } });
    const planned = await t.control<{ field: string }>(`subscriptions/${sub.id}/next-renewal`, {
      failureReason: 'card_expired',
    });
    expect(planned).toMatchObject({ status: 422, body: { field: 'failureReason' } });
    expect(await renewals()).toBe(0);
    expect((await getSub(customer.id, sub.id)).nextPaymentDate).toBe('2041-01-10');

    // A customer-wide plan cannot be checked when it is made; the renewal it does not fit is skipped, named.
    await t.control(`customers/${customer.id}/next-renewal`, { failureReason: 'card_expired' });
    const due = await t.control<{ renewals: Run[]; skipped: { subscriptionId: string; detail: string }[] }>(
      'renewals/run-due',
      { date: '2041-01-10' },
    );
    expect(due.body.skipped).toContainEqual({
      subscriptionId: sub.id,
      detail: expect.stringContaining('failureReason'),
    });
    expect(await renewals()).toBe(0);
    await t.control(`customers/${customer.id}/next-renewal`, undefined, 'DELETE');

    const ideal = await t.mollie.payments.create({
      amount,
      description: 'Nu betalen',
      redirectUrl: 'http://127.0.0.1:5173/bedankt',
      customerId: customer.id,
      method: PaymentMethod.ideal,
    });
    const status = (body: object) => t.control<{ field: string }>(`payments/${ideal.id}/status`, body);
    expect(await status({ status: 'failed', failureReason: 'refused_by_issuer' })).toMatchObject({
      status: 422,
      body: { field: 'failureReason' },
    });
    expect(await status({ status: 'failed', bankReasonCode: 'AM04' })).toMatchObject({
      status: 422,
      body: { field: 'bankReasonCode' },
    });
    expect((await status({ status: 'paid', bankReasonCode: 'AM04' })).status).toBe(422);
    expect((await t.mollie.payments.get(ideal.id)).status).toBe('open');
    // Without a reason an iDEAL payment fails plainly, with no failure fields.
    expect((await status({ status: 'failed' })).status).toBe(200);
    const failed = await t.mollie.payments.get(ideal.id);
    expect(failed.status).toBe('failed');
    expect(failed.details ?? {}).not.toHaveProperty('failureReason');
  });

  it('a direct-debit chargeback carries the bank return code in the chargeback reason, not on the paid payment', async () => {
    // Mollie's reference: details.bankReasonCode is "only available if the payment has failed"; a
    // charged-back payment stays paid, and the return code is the chargeback's `reason`. Code that
    // reads it from the payment would find nothing at Mollie, so the sandbox must not offer it there.
    const { sub } = await member();
    const run = await t.control<Run>(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    await t.control(`payments/${run.body.payment.id}/chargeback`, { reason: 'MD06' });
    const payment = await t.mollie.payments.get(run.body.payment.id);
    expect(payment.status).toBe('paid');
    expect(payment.details).toMatchObject({ consumerAccount: expect.stringMatching(/^NL/) });
    expect(payment.details).not.toHaveProperty('bankReasonCode');
    expect(payment.details).not.toHaveProperty('bankReason');
    const [chargeback] = await t.mollie.paymentChargebacks.page({ paymentId: payment.id });
    expect(chargeback?.reason).toEqual({ code: 'MD06', description: 'Refund request by end customer' });
  });

  it('refuses unknown reasons and a reason on a paid outcome with 422 naming the field', async () => {
    const { customer, sub } = await member();
    const bad = await t.control<{ field: string }>(`subscriptions/${sub.id}/next-renewal`, {
      outcome: 'failed',
      bankReasonCode: 'XX99',
    });
    expect(bad).toMatchObject({ status: 422, body: { field: 'bankReasonCode' } });
    const badReason = await t.control<{ field: string }>(`customers/${customer.id}/next-renewal`, {
      failureReason: 'no_money',
    });
    expect(badReason).toMatchObject({ status: 422, body: { field: 'failureReason' } });
    const paidWithReason = await t.control<{ field: string }>(`subscriptions/${sub.id}/run-next`, {
      outcome: 'paid',
      bankReasonCode: 'AM04',
    });
    expect(paidWithReason.status).toBe(422);
    const unknown = await t.control('subscriptions/sub_doesnotexst/next-renewal', { outcome: 'failed' });
    expect(unknown.status).toBe(404);
    const wrongKind = await t.control(`subscriptions/${customer.id}/next-renewal`, { outcome: 'failed' });
    expect(wrongKind.status).toBe(404);
    // A refused plan left nothing behind.
    expect(
      (await t.control<{ nextRenewal: unknown }>(`customers/${customer.id}/next-renewal`)).body.nextRenewal,
    ).toBeNull();
    const badDate = await t.control<{ field: string }>('renewals/run-due', { date: '1-2-2031' });
    expect(badDate).toMatchObject({ status: 422, body: { field: 'date' } });
  });
});
