import { randomUUID } from 'node:crypto';
import { Role } from '@kring/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { expectAdminOnly, guardCallers } from '../../test/admin-guard.ts';
import { type SmtpCatcher, useSmtpCatcher } from '../../test/community.ts';
import { call, callRaw, createMember } from '../../test/helpers.ts';
import { pdfText } from '../../test/pdf-text.ts';
import {
  checkout,
  details,
  membershipOf,
  type PaymentSandbox,
  postWebhook,
  signIn,
  signUp,
  usePaymentSandbox,
  type Visitor,
  waitFor,
} from '../../test/subscription.ts';
import { storeMailAddress } from '../accounts/accounts.repo.ts';
import { getDb } from '../lib/db.ts';
import { adminAuth } from '../lib/firebase.ts';
import { cents, findPayment } from '../subscription/payments.repo.ts';

let ps: PaymentSandbox;
usePaymentSandbox((started) => {
  ps = started;
});
let smtp: SmtpCatcher;
useSmtpCatcher((started) => {
  smtp = started;
});
afterEach(() => {
  delete process.env.RECENT_SIGN_IN_SECONDS;
});

/** A member who paid the monthly plan (€ 9,95) through the sandbox's checkout, with a confirmed address. */
async function paidMember(): Promise<{ user: Visitor; paymentId: string }> {
  const user = await signUp();
  const res = await call(
    'createSubscriptionInitialPayment',
    { membership: details, planId: 'maandelijks' },
    user,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await checkout(res.body.checkoutUrl, 'paid');
  // A confirmed address, as billing mail needs (accounts.email_verified, as the router stores it).
  await adminAuth().updateUser(user.uid, { emailVerified: true });
  await storeMailAddress(await getDb(), {
    uid: user.uid,
    email: user.email,
    emailVerified: true,
    issuedAt: Math.floor(Date.now() / 1000),
  });
  return { user: await signIn(user), paymentId: res.body.paymentId };
}

const refundsAtMollie = async (paymentId: string) => [
  ...(await ps.mollie.paymentRefunds.page({ paymentId })),
];

/** The refund requests Kring sent Mollie for this payment (every attempt, as the sandbox logs them). */
const refundPosts = (paymentId: string) =>
  ps.requests.filter((r) => r.startsWith(`POST /v2/payments/${paymentId}/refunds `));

const logOf = async (uid: string, admin: { token: string }) =>
  (await call('getMemberAdmin', { uid }, admin)).body.log.filter((e) => e.action !== 'CHANGE_ROLE');

const refund = (uid: string, paymentId: string, amountCents: number, requestId = randomUUID()) => ({
  uid,
  paymentId,
  amountCents,
  reason: 'Goodwill na storing',
  requestId,
});

/** Every document number ever issued: 1…N with no gap or repeat (the counter is gapless). */
async function expectGaplessNumbers() {
  const rows = await (await getDb()).selectFrom('invoices').select('number').orderBy('number').execute();
  expect(rows.map((r) => Number(r.number))).toEqual(rows.map((_, i) => i + 1));
}

describe('refundPaymentAdmin, resendReceiptAdmin and the member’s payments for the admin', () => {
  it('refuse members and moderators (403) and a stale admin session (401); nothing is refunded or mailed', async () => {
    const { user, paymentId } = await paidMember();
    const number = (await call('listMyPayments', {}, user)).body.payments[0]!.documents[0]!.number;
    const callers = await guardCallers();
    const calls = [
      ['refundPaymentAdmin', refund(user.uid, paymentId, 100)],
      ['resendReceiptAdmin', { uid: user.uid, number, reason: 'Lid vroeg erom' }],
      ['listMemberPaymentsAdmin', { uid: user.uid }],
      ['getReceiptAdmin', { uid: user.uid, number }],
    ] as const;
    await expectAdminOnly(calls, callers, { 'the payer': user });
    expect(await refundsAtMollie(paymentId)).toEqual([]);
    expect(smtp.inbox.filter((m) => m.to.includes(user.email))).toEqual([]);
  });

  it('a partial refund of an odd amount: one refund at Mollie, a credit note split to the cent, in both histories and the log', async () => {
    const { user, paymentId } = await paidMember();
    const admin = await createMember(Role.Admin);
    const res = await call('refundPaymentAdmin', refund(user.uid, paymentId, 333), admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      refund: { id: expect.stringMatching(/^re_/), amountCents: 333, status: 'refunded' },
      refundableCents: 995 - 333,
    });
    const atMollie = await refundsAtMollie(paymentId);
    expect(atMollie.map((r) => [r.id, r.amount.value])).toEqual([[res.body.refund.id, '3.33']]);

    // The member's own history: refunded amount, the refund with its status, the creditnota.
    const mine = (await call('listMyPayments', {}, user)).body.payments[0]!;
    expect(mine).toMatchObject({ id: paymentId, refundedCents: 333, status: 'paid' });
    expect(mine.refunds).toEqual([
      { id: res.body.refund.id, amountCents: 333, status: 'refunded', createdAt: expect.any(String) },
    ]);
    const [invoice, credit] = mine.documents;
    expect(credit).toMatchObject({ kind: 'credit_note', totalCents: -333 });
    // 3,33 including 21% VAT: 3,33 / 1,21 = 2,752… -> 2,75 excl., 0,58 VAT (computed here, not by the code).
    const net = Math.round(333 / 1.21);
    expect([net, 333 - net]).toEqual([275, 58]);
    const row = await (await getDb())
      .selectFrom('invoices')
      .select(['net_cents', 'vat_cents', 'total_cents', 'credits_number'])
      .where('payment_id', '=', paymentId)
      .where('kind', '=', 'credit_note')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ total_cents: -333, net_cents: -275, vat_cents: -58 });
    const pdf = await call('getReceiptAdmin', { uid: user.uid, number: credit!.number }, admin);
    expect(pdf.status).toBe(200);
    const text = (await pdfText(Buffer.from(pdf.body.contentBase64, 'base64'))).replace(/\u00a0/g, ' ');
    for (const line of [
      'Creditnota',
      `Betreft factuur\n${invoice!.number}`,
      'Bedrag excl. btw\n€ -2,75',
      'Btw 21%\n€ -0,58',
      'Totaal\n€ -3,33',
    ])
      expect(text).toContain(line);
    await expectGaplessNumbers();

    // The admin sees the same on the member's page, and the log entry with amount and reason.
    const forAdmin = (await call('listMemberPaymentsAdmin', { uid: user.uid }, admin)).body.payments;
    expect(forAdmin).toEqual((await call('listMyPayments', {}, user)).body.payments);
    expect(await logOf(user.uid, admin)).toEqual([
      expect.objectContaining({
        action: 'REFUND_PAYMENT',
        reason: 'Goodwill na storing',
        details: { paymentId, refundId: res.body.refund.id, amountCents: 333, currency: 'EUR' },
      }),
    ]);
    // A partial refund leaves the membership as it was.
    expect(await membershipOf(user.uid)).toMatchObject({ status: 'active' });
  });

  it('the same request twice (one after the other, and at once) refunds once at Mollie and logs once', async () => {
    const { user, paymentId } = await paidMember();
    const admin = await createMember(Role.Admin);
    const input = refund(user.uid, paymentId, 200);
    const first = await call('refundPaymentAdmin', input, admin);
    const again = await call('refundPaymentAdmin', input, admin);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.refund).toEqual(first.body.refund);
    const twice = refund(user.uid, paymentId, 100);
    const [a, b] = await Promise.all([
      call('refundPaymentAdmin', twice, admin),
      call('refundPaymentAdmin', twice, admin),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refund.id).toBe(b.body.refund.id);
    expect((await refundsAtMollie(paymentId)).map((r) => r.amount.value).sort()).toEqual(['1.00', '2.00']);
    expect((await logOf(user.uid, admin)).map((e) => e.details.amountCents).sort()).toEqual([100, 200]);
    // The same request id with another amount is another request: refused, nothing refunded.
    const reused = await call('refundPaymentAdmin', { ...input, amountCents: 201 }, admin);
    expect(reused.status).toBe(400);
    expect(reused.body.error?.issues?.[0]?.path).toBe('requestId');
    expect(await refundsAtMollie(paymentId)).toHaveLength(2);
  });

  it('refuses more than is left, a payment that is not paid, another member’s payment and bad input; nothing is refunded', async () => {
    const { user, paymentId } = await paidMember();
    const other = await paidMember();
    const admin = await createMember(Role.Admin);
    expect((await call('refundPaymentAdmin', refund(user.uid, paymentId, 333), admin)).status).toBe(200);
    const over = await call('refundPaymentAdmin', refund(user.uid, paymentId, 663), admin);
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({
      code: 'VALIDATION',
      issues: [{ path: 'amountCents', message: 'Er is nog €\u00a06,62 terug te betalen' }],
    });
    expect((await call('refundPaymentAdmin', refund(other.user.uid, paymentId, 100), admin)).status).toBe(
      404,
    );
    const field = async (input: Record<string, unknown>) => {
      const r = await callRaw('refundPaymentAdmin', { ...refund(user.uid, paymentId, 100), ...input }, admin);
      return [r.status, r.body.error?.issues?.map((i: { path: string }) => i.path)];
    };
    for (const amountCents of [0, -5, 1.5, '4,98', null])
      expect(await field({ amountCents }), String(amountCents)).toEqual([400, ['amountCents']]);
    expect(await field({ reason: 'ok' })).toEqual([400, ['reason']]);
    expect(await field({ requestId: 'een' })).toEqual([400, ['requestId']]);
    expect(await refundsAtMollie(paymentId)).toHaveLength(1);

    // An open (unpaid) payment cannot be refunded.
    const open = await signUp();
    const started = await call('createSubscriptionInitialPayment', { membership: details }, open);
    const unpaid = await call('refundPaymentAdmin', refund(open.uid, started.body.paymentId, 100), admin);
    expect(unpaid.status).toBe(400);
    expect(unpaid.body.error?.issues).toEqual([
      { path: 'paymentId', message: 'Alleen een betaalde betaling kan worden terugbetaald' },
    ]);
    expect((await logOf(user.uid, admin)).map((e) => e.details.amountCents)).toEqual([333]);
    await expectGaplessNumbers();
  });

  it('Mollie down: 503, nothing stored; answers lost after Mollie refunded: the retry finds that refund, never a second', async () => {
    const { user, paymentId } = await paidMember();
    const admin = await createMember(Role.Admin);
    await ps.failNext(3);
    const down = await call('refundPaymentAdmin', refund(user.uid, paymentId, 500), admin);
    expect(down.status).toBe(503);
    expect(down.body.error?.reason).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await refundsAtMollie(paymentId)).toEqual([]);
    expect(await logOf(user.uid, admin)).toEqual([]);
    expect((await call('listMyPayments', {}, user)).body.payments[0]!.documents).toHaveLength(1);

    // Mollie made the refund, every answer got lost; its webhook reaches Kring before the retry.
    const input = refund(user.uid, paymentId, 995);
    ps.webhooks.mode = 'drop';
    await ps.failNext(3, 'after');
    expect((await call('refundPaymentAdmin', input, admin)).status).toBe(503);
    expect(await logOf(user.uid, admin)).toEqual([]);
    ps.webhooks.mode = 'forward';
    expect((await postWebhook(paymentId)).status).toBe(200);
    await waitFor(async () => ((await membershipOf(user.uid))?.status === 'expired' ? true : null));
    const retry = await call('refundPaymentAdmin', input, admin);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toMatchObject({ refund: { amountCents: 995 }, refundableCents: 0 });
    expect((await refundsAtMollie(paymentId)).map((r) => r.id)).toEqual([retry.body.refund.id]);
    expect((await logOf(user.uid, admin)).map((e) => e.details.refundId)).toEqual([retry.body.refund.id]);
    // A full refund of the first payment ends the membership as any refund does (docs/payments.md).
    const credit = (await call('listMyPayments', {}, user)).body.payments[0]!.documents[1];
    expect(credit).toMatchObject({ kind: 'credit_note', totalCents: -995 });
    const nothingLeft = await call('refundPaymentAdmin', refund(user.uid, paymentId, 1), admin);
    expect(nothingLeft.body.error?.issues?.[0]?.message).toBe('Deze betaling is al helemaal terugbetaald');
  });

  it('two admins at once, each with their own request for what is left: one refund reaches Mollie, the other is told nothing is left', async () => {
    // Mollie itself accepts refunds up to € 25 above the payment's amount: Kring's check is the guard.
    const { user, paymentId } = await paidMember();
    const admin = await createMember(Role.Admin);
    const other = await createMember(Role.Admin);
    const [a, b] = await Promise.all([
      call('refundPaymentAdmin', refund(user.uid, paymentId, 995), admin),
      call('refundPaymentAdmin', refund(user.uid, paymentId, 995), other),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const refused = a.status === 400 ? a : b;
    expect(refused.body.error?.issues).toEqual([
      { path: 'amountCents', message: 'Deze betaling is al helemaal terugbetaald' },
    ]);
    expect(refundPosts(paymentId)).toHaveLength(1);
    expect(await refundsAtMollie(paymentId)).toHaveLength(1);
  });

  it('a refund Kring stored but its payment row does not show yet (the sync after it failed) still counts', async () => {
    const { user, paymentId } = await paidMember();
    const admin = await createMember(Role.Admin);
    ps.webhooks.mode = 'drop';
    // Mollie refunds, then is down for the payment sync right after (its webhook is lost too).
    const armed = ps.failAfter(`POST /v2/payments/${paymentId}/refunds`, 3);
    const first = await call('refundPaymentAdmin', refund(user.uid, paymentId, 333), admin);
    await armed;
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const row = await findPayment(await getDb(), paymentId);
    expect(cents(row!.amount_refunded)).toBe(0);
    expect(first.body.refundableCents).toBe(662);
    await ps.control('faults', undefined, 'DELETE');
    const over = await call('refundPaymentAdmin', refund(user.uid, paymentId, 995), admin);
    expect(over.body.error?.issues).toEqual([
      { path: 'amountCents', message: 'Er is nog €\u00a06,62 terug te betalen' },
    ]);
    expect(refundPosts(paymentId)).toHaveLength(1);
  });

  it('a refund of the same amount made in Mollie’s dashboard does not let a new request past what is left', async () => {
    const { user, paymentId } = await paidMember();
    const admin = await createMember(Role.Admin);
    const history = async () => (await call('listMyPayments', {}, user)).body.payments[0]!.refunds;
    await ps.control(`payments/${paymentId}/refund`, { amount: { currency: 'EUR', value: '5.00' } });
    await waitFor(async () => ((await history()).length ? true : null));
    const res = await call('refundPaymentAdmin', refund(user.uid, paymentId, 500), admin);
    expect(res.status).toBe(400);
    expect(res.body.error?.issues).toEqual([
      { path: 'amountCents', message: 'Er is nog €\u00a04,95 terug te betalen' },
    ]);
    expect(refundPosts(paymentId)).toEqual([]);
    expect(await logOf(user.uid, admin)).toEqual([]);
  });

  it('a refund made in Mollie’s dashboard shows with its status, which follows the payment’s webhooks', async () => {
    const { user, paymentId } = await paidMember();
    const history = async () => (await call('listMyPayments', {}, user)).body.payments[0]!.refunds;
    await ps.control(`payments/${paymentId}/refund`, {
      amount: { currency: 'EUR', value: '2.50' },
      status: 'pending',
    });
    const [atMollie] = await refundsAtMollie(paymentId);
    expect(await waitFor(async () => ((await history()).length ? history() : null))).toEqual([
      { id: atMollie!.id, amountCents: 250, status: 'pending', createdAt: expect.any(String) },
    ]);
    await ps.control(`refunds/${atMollie!.id}/status`, { status: 'refunded' });
    await waitFor(async () => ((await history())[0]?.status === 'refunded' ? true : null));
    // Not an admin's refund: no log entry, and no request claimed it.
    const admin = await createMember(Role.Admin);
    expect(await logOf(user.uid, admin)).toEqual([]);
  });

  it('a refund Mollie reports failed or canceled after its creditnota gets a herstelfactuur; the creditnota stays', async () => {
    const { user, paymentId } = await paidMember();
    const admin = await createMember(Role.Admin);
    const mine = async () => (await call('listMyPayments', {}, user)).body.payments[0]!;
    const documentsWhen = async (count: number) =>
      waitFor(async () => {
        const docs = (await mine()).documents;
        return docs.length === count ? docs : null;
      });
    // Two refunds Mollie accepted (pending: sent to the bank next business day); each gets its creditnota.
    await ps.control(`payments/${paymentId}/refund`, {
      amount: { currency: 'EUR', value: '2.00' },
      status: 'pending',
    });
    await documentsWhen(2);
    await ps.control(`payments/${paymentId}/refund`, {
      amount: { currency: 'EUR', value: '3.00' },
      status: 'pending',
    });
    await documentsWhen(3);
    const [second, first] = await refundsAtMollie(paymentId);
    expect([first!.amount.value, second!.amount.value]).toEqual(['2.00', '3.00']);

    // The bank refuses the first: the money never went back. Its webhook brings a correcting document.
    await ps.control(`refunds/${first!.id}/status`, { status: 'failed' });
    const docs = await documentsWhen(4);
    const [invoice, credit1, credit2, correction] = docs;
    expect(docs.map((d) => d.totalCents)).toEqual([995, -200, -300, 200]);
    expect([credit1!.kind, credit2!.kind, correction!.kind]).toEqual([
      'credit_note',
      'credit_note',
      'credit_note',
    ]);
    const pdf = await call('getReceiptAdmin', { uid: user.uid, number: correction!.number }, admin);
    const text = (await pdfText(Buffer.from(pdf.body.contentBase64, 'base64'))).replace(/\u00a0/g, ' ');
    for (const line of ['Herstelfactuur', `Betreft factuur\n${invoice!.number}`, 'Totaal\n€ 2,00'])
      expect(text).toContain(line);
    expect(text).toContain('niet uitgevoerd');

    // The second is canceled: a second correction; what the documents add up to is what was kept.
    await ps.control(`refunds/${second!.id}/status`, { status: 'canceled' });
    const all = await documentsWhen(5);
    expect(all.map((d) => d.totalCents)).toEqual([995, -200, -300, 200, 300]);
    expect((await mine()).refunds.map((r) => r.status).sort()).toEqual(['canceled', 'failed']);
    // A later webhook of the same payment issues nothing more.
    await postWebhook(paymentId);
    expect((await mine()).documents).toHaveLength(5);
    await expectGaplessNumbers();
  });

  it('resends a receipt: the member gets the PDF as issued, logged; unknown or another member’s number 404; a refusing mail server 503 and no log', async () => {
    const { user } = await paidMember();
    const other = await paidMember();
    const admin = await createMember(Role.Admin);
    const number = (await call('listMyPayments', {}, user)).body.payments[0]!.documents[0]!.number;
    const issued = await call('getReceipt', { number }, user);
    const input = { uid: user.uid, number, reason: 'Lid vroeg erom' };
    const res = await call('resendReceiptAdmin', input, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ sentTo: user.email });
    const mail = await smtp.mailTo(user.email);
    expect(mail?.subject).toBe(`Je factuur ${number} van Kring`);
    expect(mail?.text).toContain('Op je verzoek sturen we je factuur');
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`kring-factuur-${number}.pdf`, 'application/pdf'],
    ]);
    expect(mail?.attachments[0]?.content.toString('base64')).toBe(issued.body.contentBase64);
    expect(await logOf(user.uid, admin)).toEqual([
      expect.objectContaining({
        action: 'RESEND_RECEIPT',
        reason: 'Lid vroeg erom',
        details: expect.objectContaining({ number }),
      }),
    ]);

    expect((await call('resendReceiptAdmin', { ...input, uid: other.user.uid }, admin)).status).toBe(404);
    expect((await call('resendReceiptAdmin', { ...input, number: 'KR-999999' }, admin)).status).toBe(404);
    smtp.refused.add(user.email);
    try {
      const refused = await call('resendReceiptAdmin', input, admin);
      expect(refused.status).toBe(503);
      expect(refused.body.error?.reason).toBe('MAIL_UNAVAILABLE');
    } finally {
      smtp.refused.delete(user.email);
    }
    expect(await logOf(user.uid, admin)).toHaveLength(1);
    expect(smtp.inbox.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });
});
