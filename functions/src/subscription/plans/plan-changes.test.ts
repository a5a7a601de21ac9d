import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers.ts';
import {
  assertInvariants,
  chargeRenewal,
  checkout,
  details,
  membershipOf,
  type PaymentSandbox,
  postWebhook,
  signIn,
  signUp,
  usePaymentSandbox,
} from '../../../test/subscription.ts';
import { getDb } from '../../lib/db.ts';
import { findPayment } from '../payments.repo.ts';
import { addDays, addPeriod, amsterdamDate } from '../period.ts';
import { priceNoticesOf } from './plans.repo.ts';
import { applyDuePriceNotices, changePlanPrice, effectiveFrom } from './price-change.ts';

let ps: PaymentSandbox;
usePaymentSandbox((started) => {
  ps = started;
});

async function member(planId: string) {
  const user = await signUp();
  const res = await call('createSubscriptionInitialPayment', { membership: details, planId }, user);
  expect(res.status).toBe(200);
  await checkout(res.body.checkoutUrl, 'paid');
  const m = (await membershipOf(user.uid))!;
  expect(m.status).toBe('active');
  return { user: await signIn(user), m };
}

const subscriptionOf = async (uid: string) => {
  const m = (await membershipOf(uid))!;
  return ps.mollie.customerSubscriptions.get(m.mollie_subscription_id!, {
    customerId: m.mollie_customer_id!,
  });
};

describe('switching plan', () => {
  it('takes effect at the next period: the current one stays, the next charge is the new plan', async () => {
    const { user, m } = await member('maandelijks');
    const res = await call('switchPlan', { planId: 'jaarlijks' }, user);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ planId: 'jaarlijks', effectiveFrom: m.expires_at!.toISOString() });

    // The paid month is untouched; Mollie will charge the yearly price every 12 months.
    const after = (await membershipOf(user.uid))!;
    expect(after.expires_at!.toISOString()).toBe(m.expires_at!.toISOString());
    expect(after).toMatchObject({
      plan_id: 'jaarlijks',
      price_cents: 9900,
      subscription_interval: '12 months',
    });
    expect(await subscriptionOf(user.uid)).toMatchObject({
      amount: { value: '99.00', currency: 'EUR' },
      interval: '12 months',
    });

    // The next charge buys a year of the new plan, and its factuur says so.
    const renewal = await chargeRenewal(ps, after.mollie_subscription_id!, 'paid');
    const row = (await findPayment(await getDb(), renewal))!;
    expect(row).toMatchObject({
      amount_value: '99.00',
      plan_id: 'jaarlijks',
      period: '12 months',
      amount_mismatch: false,
    });
    const renewed = (await membershipOf(user.uid))!;
    expect(renewed.expires_at!.toISOString()).toBe(addPeriod(m.expires_at!, '12 months').toISOString());
    const listed = (await call('listMyPayments', {}, user)).body;
    expect(listed.payments[0]).toMatchObject({ id: renewal, amountCents: 9900, planName: 'Jaarlijks' });
    expect(listed.plan).toEqual({
      id: 'jaarlijks',
      name: 'Jaarlijks',
      interval: '12 months',
      priceCents: 9900,
    });
    await assertInvariants(ps, user.uid);
  });

  // Mollie counts a PATCHed `interval` from the subscription's LAST charge date: after a renewal, a
  // monthly member switching to yearly would next be charged 12 months after that renewal (11 months
  // free), a yearly one switching to monthly 1 month after it (charged 11 months early).
  for (const [from, to] of [
    ['maandelijks', 'jaarlijks'],
    ['jaarlijks', 'maandelijks'],
  ] as const) {
    it(`${from} -> ${to} after a renewal: the next charge is the end of the paid period, once`, async () => {
      const { user, m } = await member(from);
      await chargeRenewal(ps, m.mollie_subscription_id!, 'paid');
      const renewed = (await membershipOf(user.uid))!;
      const periodEnd = renewed.expires_at!;
      expect(periodEnd.getTime()).toBeGreaterThan(m.expires_at!.getTime());

      const res = await call('switchPlan', { planId: to }, user);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.effectiveFrom).toBe(periodEnd.toISOString());
      // A repeated click changes nothing.
      expect((await call('switchPlan', { planId: to }, user)).status).toBe(200);

      const plan =
        to === 'jaarlijks'
          ? { value: '99.00', interval: '12 months' }
          : { value: '9.95', interval: '1 month' };
      const after = (await membershipOf(user.uid))!;
      expect(after.expires_at!.toISOString()).toBe(periodEnd.toISOString());
      const live = (
        await ps.mollie.customerSubscriptions.page({ customerId: after.mollie_customer_id!, limit: 50 })
      ).filter((s) => s.status === 'active' || s.status === 'pending');
      expect(live.map((s) => s.id)).toEqual([after.mollie_subscription_id]);
      expect(live[0]).toMatchObject({
        amount: { value: plan.value, currency: 'EUR' },
        interval: plan.interval,
        nextPaymentDate: amsterdamDate(periodEnd),
      });
      await assertInvariants(ps, user.uid);

      // That charge buys one period of the new plan from the end of the paid one.
      const next = await chargeRenewal(ps, after.mollie_subscription_id!, 'paid');
      expect(await findPayment(await getDb(), next)).toMatchObject({
        amount_value: plan.value,
        plan_id: to,
        period: plan.interval,
        amount_mismatch: false,
      });
      expect((await membershipOf(user.uid))!.expires_at!.toISOString()).toBe(
        addPeriod(periodEnd, plan.interval).toISOString(),
      );
      const nextSub = await subscriptionOf(user.uid);
      expect(nextSub.nextPaymentDate).toBe(amsterdamDate(addPeriod(periodEnd, plan.interval)));
      await assertInvariants(ps, user.uid);
    });
  }

  it('is refused while Mollie has a charge Kring has not settled, and changes nothing', async () => {
    const { user, m } = await member('maandelijks');
    // Mollie charged the renewal; its webhook has not reached Kring (a SEPA debit pending for days).
    ps.webhooks.mode = 'drop';
    const charged = await chargeRenewal(ps, m.mollie_subscription_id!, 'paid');
    const res = await call('switchPlan', { planId: 'jaarlijks' }, user);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'CONFLICT', reason: 'RENEWAL_IN_PROGRESS' });
    expect(await subscriptionOf(user.uid)).toMatchObject({
      id: m.mollie_subscription_id,
      status: 'active',
      amount: { value: '9.95' },
      interval: '1 month',
    });
    expect((await membershipOf(user.uid))!).toMatchObject({ plan_id: 'maandelijks', price_cents: 995 });

    // Once the charge is settled, the switch starts after the month it paid.
    ps.webhooks.mode = 'forward';
    expect((await postWebhook(charged)).status).toBe(200);
    const settled = (await membershipOf(user.uid))!;
    const ok = await call('switchPlan', { planId: 'jaarlijks' }, user);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await subscriptionOf(user.uid)).nextPaymentDate).toBe(amsterdamDate(settled.expires_at!));
    await assertInvariants(ps, user.uid);
  });

  it("'Opzegging intrekken' after a switch resumes the new plan at its own price", async () => {
    const { user } = await member('maandelijks');
    expect((await call('switchPlan', { planId: 'jaarlijks' }, user)).status).toBe(200);
    expect((await call('cancelSubscription', {}, user)).status).toBe(200);
    const resumed = await call('resumeSubscription', {}, user);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    // A year for the yearly price, not for the 9,95 of the last month paid.
    expect(await subscriptionOf(user.uid)).toMatchObject({
      amount: { value: '99.00', currency: 'EUR' },
      interval: '12 months',
    });
    await assertInvariants(ps, user.uid);
  });

  it('is refused for an unknown plan and without a renewing membership', async () => {
    const { user } = await member('maandelijks');
    expect((await call('switchPlan', { planId: 'bestaat-niet' }, user)).status).toBe(400);
    expect((await call('cancelSubscription', {}, user)).status).toBe(200);
    expect((await call('switchPlan', { planId: 'jaarlijks' }, user)).body.error).toMatchObject({
      code: 'CONFLICT',
    });
    expect((await call('switchPlan', { planId: 'jaarlijks' }, await signUp())).status).toBe(403);
  });
});

/** The notice mail went at once (the mail itself: price-notice.test.ts); a rise waits for it. */
const noticeMailed = async (uids: string[], at: Date) =>
  (await getDb()).updateTable('price_notices').set({ mailed_at: at }).where('uid', 'in', uids).execute();

describe('a price change', () => {
  it('one member whose subscription Mollie refuses to update does not stop the others (or the hourly job)', async () => {
    const a = await member('maandelijks');
    const b = await member('maandelijks');
    const db = await getDb();
    const now = new Date();
    try {
      const notices = await changePlanPrice(db, 'maandelijks', 1095, now);
      const due = addDays(notices.find((n) => n.uid === b.user.uid)!.effectiveFrom, -1);
      await noticeMailed([a.user.uid, b.user.uid], now);
      // A's subscription was stopped at Mollie (a dashboard cancel); Kring has not heard yet.
      await ps.mollie.customerSubscriptions.cancel(a.m.mollie_subscription_id!, {
        customerId: a.m.mollie_customer_id!,
      });
      const applied = await applyDuePriceNotices(db, due, [a.user.uid, b.user.uid]);
      expect(applied).toEqual([b.user.uid]);
      expect((await subscriptionOf(b.user.uid)).amount.value).toBe('10.95');
      expect((await membershipOf(a.user.uid))!.price_cents).toBe(995);
    } finally {
      await changePlanPrice(db, 'maandelijks', 995, now);
      await db.deleteFrom('price_notices').where('new_price_cents', '=', 995).execute();
    }
  });

  it('choosing the plan one is on again after a rise does not charge the rise before its notice date', async () => {
    const { user } = await member('maandelijks');
    const db = await getDb();
    const now = new Date();
    try {
      await changePlanPrice(db, 'maandelijks', 1095, now);
      // 'Wijzig vanaf de volgende periode' with the member's own plan (now 10,95 for new members).
      expect((await call('switchPlan', { planId: 'maandelijks' }, user)).status).toBe(200);
      // The next charge (at expiresAt, within 30 days) stays 9,95: the rise waits for its notice.
      expect((await subscriptionOf(user.uid)).amount.value).toBe('9.95');
      expect((await membershipOf(user.uid))!.price_cents).toBe(995);
      expect(await priceNoticesOf(db, user.uid)).toEqual([
        expect.objectContaining({ new_price_cents: 1095, applied_at: null }),
      ]);
    } finally {
      await changePlanPrice(db, 'maandelijks', 995, now);
      await db.deleteFrom('price_notices').where('new_price_cents', '=', 995).execute();
    }
  });

  it("a member who switched plan no longer sees the old plan's announced price", async () => {
    const { user } = await member('maandelijks');
    const db = await getDb();
    const now = new Date();
    try {
      await changePlanPrice(db, 'maandelijks', 1095, now);
      expect((await call('listMyPayments', {}, user)).body.priceNotice).toMatchObject({
        newPriceCents: 1095,
      });
      expect((await call('switchPlan', { planId: 'jaarlijks' }, user)).status).toBe(200);
      expect((await call('listMyPayments', {}, user)).body).toMatchObject({
        plan: { id: 'jaarlijks', priceCents: 9900 },
        priceNotice: null,
      });
    } finally {
      await changePlanPrice(db, 'maandelijks', 995, now);
      await db.deleteFrom('price_notices').where('new_price_cents', '=', 995).execute();
    }
  });

  it('leaves the current period and the notice month at the old price; new members pay the new one', async () => {
    const { user, m } = await member('maandelijks');
    const db = await getDb();
    const now = new Date();
    try {
      const notices = await changePlanPrice(db, 'maandelijks', 1095, now);
      const mine = notices.find((n) => n.uid === user.uid)!;
      await noticeMailed([user.uid], now);
      // The first period start at least 30 days away: not the one that starts at expires_at (in ~30 days).
      expect(mine.effectiveFrom.getTime()).toBeGreaterThanOrEqual(addDays(now, 30).getTime());
      expect(mine.effectiveFrom.toISOString()).toBe(
        effectiveFrom(m.expires_at!, '1 month', now).toISOString(),
      );
      expect(await priceNoticesOf(db, user.uid)).toEqual([
        expect.objectContaining({ old_price_cents: 995, new_price_cents: 1095, applied_at: null }),
      ]);

      // The member sees the announcement on their page.
      expect((await call('listMyPayments', {}, user)).body.priceNotice).toEqual({
        newPriceCents: 1095,
        effectiveFrom: mine.effectiveFrom.toISOString(),
      });
      // …and in their data export.
      expect((await call('exportMyData', {}, user)).body.priceNotices).toEqual([
        expect.objectContaining({ old_price_cents: 995, new_price_cents: 1095, applied_at: null }),
      ]);
      // The member still pays 9,95: the membership, Mollie, and a renewal charged now.
      expect((await membershipOf(user.uid))!.price_cents).toBe(995);
      expect((await subscriptionOf(user.uid)).amount.value).toBe('9.95');
      const renewal = await chargeRenewal(ps, m.mollie_subscription_id!, 'paid');
      expect(await findPayment(db, renewal)).toMatchObject({ amount_value: '9.95', amount_mismatch: false });
      // Nothing is due before the notice's date.
      expect(await applyDuePriceNotices(db, addDays(mine.effectiveFrom, -2), [user.uid])).toEqual([]);
      expect((await subscriptionOf(user.uid)).amount.value).toBe('9.95');

      // New members see and pay the new price.
      const plans = (await call('listPlans', {})).body.plans;
      expect(plans.find((p) => p.id === 'maandelijks')?.priceCents).toBe(1095);

      // The day before the notice's date the new price reaches Mollie and the membership.
      expect(await applyDuePriceNotices(db, addDays(mine.effectiveFrom, -1), [user.uid])).toEqual([user.uid]);
      expect((await subscriptionOf(user.uid)).amount.value).toBe('10.95');
      expect((await membershipOf(user.uid))!.price_cents).toBe(1095);
      const next = await chargeRenewal(ps, m.mollie_subscription_id!, 'paid');
      expect(await findPayment(db, next)).toMatchObject({ amount_value: '10.95', amount_mismatch: false });
      await assertInvariants(ps, user.uid);
    } finally {
      await changePlanPrice(db, 'maandelijks', 995, now);
      await db.deleteFrom('price_notices').where('new_price_cents', '=', 995).execute();
    }
  });
});
