import { describe, expect, it } from 'vitest';
import { call, createMember, createUser } from '../../test/helpers.ts';
import {
  checkout,
  membershipOf,
  type PaymentSandbox,
  roleClaim,
  signIn,
  startPayment,
  usePaymentSandbox,
} from '../../test/subscription.ts';
import { getDb } from '../lib/db.ts';
import { adminAuth } from '../lib/firebase.ts';

// A suspension takes the community away until the date, not the member's rights over their data and
// their money: a suspended member can still export, delete their account and stop paying.

let ps: PaymentSandbox;
usePaymentSandbox((started) => {
  ps = started;
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A paying member (live Mollie subscription) with a profile, suspended by an admin for a week. */
async function suspendedMember() {
  const { user, checkoutUrl } = await startPayment();
  await checkout(checkoutUrl, 'paid');
  const member = await signIn(user);
  const profile = await call(
    'createProfile',
    { name: `geschorst_${Date.now().toString(36)}`, occupation: 'Jurist', bio: 'Hallo' },
    member,
  );
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  const admin = await createMember(3);
  const suspended = await call(
    'suspendMemberAdmin',
    { profileId: profile.body.profile.id, until: inDays(7), reason: 'Herhaald reclame maken' },
    admin,
  );
  expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
  expect(await roleClaim(member.uid)).toBe(0);
  const m = await membershipOf(member.uid);
  return {
    // Both tokens: the one from before the suspension (role claim 1, the stored role 0 wins) and a fresh one.
    stale: member,
    fresh: await signIn(member),
    customerId: m!.mollie_customer_id!,
    subscriptionId: m!.mollie_subscription_id!,
  };
}

describe('a suspended member', () => {
  it('is refused member calls but can cancel the subscription: Mollie stops charging', async () => {
    const { stale, fresh, customerId, subscriptionId } = await suspendedMember();
    // The suspension itself holds: a member-only call is refused with either token.
    for (const token of [stale, fresh]) {
      const timeline = await call('listPosts', { pageSize: 5 }, token);
      expect(timeline.status).toBe(403);
      expect(timeline.body.error?.reason).toBe('ROLE_REQUIRED');
    }

    const canceled = await call('cancelSubscription', {}, stale);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', expiredAt: null });
    expect((await ps.mollie.customerSubscriptions.get(subscriptionId, { customerId })).status).toBe(
      'canceled',
    );
    expect((await membershipOf(stale.uid))?.status).toBe('canceled');
    // Asking again (fresh token, role claim 0) changes nothing, and the suspension stays.
    expect((await call('cancelSubscription', {}, fresh)).body).toEqual(canceled.body);
    expect(await roleClaim(stale.uid)).toBe(0);
  });

  it('can export their data and delete their account', async () => {
    const { fresh, customerId } = await suspendedMember();
    const exported = await call('exportMyData', {}, fresh);
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    expect(exported.body.suspensions).toEqual([
      expect.objectContaining({ reason: 'Herhaald reclame maken', lifted_at: null }),
    ]);

    const deleted = await call('deleteMyAccount', { confirm: 'VERWIJDER' }, fresh);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await expect(adminAuth().getUser(fresh.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    await expect(ps.mollie.customers.get(customerId)).rejects.toMatchObject({ statusCode: 404 });
    expect(await membershipOf(fresh.uid)).toBeUndefined();
    const db = await getDb();
    expect(await db.selectFrom('suspensions').select('uid').where('uid', '=', fresh.uid).execute()).toEqual(
      [],
    );
  });
});

describe('a suspended member whose renewal failed', () => {
  it("can pay the missed period ('Nu betalen') and keeps the membership; the suspension stays", async () => {
    const { stale, fresh, subscriptionId } = await suspendedMember();
    const failed = await ps.control(`subscriptions/${subscriptionId}/run-next`, {
      outcome: 'failed',
      bankReasonCode: 'AM04',
    });
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    expect((await call('getPaymentProblem', {}, fresh)).body.problem).toMatchObject({
      reason: 'Er stond niet genoeg saldo op de rekening.',
    });
    const start = await call('payMissedPeriod', {}, fresh);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    await checkout(start.body.checkoutUrl, 'paid');
    expect(await membershipOf(fresh.uid)).toMatchObject({ status: 'active', grace_until: null });
    expect((await call('getPaymentProblem', {}, stale)).body).toEqual({ problem: null });
    // Paying gives the community back no sooner than the suspension's date.
    expect(await roleClaim(fresh.uid)).toBe(0);
    expect((await call('listPosts', { pageSize: 5 }, fresh)).status).toBe(403);
  });
});

describe('the payment calls for someone who is not a member', () => {
  it('refuse a visitor and one whose payment is pending: 403 ROLE_REQUIRED', async () => {
    const { user: pending } = await startPayment();
    const visitor = await createUser(0);
    for (const name of ['payMissedPeriod', 'changePaymentMethod', 'resumeSubscription'] as const) {
      for (const caller of [pending, visitor]) {
        const res = await call(name, {}, caller);
        expect(res.status, name).toBe(403);
        expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', reason: 'ROLE_REQUIRED' });
      }
    }
  });
});

describe('cancelSubscription for someone who is not a member', () => {
  it('still refuses a visitor whose payment is pending, and one without any membership: 403 ROLE_REQUIRED', async () => {
    const { user: pending } = await startPayment();
    const visitor = await createUser(0);
    for (const caller of [pending, visitor]) {
      const res = await call('cancelSubscription', {}, caller);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', reason: 'ROLE_REQUIRED' });
    }
    expect((await membershipOf(pending.uid))?.status).toBe('pending');
  });
});
