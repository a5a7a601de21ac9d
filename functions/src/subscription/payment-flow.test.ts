import { validationMessages as m } from '@kring/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/helpers.ts';
import {
  assertInvariants,
  checkout,
  details,
  type PaymentSandbox,
  roleClaim,
  signIn,
  signUp,
  startPayment,
  tokenClaims,
  usePaymentSandbox,
} from '../../test/subscription.ts';
import { getDb } from '../lib/db.ts';
import { listPayments } from './payments.repo.ts';
import { amsterdamDate } from './period.ts';

let ps: PaymentSandbox;

usePaymentSandbox((started) => {
  ps = started;
});

/** Lets the next status poll ask Mollie, as if the throttle period had passed. */
const ageStatusCheck = async (paymentId: string) =>
  sql`UPDATE payments SET checked_at = now() - interval '1 minute' WHERE id = ${paymentId}`.execute(
    await getDb(),
  );

describe('getSubscriptionInitialPaymentPrice', () => {
  it('tells anyone the configured price and period', async () => {
    const res = await call('getSubscriptionInitialPaymentPrice', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      value: '9.95',
      currency: 'EUR',
      interval: '1 month',
      description: 'Lidmaatschap Kring',
    });
  });
});

describe('createSubscriptionInitialPayment', () => {
  it('needs a signed-in user and complete personal details (spec messages, field named)', async () => {
    expect((await call('createSubscriptionInitialPayment', { membership: details })).status).toBe(401);
    const user = await signUp();
    const res = await call(
      'createSubscriptionInitialPayment',
      { membership: { ...details, postalCode: '  ', phoneNumber: 'bel me' } },
      user,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.issues).toEqual(
      expect.arrayContaining([
        { path: 'membership.postalCode', message: m.postalCode },
        { path: 'membership.phoneNumber', message: m.phoneNumberInvalid },
      ]),
    );
    expect((await call('getUserAccount', {}, user)).body.membership).toBeNull();
  });

  it('creates a Dutch iDEAL first payment on a new Mollie customer and stores a pending membership', async () => {
    const { user, paymentId, checkoutUrl } = await startPayment();
    expect(paymentId).toMatch(/^tr_/);
    expect(checkoutUrl).toBe(`${ps.sandbox.checkoutBaseUrl}checkout/${paymentId}`);

    const payment = await ps.mollie.payments.get(paymentId);
    expect(payment).toMatchObject({
      status: 'open',
      sequenceType: 'first',
      amount: { value: '9.95', currency: 'EUR' },
      description: 'Lidmaatschap Kring (Maandelijks): eerste betaling',
      redirectUrl: 'http://127.0.0.1:5000/onboarding/payment',
      webhookUrl: `${process.env.WEBHOOK_BASE_URL}/web/subscription/webhookPaymentHandler`,
      metadata: { uid: user.uid },
    });
    const customer = await ps.mollie.customers.get(payment.customerId!);
    expect(customer).toMatchObject({ name: 'Sanne de Boer', email: user.email, metadata: { uid: user.uid } });

    const account = await call('getUserAccount', {}, user);
    expect(account.body.membership).toMatchObject({
      ...details,
      postalCode: '2514 EE',
      status: 'pending',
      subscribedAt: null,
      expiresAt: null,
    });
    expect((await call('getSubscriptionInitialPaymentStatus', {}, user)).body).toEqual({
      isRequestStarted: true,
      isRequestComplete: false,
      status: 'open',
      paymentId,
    });
    await assertInvariants(ps, user.uid);
  });

  it('hands out the same open payment on a second call, with the changed details stored', async () => {
    const { user, paymentId, checkoutUrl } = await startPayment();
    const again = await call(
      'createSubscriptionInitialPayment',
      { membership: { ...details, city: 'Leiden' } },
      user,
    );
    expect(again.body).toEqual({ paymentId, checkoutUrl });
    expect((await call('getUserAccount', {}, user)).body.membership).toMatchObject({ city: 'Leiden' });
    expect(await listPayments(await getDb(), user.uid)).toHaveLength(1);
  });

  it('answers 503 and writes nothing while Mollie is down, and works once it is back', async () => {
    const user = await signUp();
    await ps.failNext(3);
    const down = await call('createSubscriptionInitialPayment', { membership: details }, user);
    expect(down.status).toBe(503);
    expect(down.body.error?.code).toBe('UNAVAILABLE');
    expect((await call('getUserAccount', {}, user)).body.membership).toBeNull();
    expect((await call('getSubscriptionInitialPaymentStatus', {}, user)).body.isRequestStarted).toBe(false);

    // Two failures are absorbed by the client's own retries.
    await ps.failNext(2);
    const { paymentId } = await startPayment(user);
    expect((await ps.mollie.payments.get(paymentId)).status).toBe('open');
    await assertInvariants(ps, user.uid);
  });

  it('records nothing when Mollie made the payment but every answer was lost; the retry gives a fresh one', async () => {
    const first = await startPayment();
    await ps.control(`payments/${first.paymentId}/status`, { status: 'failed' });
    const before = await listPayments(await getDb(), first.user.uid);

    await ps.failNext(3, 'after');
    const lost = await call('createSubscriptionInitialPayment', { membership: details }, first.user);
    expect(lost.status).toBe(503);
    expect(await listPayments(await getDb(), first.user.uid)).toEqual(before);

    const retry = await startPayment(first.user);
    expect(retry.paymentId).not.toBe(first.paymentId);
    expect((await call('getSubscriptionInitialPaymentStatus', {}, first.user)).body).toMatchObject({
      status: 'open',
      paymentId: retry.paymentId,
    });
    await assertInvariants(ps, first.user.uid);
  });
});

describe('paying on the checkout page', () => {
  it('"Betaald" makes the visitor a member: subscription on the mandate, role claim 1 after signing in again', async () => {
    const { user, paymentId, checkoutUrl } = await startPayment();
    const page = await checkout(checkoutUrl, 'paid');
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('http://127.0.0.1:5000/onboarding/payment');
    // The sandbox delivered the webhook through HTTP before redirecting the payer.
    expect(ps.webhooks.hits.filter((h) => h.id === paymentId)).toEqual([{ id: paymentId, status: 200 }]);

    expect((await call('getSubscriptionInitialPaymentStatus', {}, user)).body).toEqual({
      isRequestStarted: true,
      isRequestComplete: true,
      status: 'paid',
      paymentId,
    });
    const paid = await ps.mollie.payments.get(paymentId);
    const status = (await call('getSubscriptionStatus', {}, user)).body;
    expect(status).toMatchObject({ status: 'active', subscribedAt: paid.paidAt, canceledAt: null });
    const expiresAt = new Date(status.expiresAt as string);
    const paidAt = new Date(paid.paidAt!);
    const expected = new Date(paidAt);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    if (expected.getUTCDate() !== paidAt.getUTCDate()) expected.setUTCDate(0);
    expect(expiresAt.toISOString()).toBe(expected.toISOString());

    const subscriptions = await ps.mollie.customerSubscriptions.page({ customerId: paid.customerId! });
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({
      status: 'active',
      amount: { value: '9.95', currency: 'EUR' },
      interval: '1 month',
      startDate: amsterdamDate(expiresAt),
      mandateId: paid.mandateId,
      webhookUrl: `${process.env.WEBHOOK_BASE_URL}/web/subscription/webhookPaymentHandler`,
      metadata: { uid: user.uid, firstPaymentId: paymentId },
    });

    // The old token still says role 0; a fresh sign-in carries the Member claim.
    expect(tokenClaims(user.token).role).toBeUndefined();
    const fresh = await signIn(user);
    expect(tokenClaims(fresh.token).role).toBe(1);
    expect((await call('getUserAccount', {}, fresh)).body.role).toBe(1);
    await assertInvariants(ps, user.uid);

    const again = await call('createSubscriptionInitialPayment', { membership: details }, fresh);
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('CONFLICT');
  });

  it.each(['failed', 'canceled', 'expired'] as const)(
    'a %s first payment leaves the membership pending and a new attempt makes a new payment',
    async (outcome) => {
      const { user, paymentId, checkoutUrl } = await startPayment();
      if (outcome === 'expired') await ps.control(`payments/${paymentId}/status`, { status: 'expired' });
      else expect((await checkout(checkoutUrl, outcome)).status).toBe(303);

      expect((await call('getSubscriptionInitialPaymentStatus', {}, user)).body).toEqual({
        isRequestStarted: true,
        isRequestComplete: true,
        status: outcome,
        paymentId,
      });
      expect((await call('getSubscriptionStatus', {}, user)).body).toMatchObject({
        status: 'pending',
        expiresAt: null,
      });
      expect(await roleClaim(user.uid)).toBe(0);
      await assertInvariants(ps, user.uid);

      const retry = await startPayment(user);
      expect(retry.paymentId).not.toBe(paymentId);
      await checkout(retry.checkoutUrl, 'paid');
      expect((await call('getSubscriptionStatus', {}, user)).body.status).toBe('active');
      await assertInvariants(ps, user.uid);
    },
  );

  it('a lost webhook: the payment page poll asks Mollie and completes the membership', async () => {
    const { user, paymentId } = await startPayment();
    ps.webhooks.mode = 'drop';
    await ps.control(`payments/${paymentId}/status`, { status: 'paid' });

    // Asked within the throttle period, the stored status stands.
    expect((await call('getSubscriptionInitialPaymentStatus', {}, user)).body.status).toBe('open');
    await ageStatusCheck(paymentId);
    expect((await call('getSubscriptionInitialPaymentStatus', {}, user)).body).toMatchObject({
      isRequestComplete: true,
      status: 'paid',
    });
    expect((await call('getSubscriptionStatus', {}, user)).body.status).toBe('active');
    expect(tokenClaims((await signIn(user)).token).role).toBe(1);
    await assertInvariants(ps, user.uid);
  });

  it('a poll while Mollie is down answers with the stored status instead of failing', async () => {
    const { user, paymentId } = await startPayment();
    await ageStatusCheck(paymentId);
    await ps.failNext(3);
    const res = await call('getSubscriptionInitialPaymentStatus', {}, user);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isRequestComplete: false, status: 'open', paymentId });
  });
});
