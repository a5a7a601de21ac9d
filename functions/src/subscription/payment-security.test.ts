import { rateLimits } from '@kring/contract';
import { SequenceType } from '@mollie/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  assertInvariants,
  chargeRenewal,
  expireOne,
  membershipOf,
  type PaymentSandbox,
  paidMember,
  postWebhook,
  roleClaim,
  startPayment,
  usePaymentSandbox,
  waitFor,
} from '../../test/subscription.ts';
import { clientAddress } from '../http/express.ts';
import { handleApiRequest } from '../http/router.ts';
import { getDb } from '../lib/db.ts';
import { logs } from '../lib/logs.ts';
import { expireMemberships } from './expire-memberships.ts';
import { addDays, addPeriod } from './period.ts';

let ps: PaymentSandbox;
usePaymentSandbox((started) => {
  ps = started;
});

afterEach(() => {
  vi.restoreAllMocks();
  process.env.RATE_LIMITS = 'off';
});

const day = 24 * 3_600_000;

const liveSubscription = async (customerId: string, subscriptionId: string) =>
  (await ps.mollie.customerSubscriptions.get(subscriptionId, { customerId })).status === 'active';

describe('payments count only as the plan says', () => {
  it('a payment with another amount or currency buys no membership', async () => {
    for (const amount of [
      { value: '0.01', currency: 'EUR' },
      { value: '9.95', currency: 'USD' },
    ]) {
      const { user } = await startPayment();
      const customerId = (await membershipOf(user.uid))!.mollie_customer_id!;
      // A first payment on the member's customer that Kring did not make (dashboard, payment link).
      const odd = await ps.mollie.payments.create({
        amount,
        description: 'Niet het abonnement',
        customerId,
        sequenceType: SequenceType.first,
        redirectUrl: 'http://127.0.0.1:5000/',
        webhookUrl: `${process.env.WEBHOOK_BASE_URL}/web/subscription/webhookPaymentHandler`,
        metadata: { uid: user.uid },
      });
      const errors = vi.spyOn(logs, 'error');
      await ps.control(`payments/${odd.id}/status`, { status: 'paid' });
      await waitFor(async () => ps.webhooks.hits.some((h) => h.id === odd.id && h.status === 200));
      const m = await membershipOf(user.uid);
      expect(m?.status).toBe('pending');
      expect(m?.mollie_subscription_id).toBeNull();
      expect(await roleClaim(user.uid)).toBe(0);
      expect(errors.mock.calls.some(([line]) => line.startsWith('PAYMENT_AMOUNT_MISMATCH'))).toBe(true);
      await assertInvariants(ps, user.uid);
    }
  });
});

describe('refunds and chargebacks', () => {
  it('a charged-back renewal ends access after the grace period', async () => {
    const { user, customerId, subscriptionId, expiresAt } = await paidMember();
    const renewal = await chargeRenewal(ps, subscriptionId, 'paid');
    expect((await membershipOf(user.uid))?.expires_at).toEqual(addPeriod(expiresAt, '1 month'));
    const chargedBack = await ps.control(`payments/${renewal}/chargeback`, { reason: 'MD06' });
    expect(chargedBack.status).toBe(200);
    await waitFor(async () => (await membershipOf(user.uid))?.expires_at?.getTime() === expiresAt.getTime());
    const m = (await membershipOf(user.uid))!;
    expect(m.status).toBe('active');
    // Grace from the later of the paid-up end and the chargeback.
    expect(m.grace_until).toEqual(addDays(expiresAt, 7));

    expect((await expireOne(user.uid, new Date(expiresAt.getTime() + 6 * day))).expired).toEqual([]);
    expect((await expireOne(user.uid, new Date(expiresAt.getTime() + 8 * day))).expired).toEqual([user.uid]);
    expect((await membershipOf(user.uid))?.status).toBe('expired');
    expect(await roleClaim(user.uid)).toBe(0);
    expect(await liveSubscription(customerId, subscriptionId)).toBe(false);
  });

  it('a charged-back renewal paid again keeps the membership', async () => {
    const { user, subscriptionId, expiresAt } = await paidMember();
    const renewal = await chargeRenewal(ps, subscriptionId, 'paid');
    await ps.control(`payments/${renewal}/chargeback`, {});
    await waitFor(async () => (await membershipOf(user.uid))?.grace_until);
    await chargeRenewal(ps, subscriptionId, 'paid');
    const m = (await membershipOf(user.uid))!;
    expect(m.grace_until).toBeNull();
    expect(m.expires_at).toEqual(addPeriod(expiresAt, '1 month'));
    expect((await expireOne(user.uid, new Date(expiresAt.getTime() + 8 * day))).expired).toEqual([]);
    await assertInvariants(ps, user.uid);
  });

  it('a full refund of the first payment ends the membership at once', async () => {
    const { user, firstPaymentId, customerId, subscriptionId } = await paidMember();
    const refund = await ps.mollie.paymentRefunds.create({
      paymentId: firstPaymentId,
      amount: { currency: 'EUR', value: '9.95' },
    });
    expect(refund.status).toBe('refunded');
    // Mollie calls the payment's webhook when a refund changes.
    await waitFor(async () => (await membershipOf(user.uid))?.status === 'expired');
    await waitFor(async () => (await roleClaim(user.uid)) === 0);
    expect(await liveSubscription(customerId, subscriptionId)).toBe(false);
    await assertInvariants(ps, user.uid);
  });

  it('a partial refund (a goodwill gesture) leaves the paid period', async () => {
    const { user, firstPaymentId, expiresAt } = await paidMember();
    await ps.control(`payments/${firstPaymentId}/refund`, { amount: { currency: 'EUR', value: '2.00' } });
    await waitFor(async () => ps.webhooks.hits.filter((h) => h.id === firstPaymentId).length >= 2);
    const m = (await membershipOf(user.uid))!;
    expect(m.status).toBe('active');
    expect(m.expires_at).toEqual(expiresAt);
    await assertInvariants(ps, user.uid);
  });
});

describe('the public webhook', () => {
  it('rejects a malformed id before calling Mollie', async () => {
    // Every Mollie call would now fail with 503; a rejected id must not make one.
    await ps.control('faults', { count: 50, status: 503, mode: 'before', retryAfterSeconds: 0 });
    for (const id of ['tr_../../customers', `tr_${'a'.repeat(60)}`, 'cst_abcdefgh', 'tr_', "tr_1' OR 1=1"]) {
      const res = await postWebhook(id);
      expect(res.status, id).toBe(400);
      expect(res.body.error?.code).toBe('VALIDATION');
    }
    const faults = await ps.control<{ remaining: number }>('faults');
    expect(faults.body.remaining).toBe(50);
  });

  it('a flood from one address is rate limited before it reaches Mollie', async () => {
    process.env.RATE_LIMITS = 'on';
    // The limit counts per minute: start well inside one.
    const intoMinute = (Date.now() / 1000) % 60;
    if (intoMinute > 40) await new Promise((r) => setTimeout(r, (61 - intoMinute) * 1000));
    const hit = (ip: string) =>
      handleApiRequest({
        method: 'POST',
        path: '/web/subscription/webhookPaymentHandler',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: Buffer.from('id=tr_DoesNotExist1'),
        ip,
      });
    const flood = '203.0.113.77';
    const answers: number[] = [];
    for (let i = 0; i < 125; i++) answers.push((await hit(flood)).status);
    expect(answers.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(answers.slice(120).every((s) => s === 429)).toBe(true);
    // Mollie's own address is not held up by someone else's flood.
    expect((await hit('198.51.100.1')).status).toBe(200);
  });

  it('a flood varying the Fastly-Client-IP header is held by the global cap', async () => {
    process.env.RATE_LIMITS = 'on';
    const intoMinute = (Date.now() / 1000) % 60;
    if (intoMinute > 30) await new Promise((r) => setTimeout(r, (61 - intoMinute) * 1000));
    const cap = rateLimits.webhookGlobal.max;
    expect(cap).toBeLessThan(rateLimits.webhookPerAddress.max * 10);
    const answers: number[] = [];
    for (let i = 0; i < cap + 10; i++) {
      // What the express adapter makes of a direct call with a forged header: a new "address" each time.
      const ip = clientAddress({
        headers: { 'fastly-client-ip': `203.0.${i >> 8}.${i & 255}` },
        ip: '10.0.0.1',
        socket: {} as never,
      });
      const res = await handleApiRequest({
        method: 'POST',
        path: '/web/subscription/webhookPaymentHandler',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: Buffer.from('id=tr_DoesNotExist2'),
        ip,
      });
      answers.push(res.status);
    }
    expect(answers.filter((s) => s === 200).length).toBeLessThanOrEqual(cap);
    expect(answers.slice(-10)).toEqual(Array(10).fill(429));
  }, 120_000);
});

describe('a flood of made-up ids does not shut out the payments Kring knows', () => {
  it('with the global cap full of random ids, webhooks for a known first payment and a known renewal still get 200', async () => {
    // Known to Kring: a first payment it made (paid, webhook lost) and a recorded renewal charged back.
    const { user, paymentId } = await startPayment();
    const old = await paidMember();
    const renewal = await chargeRenewal(ps, old.subscriptionId, 'paid');
    ps.webhooks.mode = 'drop';
    await ps.control(`payments/${paymentId}/status`, { status: 'paid' });
    await ps.control(`payments/${renewal}/chargeback`, {});

    process.env.RATE_LIMITS = 'on';
    const intoMinute = (Date.now() / 1000) % 60;
    if (intoMinute > 30) await new Promise((r) => setTimeout(r, (61 - intoMinute) * 1000));
    const flood = (i: number) =>
      handleApiRequest({
        method: 'POST',
        path: '/web/subscription/webhookPaymentHandler',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: Buffer.from(`id=tr_Flood${Date.now()}x${i}`),
        ip: `203.0.${i >> 8}.${i & 255}`,
      });
    for (let i = 0; i < rateLimits.webhookGlobal.max; i++) await flood(i);
    // The cap is full: another made-up id is turned away.
    expect((await flood(9999)).status).toBe(429);

    expect((await postWebhook(paymentId)).status).toBe(200);
    expect((await membershipOf(user.uid))?.status).toBe('active');
    expect((await postWebhook(renewal)).status).toBe(200);
    expect((await membershipOf(old.user.uid))?.expires_at).toEqual(old.expiresAt);
    // Still full for ids Kring does not know.
    expect((await flood(10000)).status).toBe(429);

    // One known id replayed from ever new addresses: left out of the full global count only within
    // its own budget (Mollie never calls that often about one payment); past it, turned away too.
    const replay = (i: number) =>
      handleApiRequest({
        method: 'POST',
        path: '/web/subscription/webhookPaymentHandler',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: Buffer.from(`id=${paymentId}`),
        ip: `198.51.100.${i}`,
      });
    const budget = rateLimits.webhookPerKnownPayment.max;
    const answers: number[] = [];
    for (let i = 0; i < budget + 3; i++) answers.push((await replay(i)).status);
    // One of the budget went to the webhook above.
    expect(answers).toEqual([...Array(budget - 1).fill(200), 429, 429, 429, 429]);
  }, 120_000);
});

describe("a forged address does not shut out Mollie's webhooks", () => {
  it('a webhook for a known payment gets 200 from an address someone spent with made-up ids', async () => {
    // Fastly-Client-IP is a header: a direct call to the function can name Mollie's address and
    // spend its per-address budget; a payment Kring knows is still handled (within its own budget).
    const { user, paymentId } = await startPayment();
    ps.webhooks.mode = 'drop';
    await ps.control(`payments/${paymentId}/status`, { status: 'paid' });
    process.env.RATE_LIMITS = 'on';
    const intoMinute = (Date.now() / 1000) % 60;
    if (intoMinute > 40) await new Promise((r) => setTimeout(r, (61 - intoMinute) * 1000));
    const mollie = `198.18.1.${Math.floor(Math.random() * 250) + 1}`;
    const hit = (id: string) =>
      handleApiRequest({
        method: 'POST',
        path: '/web/subscription/webhookPaymentHandler',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: Buffer.from(`id=${id}`),
        ip: mollie,
      });
    for (let i = 0; i < rateLimits.webhookPerAddress.max; i++) await hit(`tr_Spent${Date.now()}x${i}`);
    expect((await hit('tr_SpentOneMore')).status).toBe(429);
    expect((await hit(paymentId)).status).toBe(200);
    expect((await membershipOf(user.uid))?.status).toBe('active');
  }, 120_000);
});

describe('the expiry job fails closed', () => {
  it('a member deleted in the Mollie dashboard still expires', async () => {
    const { user, customerId, expiresAt } = await paidMember();
    await ps.mollie.customers.delete(customerId);
    const errors = vi.spyOn(logs, 'error');
    const result = await expireOne(user.uid, new Date(expiresAt.getTime() + 8 * day));
    expect(result.expired).toEqual([user.uid]);
    expect((await membershipOf(user.uid))?.status).toBe('expired');
    expect(await roleClaim(user.uid)).toBe(0);
    expect(errors.mock.calls.some(([line]) => line.startsWith('MEMBERSHIP_EXPIRY_MOLLIE_REFUSED'))).toBe(
      true,
    );
  });

  it('keeps access while Mollie is unreachable (the payment may have been made)', async () => {
    const { user, expiresAt } = await paidMember();
    await ps.control('faults', { count: 50, status: 503, mode: 'before', retryAfterSeconds: 0 });
    const result = await expireOne(user.uid, new Date(expiresAt.getTime() + 8 * day));
    expect(result.expired).toEqual([]);
    expect((await membershipOf(user.uid))?.status).toBe('active');
  });

  it('works in bounded, ordered batches and a run cut short is finished by the next', async () => {
    const members = await Promise.all([paidMember(), paidMember(), paidMember()]);
    const uids = members.map((m) => m.user.uid);
    const later = new Date(Math.max(...members.map((m) => m.expiresAt.getTime())) + 8 * day);
    const db = await getDb();

    const cut = await expireMemberships(db, later, { uids, batchSize: 1, deadline: Date.now() });
    expect(cut.stoppedEarly).toBe(true);
    expect(cut.expired).toEqual([]);

    const rest = await expireMemberships(db, later, { uids, batchSize: 1 });
    expect(rest.stoppedEarly).toBe(false);
    expect(rest.expired).toEqual([...uids].sort());
    for (const uid of uids) expect((await membershipOf(uid))?.status).toBe('expired');
  });
});
