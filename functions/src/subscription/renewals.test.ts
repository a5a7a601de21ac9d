import { Role } from '@kring/contract';
import { describe, expect, it, vi } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import {
  assertInvariants,
  chargeRenewal,
  checkout,
  details,
  expireOne,
  membershipOf,
  type PaymentSandbox,
  paidMember,
  postWebhook,
  roleClaim,
  signIn,
  startPayment,
  tokenClaims,
  usePaymentSandbox,
} from '../../test/subscription.ts';
import { applySuspendedClaim, liftSuspensions, suspend } from '../accounts/suspensions.ts';
import { getDb } from '../lib/db.ts';
import { adminAuth } from '../lib/firebase.ts';
import { findPayment } from './payments.repo.ts';
import { addDays, addPeriod } from './period.ts';

let ps: PaymentSandbox;

usePaymentSandbox((started) => {
  ps = started;
});

const hour = 3_600_000;

describe('renewals', () => {
  it('two paid renewals each add one month and set renewedAt', async () => {
    const { user, subscriptionId, expiresAt } = await paidMember();
    const first = await chargeRenewal(ps, subscriptionId, 'paid');
    const second = await chargeRenewal(ps, subscriptionId, 'paid');
    expect((await findPayment(await getDb(), second))?.sequence_type).toBe('recurring');

    const status = (await call('getSubscriptionStatus', {}, user)).body;
    const paidAt = (await ps.mollie.payments.get(second)).paidAt;
    expect(status).toMatchObject({ status: 'active', renewedAt: paidAt });
    expect(status.expiresAt).toBe(addPeriod(addPeriod(expiresAt, '1 month'), '1 month').toISOString());
    expect((await findPayment(await getDb(), first))?.status).toBe('paid');
    expect(await roleClaim(user.uid)).toBe(1);
    await assertInvariants(ps, user.uid);
  });

  it('renewal webhooks out of order, and repeated, end in the same state', async () => {
    const { user, subscriptionId, expiresAt } = await paidMember();
    ps.webhooks.mode = 'drop';
    const first = await chargeRenewal(ps, subscriptionId, 'paid');
    const second = await chargeRenewal(ps, subscriptionId, 'paid');
    const third = await chargeRenewal(ps, subscriptionId, 'failed');
    for (const id of [third, second, first, second, third, first]) {
      expect((await postWebhook(id)).status).toBe(200);
    }
    const m = await membershipOf(user.uid);
    expect(m?.expires_at?.toISOString()).toBe(
      addPeriod(addPeriod(expiresAt, '1 month'), '1 month').toISOString(),
    );
    expect(m?.renewed_at?.toISOString()).toBe((await ps.mollie.payments.get(second)).paidAt);
    // The failure came after the last paid renewal: grace counts from the end of the paid period.
    expect(m?.grace_until?.toISOString()).toBe(addDays(m!.expires_at!, 7).toISOString());
    await assertInvariants(ps, user.uid);
  });

  it('a failed renewal delivered after a later paid one gives no grace period', async () => {
    const { user, subscriptionId, expiresAt } = await paidMember();
    ps.webhooks.mode = 'drop';
    const failed = await chargeRenewal(ps, subscriptionId, 'failed');
    const paid = await chargeRenewal(ps, subscriptionId, 'paid');
    await postWebhook(paid);
    await postWebhook(failed);
    const m = await membershipOf(user.uid);
    expect(m).toMatchObject({ status: 'active', grace_until: null });
    expect(m?.expires_at?.toISOString()).toBe(addPeriod(expiresAt, '1 month').toISOString());
    await assertInvariants(ps, user.uid);
  });
});

describe('failed renewal and the grace period', () => {
  it('keeps access through the grace period, then expires, drops the role and stops the subscription', async () => {
    const { user, subscriptionId, expiresAt } = await paidMember();
    await chargeRenewal(ps, subscriptionId, 'failed');
    const m = await membershipOf(user.uid);
    expect(m).toMatchObject({ status: 'active', expires_at: expiresAt });
    const graceUntil = addDays(expiresAt, 7);
    expect(m?.grace_until?.toISOString()).toBe(graceUntil.toISOString());

    // Inside the grace period: still a member.
    const inside = new Date(expiresAt.getTime() + 3 * 24 * hour);
    expect((await expireOne(user.uid, inside)).expired).toEqual([]);
    expect((await membershipOf(user.uid))?.status).toBe('active');
    expect(await roleClaim(user.uid)).toBe(1);
    await assertInvariants(ps, user.uid, inside);

    // Past it: expired, role None, and Mollie will not charge again.
    const past = new Date(graceUntil.getTime() + hour);
    const result = await expireOne(user.uid, past);
    expect(result).toMatchObject({
      expired: [user.uid],
      rolesSynced: [user.uid],
      subscriptionsStopped: [user.uid],
      failures: [],
    });
    expect(await membershipOf(user.uid)).toMatchObject({ status: 'expired', expired_at: past });
    expect(await roleClaim(user.uid)).toBe(0);
    expect(tokenClaims((await signIn(user)).token).role).toBe(0);
    const subscription = await ps.mollie.customerSubscriptions.get(subscriptionId, {
      customerId: (await membershipOf(user.uid))!.mollie_customer_id!,
    });
    expect(subscription.status).toBe('canceled');
    await assertInvariants(ps, user.uid, past);

    // Idempotent: a second run finds nothing to do.
    expect(await expireOne(user.uid, new Date(past.getTime() + hour))).toEqual({
      expired: [],
      rolesSynced: [],
      compsEnded: [],
      subscriptionsStopped: [],
      failures: [],
      stoppedEarly: false,
    });
  });

  it('a renewal still being collected (no webhook yet) does not cut access at expiresAt', async () => {
    const { user, expiresAt } = await paidMember();
    const dayAfter = new Date(expiresAt.getTime() + 24 * hour);
    expect((await expireOne(user.uid, dayAfter)).expired).toEqual([]);
    expect((await membershipOf(user.uid))?.status).toBe('active');
    await assertInvariants(ps, user.uid, dayAfter);
    const weekAfter = new Date(expiresAt.getTime() + 7 * 24 * hour + 1000);
    expect((await expireOne(user.uid, weekAfter)).expired).toEqual([user.uid]);
    await assertInvariants(ps, user.uid, weekAfter);
  });

  it('Mollie down while the job stops a subscription: expired anyway, the next run stops it', async () => {
    const { user, subscriptionId, expiresAt } = await paidMember();
    const past = addDays(expiresAt, 8);
    const customerId = (await membershipOf(user.uid))!.mollie_customer_id!;
    // The job's payment catch-up goes through; the subscription cancel after it meets the failures.
    const armed = ps.failAfter(`GET /v2/customers/${customerId}/payments`, 3);
    const first = await expireOne(user.uid, past);
    await armed;
    expect(first.expired).toEqual([user.uid]);
    expect(first.failures).toEqual([expect.objectContaining({ uid: user.uid, step: 'subscription' })]);
    expect(await roleClaim(user.uid)).toBe(0);

    const second = await expireOne(user.uid, past);
    expect(second.subscriptionsStopped).toEqual([user.uid]);
    expect((await ps.mollie.customerSubscriptions.get(subscriptionId, { customerId })).status).toBe(
      'canceled',
    );
    await assertInvariants(ps, user.uid, past);
  });
});

describe('webhooks that never arrive', () => {
  it('the job finds a paid renewal Mollie never told us about before it expires anyone', async () => {
    const { user, subscriptionId, expiresAt } = await paidMember();
    ps.webhooks.mode = 'drop';
    const renewal = await chargeRenewal(ps, subscriptionId, 'paid');
    const past = addDays(expiresAt, 8);
    const result = await expireOne(user.uid, past);
    expect(result.expired).toEqual([]);
    expect((await findPayment(await getDb(), renewal))?.status).toBe('paid');
    expect(await membershipOf(user.uid)).toMatchObject({
      status: 'active',
      expires_at: addPeriod(expiresAt, '1 month'),
    });
    expect(await roleClaim(user.uid)).toBe(1);
    await assertInvariants(ps, user.uid, past);
  });

  it('Mollie down during that check: access is kept and the next run decides', async () => {
    const { user, expiresAt } = await paidMember();
    const past = addDays(expiresAt, 8);
    // Down for the whole run: the refund/chargeback lists (run first; 2 calls x 3 attempts), then the
    // member's catch-up (3 attempts).
    await ps.failNext(9);
    const result = await expireOne(user.uid, past);
    expect(result.expired).toEqual([]);
    expect(result.failures).toEqual([
      expect.objectContaining({ uid: '*', step: 'reversals' }),
      expect.objectContaining({ uid: user.uid, step: 'catch-up' }),
    ]);
    expect((await membershipOf(user.uid))?.status).toBe('active');
    expect((await expireOne(user.uid, past)).expired).toEqual([user.uid]);
    await assertInvariants(ps, user.uid, past);
  });
});

describe('cancelSubscription', () => {
  it('stops renewals at Mollie, keeps access until expiresAt, then expires; calling twice is harmless', async () => {
    const { user, subscriptionId, expiresAt, firstPaymentId } = await paidMember();
    const res = await call('cancelSubscription', {}, user);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'canceled',
      expiresAt: expiresAt.toISOString(),
      expiredAt: null,
    });
    const canceledAt = res.body.canceledAt;
    expect(Date.now() - Date.parse(canceledAt!)).toBeLessThan(60_000);
    const customerId = (await membershipOf(user.uid))!.mollie_customer_id!;
    expect((await ps.mollie.customerSubscriptions.get(subscriptionId, { customerId })).status).toBe(
      'canceled',
    );
    expect((await call('cancelSubscription', {}, user)).body).toEqual(res.body);
    expect(await roleClaim(user.uid)).toBe(1);
    // A late repeat of the first payment's webhook does not start a new subscription.
    expect((await postWebhook(firstPaymentId)).status).toBe(200);
    expect(await ps.mollie.customerSubscriptions.page({ customerId })).toHaveLength(1);
    expect((await membershipOf(user.uid))?.status).toBe('canceled');
    await assertInvariants(ps, user.uid);

    // Canceled members get no grace: access ends exactly at expiresAt.
    const before = new Date(expiresAt.getTime() - 60_000);
    expect((await expireOne(user.uid, before)).expired).toEqual([]);
    expect(await roleClaim(user.uid)).toBe(1);
    const after = new Date(expiresAt.getTime() + 1000);
    expect((await expireOne(user.uid, after)).expired).toEqual([user.uid]);
    expect((await call('getSubscriptionStatus', {}, user)).body).toMatchObject({
      status: 'expired',
      canceledAt,
      expiredAt: after.toISOString(),
    });
    expect(await roleClaim(user.uid)).toBe(0);
    expect((await expireOne(user.uid, after)).expired).toEqual([]);
    await assertInvariants(ps, user.uid, after);

    // The router now refuses member-only calls with the stale Member token.
    expect((await call('cancelSubscription', {}, user)).status).toBe(403);
  });

  it('answers 503 and changes nothing while Mollie is down', async () => {
    const { user } = await paidMember();
    await ps.failNext(3);
    const res = await call('cancelSubscription', {}, user);
    expect(res.status).toBe(503);
    expect(await membershipOf(user.uid)).toMatchObject({ status: 'active', canceled_at: null });
    await assertInvariants(ps, user.uid);
  });

  it('is for members only', async () => {
    const { user } = await startPayment();
    expect((await call('cancelSubscription', {}, user)).status).toBe(403);
  });
});

describe('coming back after expiry', () => {
  it('an expired member can pay again: a new cycle with a new subscription', async () => {
    const { user, expiresAt } = await paidMember();
    await call('cancelSubscription', {}, user);
    const after = new Date(expiresAt.getTime() + 1000);
    await expireOne(user.uid, after);
    // (The test cannot move Mollie's clock: the new payment is paid "now", before the old expiresAt.)
    const again = await call('createSubscriptionInitialPayment', { membership: details }, user);
    expect(again.status).toBe(200);
    await checkout(again.body.checkoutUrl, 'paid');
    const m = await membershipOf(user.uid);
    expect(m).toMatchObject({
      status: 'active',
      canceled_at: null,
      expired_at: null,
      subscription_stopped_at: null,
    });
    const customerId = m!.mollie_customer_id!;
    const subscriptions = await ps.mollie.customerSubscriptions.page({ customerId });
    expect(subscriptions.map((s) => s.status).sort()).toEqual(['active', 'canceled']);
    expect(m?.mollie_subscription_id).toBe(subscriptions.find((s) => s.status === 'active')?.id);
    expect(tokenClaims((await signIn(user)).token).role).toBe(1);
    await assertInvariants(ps, user.uid);
  });
});

describe('membership changes during a suspension', () => {
  const day = 24 * hour;

  /** An admin suspends the member (as suspendMemberAdmin does) until `days` from now. */
  async function suspendFor(uid: string, currentRole: Role, days: number) {
    const admin = await createUser(Role.Admin);
    const db = await getDb();
    await db.transaction().execute((tx) =>
      suspend(tx, {
        uid,
        until: new Date(Date.now() + days * day),
        currentRole,
        reason: 'Spam',
        by: admin.uid,
      }),
    );
    await applySuspendedClaim(db, uid);
  }
  const suspension = async (uid: string) =>
    (await getDb())
      .selectFrom('suspensions')
      .select(['previous_role', 'lifted_at'])
      .where('uid', '=', uid)
      .executeTakeFirstOrThrow();
  const storedRole = async (uid: string) =>
    (await (await getDb()).selectFrom('accounts').select('role').where('uid', '=', uid).executeTakeFirst())
      ?.role;

  it('a payment that restores access does not lift the suspension; the lift gives the member role back', async () => {
    const { user, expiresAt } = await paidMember();
    expect((await call('cancelSubscription', {}, user)).status).toBe(200);
    expect((await expireOne(user.uid, new Date(expiresAt.getTime() + 1000))).expired).toEqual([user.uid]);
    expect(await roleClaim(user.uid)).toBe(0);
    await suspendFor(user.uid, Role.None, 3);

    // Paying again during the suspension: access comes back, but not before the suspension ends.
    const again = await call('createSubscriptionInitialPayment', { membership: details }, user);
    expect(again.status).toBe(200);
    await checkout(again.body.checkoutUrl, 'paid');
    expect(await membershipOf(user.uid)).toMatchObject({ status: 'active', role_sync_needed: false });
    expect(await roleClaim(user.uid)).toBe(0);
    expect(tokenClaims((await signIn(user)).token).role).toBe(0);
    expect(await storedRole(user.uid)).toBe(0);
    expect(await suspension(user.uid)).toMatchObject({ previous_role: 1, lifted_at: null });

    expect(await liftSuspensions(await getDb(), new Date(Date.now() + 4 * day), [user.uid])).toEqual([
      user.uid,
    ]);
    expect(tokenClaims((await signIn(user)).token).role).toBe(1);
    await assertInvariants(ps, user.uid);
  });

  it('a suspension that begins while a payment gives the role back still ends with role and claim None', async () => {
    const { user, expiresAt } = await paidMember();
    expect((await call('cancelSubscription', {}, user)).status).toBe(200);
    expect((await expireOne(user.uid, new Date(expiresAt.getTime() + 1000))).expired).toEqual([user.uid]);
    // The admin suspends after the payment stored role 1 and before its claim write, and the
    // admin's own claim write (role 0) lands first.
    const auth = adminAuth();
    const write = auth.setCustomUserClaims.bind(auth);
    let suspended = false;
    const spy = vi.spyOn(auth, 'setCustomUserClaims').mockImplementation(async (uid, claims) => {
      if (uid === user.uid && (claims as { role?: number } | null)?.role === 1 && !suspended) {
        suspended = true;
        await suspendFor(user.uid, Role.Member, 3);
      }
      return write(uid, claims);
    });
    try {
      const again = await call('createSubscriptionInitialPayment', { membership: details }, user);
      await checkout(again.body.checkoutUrl, 'paid');
      expect(await membershipOf(user.uid)).toMatchObject({ status: 'active', role_sync_needed: false });
    } finally {
      spy.mockRestore();
    }
    expect(suspended).toBe(true);
    expect(await roleClaim(user.uid)).toBe(0);
    expect(await storedRole(user.uid)).toBe(0);
    expect(await suspension(user.uid)).toMatchObject({ previous_role: 1, lifted_at: null });
  });

  it('a membership that ends during the suspension is not restored by the lift', async () => {
    const { user, expiresAt } = await paidMember();
    expect((await call('cancelSubscription', {}, user)).status).toBe(200);
    await suspendFor(user.uid, Role.Member, 3);
    expect(await suspension(user.uid)).toMatchObject({ previous_role: 1 });
    const after = new Date(expiresAt.getTime() + 1000);
    expect((await expireOne(user.uid, after)).expired).toEqual([user.uid]);
    expect(await roleClaim(user.uid)).toBe(0);
    expect(await storedRole(user.uid)).toBe(0);
    expect(await suspension(user.uid)).toMatchObject({ previous_role: 0, lifted_at: null });

    expect(await liftSuspensions(await getDb(), after, [user.uid])).toEqual([user.uid]);
    expect(await roleClaim(user.uid)).toBe(0);
    await assertInvariants(ps, user.uid, after);
  });
});
