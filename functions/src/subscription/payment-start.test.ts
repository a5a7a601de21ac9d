import { SequenceType } from '@mollie/api-client';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/helpers.ts';
import {
  assertInvariants,
  checkout,
  details,
  membershipOf,
  type PaymentSandbox,
  roleClaim,
  signIn,
  signUp,
  startPayment,
  usePaymentSandbox,
  type Visitor,
} from '../../test/subscription.ts';
import { getDb } from '../lib/db.ts';
import { expireMemberships } from './expire-memberships.ts';
import { fetchPayment } from './mollie.ts';
import { findPayment, listPayments, recordPayment } from './payments.repo.ts';
import { addDays, addPeriod } from './period.ts';

let ps: PaymentSandbox;

usePaymentSandbox((started) => {
  ps = started;
});

/** The Mollie customers made for a user (Kring puts the uid in the customer's metadata). */
async function customersAtMollie(uid: string) {
  const all = await ps.mollie.customers.page({ limit: 250 });
  return all.filter((c) => (c.metadata as { uid?: string } | null)?.uid === uid);
}

/** Runs statements as the test's own "old code": the state a bug left behind. */
const db = () => getDb();

/**
 * What the old race left (two starts at the same instant): a second customer with an open first
 * payment of its own, recorded, and stored on the membership in place of the first start's customer.
 */
async function secondStartOfTheOldRace(user: Visitor) {
  const customer = await ps.mollie.customers.create({ name: 'Sanne de Boer', metadata: { uid: user.uid } });
  const payment = await ps.mollie.payments.create({
    amount: { value: '9.95', currency: 'EUR' },
    description: 'Lidmaatschap Kring: eerste betaling',
    customerId: customer.id,
    sequenceType: SequenceType.first,
    redirectUrl: 'http://127.0.0.1:5000/onboarding/payment',
    webhookUrl: `${process.env.WEBHOOK_BASE_URL}/web/subscription/webhookPaymentHandler`,
    metadata: { uid: user.uid },
  });
  await recordPayment(await db(), user.uid, (await fetchPayment(payment.id))!, '1 month', {
    amountMismatch: false,
    now: new Date(),
  });
  await sql`UPDATE memberships SET mollie_customer_id = ${customer.id} WHERE uid = ${user.uid}`.execute(
    await db(),
  );
  return { customerId: customer.id, paymentId: payment.id };
}

/** A member whose membership points at a customer that is not the one its subscription lives on. */
async function memberLeftByTheOldRace() {
  const { user, checkoutUrl, paymentId } = await startPayment();
  await checkout(checkoutUrl, 'paid');
  const paid = (await membershipOf(user.uid))!;
  const other = await ps.mollie.customers.create({ name: 'Sanne de Boer', metadata: { uid: user.uid } });
  // As the old code stored it: the other customer, and payment rows without their customer.
  await sql`UPDATE memberships SET mollie_customer_id = ${other.id} WHERE uid = ${user.uid}`.execute(
    await db(),
  );
  await sql`UPDATE payments SET customer_id = NULL WHERE uid = ${user.uid}`.execute(await db());
  return {
    user: await signIn(user),
    paymentId,
    customerId: paid.mollie_customer_id!,
    otherCustomerId: other.id,
    subscriptionId: paid.mollie_subscription_id!,
    expiresAt: paid.expires_at!,
  };
}

describe('starting a payment: one at a time per member', () => {
  it('two starts at the same instant (two tabs) make one Mollie customer and one payment, handed to both', async () => {
    const user = await signUp();
    const [a, b] = await Promise.all([
      call('createSubscriptionInitialPayment', { membership: details }, user),
      call('createSubscriptionInitialPayment', { membership: { ...details, city: 'Leiden' } }, user),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);

    const customers = await customersAtMollie(user.uid);
    expect(customers).toHaveLength(1);
    const payments = await listPayments(await db(), user.uid);
    expect(payments.map((p) => p.id)).toEqual([a.body.paymentId]);
    expect(await ps.mollie.customerPayments.page({ customerId: customers[0]!.id })).toHaveLength(1);
    expect((await membershipOf(user.uid))?.mollie_customer_id).toBe(customers[0]!.id);
    await assertInvariants(ps, user.uid);

    // Three more at once once it exists: still that one payment.
    const again = await Promise.all(
      [1, 2, 3].map(() => call('createSubscriptionInitialPayment', { membership: details }, user)),
    );
    expect(again.map((r) => r.body.paymentId)).toEqual([1, 2, 3].map(() => a.body.paymentId));
    expect(await customersAtMollie(user.uid)).toHaveLength(1);
    expect(await listPayments(await db(), user.uid)).toHaveLength(1);
  });

  it('a start waits while another one runs, then hands out its payment; an abandoned claim is taken over', async () => {
    const { user, paymentId } = await startPayment();
    // Another start of this member is in progress (its claim is fresh).
    await sql`INSERT INTO payment_starts (uid, token) VALUES (${user.uid}, 'other-start')`.execute(
      await db(),
    );
    let settled = false;
    const waiting = call('createSubscriptionInitialPayment', { membership: details }, user).finally(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(settled).toBe(false);
    await sql`DELETE FROM payment_starts WHERE uid = ${user.uid}`.execute(await db());
    expect((await waiting).body.paymentId).toBe(paymentId);

    // A claim left by an instance that died mid-start does not block the member for long.
    await sql`INSERT INTO payment_starts (uid, token, started_at)
      VALUES (${user.uid}, 'crashed', now() - interval '10 minutes')`.execute(await db());
    const started = Date.now();
    const res = await call('createSubscriptionInitialPayment', { membership: details }, user);
    expect(res.body.paymentId).toBe(paymentId);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(
      await (await db()).selectFrom('payment_starts').selectAll().where('uid', '=', user.uid).execute(),
    ).toEqual([]);
  });
});

describe('a membership pointing at another customer than the one that pays (left by the old race)', () => {
  it('the paid first payment still activates the member, links the subscription on its customer and stores that customer', async () => {
    const { user, checkoutUrl, paymentId } = await startPayment();
    const paidOn = (await membershipOf(user.uid))!.mollie_customer_id!;
    const second = await secondStartOfTheOldRace(user);
    expect((await membershipOf(user.uid))?.mollie_customer_id).toBe(second.customerId);

    await checkout(checkoutUrl, 'paid');
    const m = await membershipOf(user.uid);
    expect(m).toMatchObject({ status: 'active', mollie_customer_id: paidOn });
    const subscriptions = await ps.mollie.customerSubscriptions.page({ customerId: paidOn });
    expect(subscriptions.map((s) => [s.id, s.status])).toEqual([[m!.mollie_subscription_id, 'active']]);
    expect(subscriptions[0]!.metadata).toEqual({ uid: user.uid, firstPaymentId: paymentId });
    expect(await ps.mollie.customerSubscriptions.page({ customerId: second.customerId })).toHaveLength(0);
    expect(await roleClaim(user.uid)).toBe(1);
    await assertInvariants(ps, user.uid);

    // Renewals come from that customer and are recognised; cancel stops the subscription at Mollie.
    ps.webhooks.mode = 'forward';
    const renewal = await ps.control<{ payment: { id: string } }>(
      `subscriptions/${m!.mollie_subscription_id}/run-next`,
      { outcome: 'paid' },
    );
    expect((await findPayment(await db(), renewal.body.payment.id))?.status).toBe('paid');
    expect((await membershipOf(user.uid))?.expires_at).toEqual(addPeriod(m!.expires_at!, '1 month'));

    const canceled = await call('cancelSubscription', {}, await signIn(user));
    expect(canceled.body.status).toBe('canceled');
    const atMollie = await ps.mollie.customerSubscriptions.get(m!.mollie_subscription_id!, {
      customerId: paidOn,
    });
    expect(atMollie.status).toBe('canceled');
    await assertInvariants(ps, user.uid);
  });

  it('a paid first payment we hold no row of, on a customer we do not store, is matched by its metadata uid', async () => {
    const { user, checkoutUrl, paymentId } = await startPayment();
    const paidOn = (await membershipOf(user.uid))!.mollie_customer_id!;
    await secondStartOfTheOldRace(user);
    await sql`DELETE FROM payments WHERE id = ${paymentId}`.execute(await db());

    await checkout(checkoutUrl, 'paid');
    expect(ps.webhooks.hits.filter((h) => h.id === paymentId)).toEqual([{ id: paymentId, status: 200 }]);
    const m = await membershipOf(user.uid);
    expect(m).toMatchObject({ status: 'active', mollie_customer_id: paidOn });
    expect((await findPayment(await db(), paymentId))?.status).toBe('paid');
    const [subscription] = await ps.mollie.customerSubscriptions.page({ customerId: paidOn });
    expect(subscription?.id).toBe(m?.mollie_subscription_id);
    await assertInvariants(ps, user.uid);
  });

  it('cancel addresses the customer the subscription lives on: Mollie stops charging', async () => {
    const left = await memberLeftByTheOldRace();
    const res = await call('cancelSubscription', {}, left.user);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('canceled');
    const atMollie = await ps.mollie.customerSubscriptions.get(left.subscriptionId, {
      customerId: left.customerId,
    });
    expect(atMollie.status).toBe('canceled');
    expect(await membershipOf(left.user.uid)).toMatchObject({
      mollie_customer_id: left.customerId,
      subscription_stopped_at: expect.any(Date),
    });
    expect((await findPayment(await db(), left.paymentId))?.customer_id).toBe(left.customerId);
    await assertInvariants(ps, left.user.uid);
  });

  it('a renewal on that subscription is recognised (webhook, or the job when the webhook was lost)', async () => {
    const left = await memberLeftByTheOldRace();
    const renewal = await ps.control<{ payment: { id: string } }>(
      `subscriptions/${left.subscriptionId}/run-next`,
      { outcome: 'paid' },
    );
    expect((await findPayment(await db(), renewal.body.payment.id))?.status).toBe('paid');
    const renewed = addPeriod(left.expiresAt, '1 month');
    expect(await membershipOf(left.user.uid)).toMatchObject({
      status: 'active',
      expires_at: renewed,
      mollie_customer_id: left.customerId,
    });
    await assertInvariants(ps, left.user.uid);

    // The same state, but every webhook of the next renewal lost: the hourly job finds it.
    await sql`UPDATE memberships SET mollie_customer_id = ${left.otherCustomerId} WHERE uid = ${left.user.uid}`.execute(
      await db(),
    );
    await sql`UPDATE payments SET customer_id = NULL WHERE uid = ${left.user.uid}`.execute(await db());
    ps.webhooks.mode = 'drop';
    const lost = await ps.control<{ payment: { id: string } }>(
      `subscriptions/${left.subscriptionId}/run-next`,
      { outcome: 'paid' },
    );
    const past = addDays(renewed, 8);
    const result = await expireMemberships(await db(), past, { uids: [left.user.uid] });
    expect(result.expired).toEqual([]);
    expect((await findPayment(await db(), lost.body.payment.id))?.status).toBe('paid');
    expect(await membershipOf(left.user.uid)).toMatchObject({
      status: 'active',
      expires_at: addPeriod(renewed, '1 month'),
      mollie_customer_id: left.customerId,
    });
    await assertInvariants(ps, left.user.uid, past);
  });
});
