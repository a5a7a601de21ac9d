import { describe, expect, it } from 'vitest';
import { call } from '../../test/helpers.ts';
import {
  assertInvariants,
  membershipOf,
  type PaymentSandbox,
  postWebhook,
  roleClaim,
  startPayment,
  usePaymentSandbox,
  waitFor,
} from '../../test/subscription.ts';
import { getDb } from '../lib/db.ts';
import { adminAuth } from '../lib/firebase.ts';
import { findPayment, listPayments } from './payments.repo.ts';

let ps: PaymentSandbox;

usePaymentSandbox((started) => {
  ps = started;
});

/** A first payment paid at Mollie while every webhook is lost: the test delivers them itself. */
async function paidWithoutWebhook() {
  const started = await startPayment();
  ps.webhooks.mode = 'drop';
  await ps.control(`payments/${started.paymentId}/status`, { status: 'paid' });
  return started;
}

const subscriptionsOf = async (uid: string) => {
  const m = await membershipOf(uid);
  return ps.mollie.customerSubscriptions.page({ customerId: m!.mollie_customer_id! });
};

describe('webhookPaymentHandler', () => {
  it('always asks Mollie: an id Mollie does not know is answered 200 and changes nothing', async () => {
    const res = await postWebhook('tr_doesnotexist1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await findPayment(await getDb(), 'tr_doesnotexist1')).toBeUndefined();
    expect((await postWebhook('cst_notapayment')).status).toBe(400);
  });

  it('the same webhook delivered 5 times (one after another and at once) makes one membership, one subscription', async () => {
    const { user, paymentId } = await paidWithoutWebhook();
    for (let i = 0; i < 3; i++) expect((await postWebhook(paymentId)).status).toBe(200);
    const first = await membershipOf(user.uid);
    const together = await Promise.all([postWebhook(paymentId), postWebhook(paymentId)]);
    expect(together.map((r) => r.status)).toEqual([200, 200]);

    const after = await membershipOf(user.uid);
    expect(after).toMatchObject({ status: 'active', expires_at: first!.expires_at });
    expect(await subscriptionsOf(user.uid)).toHaveLength(1);
    expect(await listPayments(await getDb(), user.uid)).toHaveLength(1);
    expect(await roleClaim(user.uid)).toBe(1);
    await assertInvariants(ps, user.uid);
  });

  it('takes JSON as well as the form body Mollie sends', async () => {
    const { user, paymentId } = await paidWithoutWebhook();
    const res = await call('webhookPaymentHandler', { id: paymentId });
    expect(res.status).toBe(200);
    expect((await membershipOf(user.uid))?.status).toBe('active');
    await assertInvariants(ps, user.uid);
  });

  it('out of order: an earlier attempt that expired, delivered after the paid one, changes nothing', async () => {
    const earlier = await startPayment();
    ps.webhooks.mode = 'drop';
    await ps.control(`payments/${earlier.paymentId}/status`, { status: 'expired' });
    ps.webhooks.mode = 'forward';
    const later = await startPayment(earlier.user);
    expect(later.paymentId).not.toBe(earlier.paymentId);
    ps.webhooks.mode = 'drop';
    await ps.control(`payments/${later.paymentId}/status`, { status: 'paid' });

    expect((await postWebhook(later.paymentId)).status).toBe(200);
    const active = await membershipOf(earlier.user.uid);
    expect(active?.status).toBe('active');
    expect((await postWebhook(earlier.paymentId)).status).toBe(200);
    expect(await membershipOf(earlier.user.uid)).toMatchObject({
      status: 'active',
      expires_at: active!.expires_at,
    });
    expect((await findPayment(await getDb(), earlier.paymentId))?.status).toBe('expired');
    expect((await call('getSubscriptionInitialPaymentStatus', {}, earlier.user)).body).toMatchObject({
      status: 'paid',
      paymentId: later.paymentId,
    });
    await assertInvariants(ps, earlier.user.uid);
  });

  it('Mollie answering 5xx: 503 with nothing written; the retried webhook (over HTTP) completes it', async () => {
    const { user, paymentId } = await paidWithoutWebhook();
    await ps.failNext(3);
    const direct = await postWebhook(paymentId);
    expect(direct.status).toBe(503);
    expect((await findPayment(await getDb(), paymentId))?.status).toBe('open');
    expect((await membershipOf(user.uid))?.status).toBe('pending');

    // Now through Mollie's own delivery: the subscription call fails first, the retry succeeds.
    const started = await startPayment();
    ps.webhooks.mode = 'forward';
    await ps.failNext(4);
    await ps.control(`payments/${started.paymentId}/status`, { status: 'paid' });
    const hits = () => ps.webhooks.hits.filter((h) => h.id === started.paymentId).map((h) => h.status);
    expect(hits()[0]).toBe(503);
    expect((await membershipOf(started.user.uid))?.status).toBe('pending');
    await waitFor(async () => hits().includes(200));
    expect((await membershipOf(started.user.uid))?.status).toBe('active');
    expect(await subscriptionsOf(started.user.uid)).toHaveLength(1);
    await assertInvariants(ps, started.user.uid);

    expect((await postWebhook(paymentId)).status).toBe(200);
    await assertInvariants(ps, user.uid);
  });

  it('Mollie answering 5xx while the subscription is created: nothing written, the retry finishes', async () => {
    const { user, paymentId } = await paidWithoutWebhook();
    // The payment fetch succeeds; the subscription calls after it meet 3 failures (all client attempts).
    const armed = ps.failAfter(`GET /v2/payments/${paymentId}`, 3);
    const res = await postWebhook(paymentId);
    await armed;
    expect(res.status).toBe(503);
    expect((await membershipOf(user.uid))?.status).toBe('pending');
    expect((await findPayment(await getDb(), paymentId))?.status).toBe('open');
    expect(await subscriptionsOf(user.uid)).toHaveLength(0);

    expect((await postWebhook(paymentId)).status).toBe(200);
    expect((await membershipOf(user.uid))?.status).toBe('active');
    expect(await subscriptionsOf(user.uid)).toHaveLength(1);
    await assertInvariants(ps, user.uid);
  });

  it('the role claim cannot be written: 503 so Mollie retries; the retry sets it', async () => {
    const { user, paymentId } = await paidWithoutWebhook();
    // Claims just under Auth's 1000-character limit: adding the role makes the write fail.
    const pad = 'x'.repeat(1000 - JSON.stringify({ pad: '' }).length);
    await adminAuth().setCustomUserClaims(user.uid, { pad });
    const failed = await postWebhook(paymentId);
    expect(failed.status).toBe(503);
    expect(await membershipOf(user.uid)).toMatchObject({ status: 'active', role_sync_needed: true });
    expect(await roleClaim(user.uid)).toBe(0);

    await adminAuth().setCustomUserClaims(user.uid, null);
    expect((await postWebhook(paymentId)).status).toBe(200);
    expect(await roleClaim(user.uid)).toBe(1);
    expect(await subscriptionsOf(user.uid)).toHaveLength(1);
    await assertInvariants(ps, user.uid);
  });
});
