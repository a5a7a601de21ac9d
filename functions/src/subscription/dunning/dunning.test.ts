import { PaymentMethod, SequenceType } from '@mollie/api-client';
import { describe, expect, it } from 'vitest';
import { type SmtpCatcher, settle, useSmtpCatcher } from '../../../test/community.ts';
import { call } from '../../../test/helpers.ts';
import {
  assertInvariants,
  checkout,
  details,
  mailableMember,
  membershipOf,
  type PaymentSandbox,
  postWebhook,
  roleClaim,
  usePaymentSandbox,
} from '../../../test/subscription.ts';
import { getDb } from '../../lib/db.ts';
import { dunningMailsOf } from '../billing/billing.repo.ts';
import { runExpiryJob } from '../expire-memberships.ts';
import { webhookUrl } from '../mollie.ts';
import { findPayment } from '../payments.repo.ts';
import { addDays, addPeriod } from '../period.ts';

let ps: PaymentSandbox;
usePaymentSandbox((started) => {
  ps = started;
});
let smtp: SmtpCatcher;
useSmtpCatcher((started) => {
  smtp = started;
});

const hour = 3_600_000;

/** The subscription's next charge fails at the bank with this SEPA return code; the renewal's id. */
async function failRenewal(subscriptionId: string, bankReasonCode: string) {
  const res = await ps.control<{ payment: { id: string } }>(`subscriptions/${subscriptionId}/run-next`, {
    outcome: 'failed',
    bankReasonCode,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payment.id;
}

const inboxOf = (email: string) => smtp.inbox.filter((m) => m.to.includes(email));

describe('dunning: a failed renewal', () => {
  it('mails once, the same day, with the reason in plain Dutch and a Nu betalen link; retried webhooks and the hourly job do not mail again', async () => {
    const { user, subscriptionId } = await mailableMember();
    const failedId = await failRenewal(subscriptionId, 'MD06');

    const mail = await smtp.mailTo(user.email);
    expect(mail?.subject).toBe('Je betaling voor Kring is niet gelukt');
    expect(mail?.text).toContain('Reden: Je hebt de incasso bij je bank laten terugboeken.');
    expect(mail?.text).toMatch(/Nu betalen: http\S+\/account\/lidmaatschap#nu-betalen/);
    expect(mail?.html).toContain('Nu betalen');
    // A service mail: no unsubscribe link or header.
    expect(mail?.headers['list-unsubscribe']).toBeUndefined();
    expect(mail?.text).not.toContain('Afmelden');

    for (let i = 0; i < 3; i++) expect((await postWebhook(failedId)).status).toBe(200);
    await Promise.all([postWebhook(failedId), postWebhook(failedId)]);
    await runExpiryJob(await getDb(), new Date(), { uids: [user.uid] });
    await runExpiryJob(await getDb(), new Date(Date.now() + hour), { uids: [user.uid] });
    await settle();
    expect(inboxOf(user.email)).toHaveLength(1);
    const sends = await dunningMailsOf(await getDb(), user.uid);
    expect(sends).toMatchObject([{ kind: 'failed', payment_id: failedId, sent_at: expect.any(Date) }]);
    expect(await call('getPaymentProblem', {}, user)).toMatchObject({
      status: 200,
      body: { problem: { reason: 'Je hebt de incasso bij je bank laten terugboeken.' } },
    });
  });

  it('sends a reminder two days before the grace period ends and a last mail when access ends, each once', async () => {
    const { user, subscriptionId } = await mailableMember();
    await failRenewal(subscriptionId, 'AM04');
    expect((await smtp.mailTo(user.email))?.text).toContain('Er stond niet genoeg saldo op de rekening.');
    const graceUntil = (await membershipOf(user.uid))!.grace_until!;
    const db = await getDb();

    await runExpiryJob(db, addDays(graceUntil, -3), { uids: [user.uid] });
    await settle();
    expect(inboxOf(user.email)).toHaveLength(1);
    for (const at of [addDays(graceUntil, -2), addDays(graceUntil, -1)]) {
      await runExpiryJob(db, at, { uids: [user.uid] });
    }
    await settle();
    const reminders = inboxOf(user.email).filter((m) => m.subject.startsWith('Nog twee dagen'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toContain('Nu betalen:');

    for (const at of [new Date(graceUntil.getTime() + hour), new Date(graceUntil.getTime() + 2 * hour)]) {
      await runExpiryJob(db, at, { uids: [user.uid] });
    }
    await settle();
    expect((await membershipOf(user.uid))?.status).toBe('expired');
    const ended = inboxOf(user.email).filter((m) => m.subject === 'Je lidmaatschap van Kring is gestopt');
    expect(ended).toHaveLength(1);
    expect(ended[0]?.text).not.toContain('Nu betalen');
    expect(inboxOf(user.email)).toHaveLength(3);
    // Access ended: 'Nu betalen' is no longer offered (403 once the Member role went, else 409).
    expect([403, 409]).toContain((await call('payMissedPeriod', {}, user)).status);
  });
});

describe('dunning: the mail server refuses', () => {
  it('the hourly job sends the failed-renewal mail the webhook could not, once', async () => {
    const { user, subscriptionId } = await mailableMember();
    smtp.refused.add(user.email);
    await failRenewal(subscriptionId, 'MS02');
    await settle();
    expect(inboxOf(user.email)).toHaveLength(0);
    expect(await dunningMailsOf(await getDb(), user.uid)).toEqual([]); // the claim was given back
    smtp.refused.delete(user.email);
    await runExpiryJob(await getDb(), new Date(), { uids: [user.uid] });
    await runExpiryJob(await getDb(), new Date(), { uids: [user.uid] });
    await settle();
    expect(inboxOf(user.email).map((m) => m.subject)).toEqual(['Je betaling voor Kring is niet gelukt']);
    expect(inboxOf(user.email)[0]?.text).toContain('De incasso is geweigerd door de rekeninghouder.');
  });
});

describe('dunning: a storno', () => {
  it('a charged-back renewal mails once with the return code in plain Dutch', async () => {
    const { user, subscriptionId } = await mailableMember();
    const renewal = await ps.control<{ payment: { id: string } }>(
      `subscriptions/${subscriptionId}/run-next`,
      {
        outcome: 'paid',
      },
    );
    await settle();
    expect(inboxOf(user.email)).toHaveLength(0);
    const id = renewal.body.payment.id;
    expect((await ps.control(`payments/${id}/chargeback`, { reason: 'MD06' })).status).toBe(200);
    const mail = await smtp.mailTo(user.email);
    expect(mail?.subject).toBe('Je betaling voor Kring is niet gelukt');
    expect(mail?.text).toContain('Reden: Je hebt de incasso bij je bank laten terugboeken.');
    await postWebhook(id);
    await runExpiryJob(await getDb(), new Date(), { uids: [user.uid] });
    await settle();
    expect(inboxOf(user.email)).toHaveLength(1);
  });
});

describe("dunning: 'Nu betalen'", () => {
  it('pays the missed period with iDEAL, restores the membership, and the next renewal charges its mandate', async () => {
    const { user, subscriptionId, expiresAt } = await mailableMember();
    expect((await call('payMissedPeriod', {}, user)).status).toBe(409); // nothing outstanding yet
    await failRenewal(subscriptionId, 'AC04');
    expect((await membershipOf(user.uid))?.grace_until).not.toBeNull();

    const start = await call('payMissedPeriod', {}, user);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    // A second click before paying hands out the same checkout.
    expect((await call('payMissedPeriod', {}, user)).body).toEqual(start.body);
    const started = await ps.mollie.payments.get(start.body.paymentId);
    expect(started).toMatchObject({ sequenceType: 'first', method: 'ideal', amount: { value: '9.95' } });

    await checkout(start.body.checkoutUrl, 'paid');
    const m = await membershipOf(user.uid);
    // The missed period follows on from the paid one; the outstanding failure is settled.
    expect(m).toMatchObject({ status: 'active', grace_until: null, mollie_subscription_id: subscriptionId });
    expect(m?.expires_at?.toISOString()).toBe(addPeriod(expiresAt, '1 month').toISOString());
    const paid = await ps.mollie.payments.get(start.body.paymentId);
    expect(m?.mollie_mandate_id).toBe(paid.mandateId);
    expect((await call('getPaymentProblem', {}, user)).body).toEqual({ problem: null });
    expect(await roleClaim(user.uid)).toBe(1);

    const next = await ps.control<{ payment: { id: string } }>(`subscriptions/${subscriptionId}/run-next`, {
      outcome: 'paid',
    });
    const renewal = await ps.mollie.payments.get(next.body.payment.id);
    expect(renewal.mandateId).toBe(paid.mandateId);
    expect((await membershipOf(user.uid))?.expires_at?.toISOString()).toBe(
      addPeriod(addPeriod(expiresAt, '1 month'), '1 month').toISOString(),
    );
    await assertInvariants(ps, user.uid);
  });
});

describe("dunning: 'Nu betalen' is bought once", () => {
  it('two clicks at the same instant (two tabs) get one checkout', async () => {
    const { user, subscriptionId } = await mailableMember();
    await failRenewal(subscriptionId, 'AM04');
    const [a, b] = await Promise.all([call('payMissedPeriod', {}, user), call('payMissedPeriod', {}, user)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.paymentId).toBe(b.body.paymentId);
  });

  it('paid while its webhook is lost: a second click is refused, no second checkout for the same period', async () => {
    const { user, subscriptionId } = await mailableMember();
    await failRenewal(subscriptionId, 'AM04');
    const start = await call('payMissedPeriod', {}, user);
    expect(start.status).toBe(200);
    ps.webhooks.mode = 'drop';
    await checkout(start.body.checkoutUrl, 'paid');
    ps.webhooks.mode = 'forward';
    // The banner has not caught up yet; the member clicks 'Nu betalen' again.
    const again = await call('payMissedPeriod', {}, user);
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body).toMatchObject({ error: { reason: 'NO_MISSED_PAYMENT' } });
    expect(await membershipOf(user.uid)).toMatchObject({ status: 'active', grace_until: null });
  });
});

describe("'Betaalmethode wijzigen'", () => {
  it('starts a 0.01 iDEAL first payment that buys nothing', async () => {
    const { user, expiresAt } = await mailableMember();
    const res = await call('changePaymentMethod', {}, user);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const payment = await ps.mollie.payments.get(res.body.paymentId);
    expect(payment).toMatchObject({ sequenceType: 'first', method: 'ideal', amount: { value: '0.01' } });
    await checkout(res.body.checkoutUrl, 'paid');
    expect((await findPayment(await getDb(), payment.id))?.purpose).toBe('mandate');
    expect((await membershipOf(user.uid))?.expires_at?.toISOString()).toBe(expiresAt.toISOString());
  });

  it('after the 0.01 payment the next renewal (the plan amount) still buys a period', async () => {
    const { user, expiresAt } = await mailableMember();
    const res = await call('changePaymentMethod', {}, user);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await checkout(res.body.checkoutUrl, 'paid');
    const m = await membershipOf(user.uid);
    const next = await ps.control<{ payment: { id: string } }>(
      `subscriptions/${m!.mollie_subscription_id}/run-next`,
      { outcome: 'paid' },
    );
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect((await findPayment(await getDb(), next.body.payment.id))?.amount_mismatch).toBe(false);
    expect((await membershipOf(user.uid))?.expires_at?.toISOString()).toBe(
      addPeriod(expiresAt, '1 month').toISOString(),
    );
    await assertInvariants(ps, user.uid);
  });

  it('moves the subscription to the new mandate once its payment is paid; the next renewal charges it', async () => {
    const { user, customerId, subscriptionId } = await mailableMember();
    const oldMandate = (await membershipOf(user.uid))!.mollie_mandate_id;
    // The sandbox gives every iDEAL payment of a customer the same bank account (so the same mandate,
    // as Mollie does for one account); a card makes a mandate of its own. Made as changePaymentMethod
    // makes its payment (purpose 'mandate' in the metadata), with a card instead of iDEAL.
    const made = await ps.mollie.payments.create({
      amount: { value: '0.01', currency: 'EUR' },
      description: 'Lidmaatschap Kring: nieuwe betaalmethode',
      customerId,
      sequenceType: SequenceType.first,
      method: PaymentMethod.creditcard,
      redirectUrl: 'http://127.0.0.1/account/lidmaatschap',
      webhookUrl: webhookUrl(),
      metadata: { uid: user.uid, purpose: 'mandate' },
    });
    await ps.control(`payments/${made.id}/status`, { status: 'paid' });
    const newMandate = (await ps.mollie.payments.get(made.id)).mandateId;
    expect(newMandate).not.toBe(oldMandate);
    expect((await membershipOf(user.uid))?.mollie_mandate_id).toBe(newMandate);
    const sub = await ps.mollie.customerSubscriptions.get(subscriptionId, { customerId });
    expect(sub.mandateId).toBe(newMandate);
    const next = await ps.control<{ payment: { id: string } }>(`subscriptions/${subscriptionId}/run-next`, {
      outcome: 'paid',
    });
    expect((await ps.mollie.payments.get(next.body.payment.id)).mandateId).toBe(newMandate);
    await assertInvariants(ps, user.uid);
  });
});

describe('becoming a member again with a 0.01 checkout still open', () => {
  it("the new membership's first payment is a plan payment, not the open 'Betaalmethode wijzigen' checkout", async () => {
    const { user, expiresAt } = await mailableMember();
    const method = await call('changePaymentMethod', {}, user);
    expect(method.status, JSON.stringify(method.body)).toBe(200);
    await call('cancelSubscription', {}, user);
    await runExpiryJob(await getDb(), new Date(expiresAt.getTime() + hour), { uids: [user.uid] });
    expect((await membershipOf(user.uid))?.status).toBe('expired');

    const again = await call('createSubscriptionInitialPayment', { membership: details }, user);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.paymentId).not.toBe(method.body.paymentId);
    const payment = await ps.mollie.payments.get(again.body.paymentId);
    expect(payment.amount.value).toBe('9.95');
    const status = await call('getSubscriptionInitialPaymentStatus', {}, user);
    expect(status.body.paymentId).toBe(again.body.paymentId);
  });

  it('the old 0.01 checkout paid after the membership ended starts no subscription and buys nothing', async () => {
    const { user, customerId, expiresAt } = await mailableMember();
    const method = await call('changePaymentMethod', {}, user);
    await call('cancelSubscription', {}, user);
    await runExpiryJob(await getDb(), new Date(expiresAt.getTime() + hour), { uids: [user.uid] });
    await checkout(method.body.checkoutUrl, 'paid');
    // (The webhook derives at the real time, within the canceled period: the paid period is unchanged.)
    expect((await membershipOf(user.uid))?.expires_at?.toISOString()).toBe(expiresAt.toISOString());
    // Mollie was never asked for a new subscription (the first one, canceled, is the only one).
    const subs = await ps.mollie.customerSubscriptions.page({ customerId });
    expect(subs.map((s) => s.status)).toEqual(['canceled']);
  });
});

describe("'Betaalmethode wijzigen' twice", () => {
  it('a repeated webhook of the older payment does not move the subscription back to its mandate', async () => {
    const { user, customerId, subscriptionId } = await mailableMember();
    // A card gives its own mandate; iDEAL (the sandbox: the customer's one test account) the first one's.
    const newMethod = async (method: PaymentMethod) => {
      const made = await ps.mollie.payments.create({
        amount: { value: '0.01', currency: 'EUR' },
        description: 'Lidmaatschap Kring: nieuwe betaalmethode',
        customerId,
        sequenceType: SequenceType.first,
        method,
        redirectUrl: 'http://127.0.0.1/account/lidmaatschap',
        webhookUrl: webhookUrl(),
        metadata: { uid: user.uid, purpose: 'mandate' },
      });
      await ps.control(`payments/${made.id}/status`, { status: 'paid' });
      return { id: made.id, mandateId: (await ps.mollie.payments.get(made.id)).mandateId };
    };
    const first = await newMethod(PaymentMethod.creditcard);
    const second = await newMethod(PaymentMethod.ideal);
    expect(second.mandateId).not.toBe(first.mandateId);
    expect((await membershipOf(user.uid))?.mollie_mandate_id).toBe(second.mandateId);
    // Mollie calls the webhook again for the first payment (as it does after a refund, or a retry).
    expect((await postWebhook(first.id)).status).toBe(200);
    const sub = await ps.mollie.customerSubscriptions.get(subscriptionId, { customerId });
    expect(sub.mandateId).toBe(second.mandateId);
    expect((await membershipOf(user.uid))?.mollie_mandate_id).toBe(second.mandateId);
  });
});

describe("'Opzegging intrekken'", () => {
  it('before the end date re-creates the subscription from that date on the same mandate, with no payment now', async () => {
    const { user, customerId, expiresAt } = await mailableMember();
    const mandate = (await membershipOf(user.uid))!.mollie_mandate_id;
    expect((await call('cancelSubscription', {}, user)).body).toMatchObject({ status: 'canceled' });
    const paymentsBefore = (await ps.mollie.customerPayments.page({ customerId })).length;

    const res = await call('resumeSubscription', {}, user);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'active',
      canceledAt: null,
      expiresAt: expiresAt.toISOString(),
    });
    const m = await membershipOf(user.uid);
    const sub = await ps.mollie.customerSubscriptions.get(m!.mollie_subscription_id!, { customerId });
    expect(sub).toMatchObject({ status: 'active', mandateId: mandate, amount: { value: '9.95' } });
    const amsterdam = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' });
    expect(sub.startDate).toBe(amsterdam.format(expiresAt));
    expect(sub.nextPaymentDate).toBe(amsterdam.format(expiresAt));
    expect((await ps.mollie.customerPayments.page({ customerId })).length).toBe(paymentsBefore);
    // Resumed: a second click changes nothing; the renewal then renews.
    expect((await call('resumeSubscription', {}, user)).status).toBe(409);
    await ps.control(`subscriptions/${sub.id}/run-next`, { outcome: 'paid' });
    expect((await membershipOf(user.uid))?.expires_at?.toISOString()).toBe(
      addPeriod(expiresAt, '1 month').toISOString(),
    );
    await assertInvariants(ps, user.uid);
  });

  it('two clicks at the same instant (two tabs) leave one renewing subscription, live at Mollie', async () => {
    const { user, customerId } = await mailableMember();
    await call('cancelSubscription', {}, user);
    const answers = await Promise.all([
      call('resumeSubscription', {}, user),
      call('resumeSubscription', {}, user),
    ]);
    expect(answers.map((a) => a.status)).toContain(200);
    const m = await membershipOf(user.uid);
    expect(m).toMatchObject({ status: 'active', canceled_at: null, subscription_stopped_at: null });
    const subs = await ps.mollie.customerSubscriptions.page({ customerId });
    const active = subs.filter((s) => s.status === 'active');
    // Kring's subscription is the one Mollie keeps charging, and it is the only one.
    expect(active.map((s) => s.id)).toEqual([m!.mollie_subscription_id]);
    await assertInvariants(ps, user.uid);
  });

  it('is not offered after the end date', async () => {
    const { user, expiresAt } = await mailableMember();
    await call('cancelSubscription', {}, user);
    await runExpiryJob(await getDb(), new Date(expiresAt.getTime() + hour), { uids: [user.uid] });
    expect((await membershipOf(user.uid))?.status).toBe('expired');
    const res = await call('resumeSubscription', {}, user);
    // Refused (403 once the Member role went with access, 409 for the state); nothing renews.
    expect([403, 409]).toContain(res.status);
    expect((await membershipOf(user.uid))?.status).toBe('expired');
    const customerId = (await membershipOf(user.uid))!.mollie_customer_id!;
    const subs = await ps.mollie.customerSubscriptions.page({ customerId });
    expect(subs.filter((s) => s.status === 'active')).toHaveLength(0);
  });
});
