import { describe, expect, it } from 'vitest';
import { call, callRaw } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
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
  type Visitor,
  waitFor,
} from '../../../test/subscription.ts';
import { getDb } from '../../lib/db.ts';
import { addPeriod } from '../period.ts';

let ps: PaymentSandbox;
usePaymentSandbox((started) => {
  ps = started;
});

async function payPlan(planId?: string, visitor?: Visitor) {
  const user = visitor ?? (await signUp());
  const res = await call(
    'createSubscriptionInitialPayment',
    { membership: details, ...(planId ? { planId } : {}) },
    user,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await checkout(res.body.checkoutUrl, 'paid');
  return { user: await signIn(user), paymentId: res.body.paymentId };
}

const receipt = async (user: Visitor, number: string) => {
  const res = await call('getReceipt', { number }, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...res.body, pdf: Buffer.from(res.body.contentBase64, 'base64') };
};

describe('plans', () => {
  it('lists the seeded plans publicly, with prices in cents and their VAT', async () => {
    const res = await call('listPlans', {});
    expect(res.status).toBe(200);
    expect(res.body.plans).toEqual([
      expect.objectContaining({
        id: 'maandelijks',
        name: 'Maandelijks',
        interval: '1 month',
        priceCents: 995,
      }),
      expect.objectContaining({
        id: 'jaarlijks',
        name: 'Jaarlijks',
        interval: '12 months',
        priceCents: 9900,
      }),
    ]);
    for (const plan of res.body.plans) expect(plan).toMatchObject({ currency: 'EUR', vatRateBp: 2100 });
  });

  it('the chosen plan sets the first payment, the membership price and the Mollie subscription', async () => {
    const { user, paymentId } = await payPlan('jaarlijks');
    const payment = await ps.mollie.payments.get(paymentId);
    expect(payment.amount).toEqual({ value: '99.00', currency: 'EUR' });
    const m = await membershipOf(user.uid);
    expect(m).toMatchObject({ status: 'active', plan_id: 'jaarlijks', price_cents: 9900 });
    // A year bought, and the subscription charges the plan's price every 12 months.
    expect(m!.expires_at!.toISOString()).toBe(
      addPeriod(new Date(payment.paidAt!), '12 months').toISOString(),
    );
    const subscription = await ps.mollie.customerSubscriptions.get(m!.mollie_subscription_id!, {
      customerId: m!.mollie_customer_id!,
    });
    expect(subscription).toMatchObject({
      amount: { value: '99.00', currency: 'EUR' },
      interval: '12 months',
    });
    await assertInvariants(ps, user.uid);
  });

  it('refuses a plan that does not exist with the Dutch text, before anything is made', async () => {
    const user = await signUp();
    const res = await call(
      'createSubscriptionInitialPayment',
      { membership: details, planId: 'gratis' },
      user,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION',
      issues: [{ path: 'planId', message: 'Kies een abonnement.' }],
    });
    expect(await membershipOf(user.uid)).toBeUndefined();
  });
});

describe('payment history and receipts', () => {
  it('lists the caller’s own payments with period, amount, method and the factuur; others see none of it', async () => {
    const { user, paymentId } = await payPlan('maandelijks');
    const other = await payPlan();
    const res = await call('listMyPayments', {}, user);
    expect(res.status).toBe(200);
    expect(res.body.payments).toHaveLength(1);
    const [item] = res.body.payments;
    const m = await membershipOf(user.uid);
    expect(item).toMatchObject({
      id: paymentId,
      amountCents: 995,
      currency: 'EUR',
      method: 'ideal',
      status: 'paid',
      refundedCents: 0,
      chargedBackCents: 0,
      planName: 'Maandelijks',
      periodEnd: m!.expires_at!.toISOString(),
      documents: [{ kind: 'invoice', totalCents: 995, number: expect.stringMatching(/^KR-\d{6}$/) }],
    });
    expect(res.body.payments.map((p) => p.id)).not.toContain(other.paymentId);
    expect((await callRaw('/web/billing/listMyPayments', {})).status).toBe(401);
  });

  it('the factuur is a PDF with number, issuer, member, period, VAT line and total; only its owner gets it', async () => {
    const { user } = await payPlan('jaarlijks');
    const number = (await call('listMyPayments', {}, user)).body.payments[0]!.documents[0]!.number;
    const { pdf, sha256, fileName } = await receipt(user, number);
    expect(fileName).toBe(`kring-factuur-${number}.pdf`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const line of [
      'Factuur',
      number,
      'Stichting Kring (demo)',
      'KvK-nummer: 00000000',
      'Btw-nummer: NL000000000B00',
      'Sanne de Boer',
      'Lange Voorhout 12 A',
      '2514 EE Den Haag',
      'Lidmaatschap Kring (Jaarlijks)',
      'Bedrag excl. btw',
      '€ 81,82',
      'Btw 21%',
      '€ 17,18',
      'Totaal',
      '€ 99,00',
    ]) {
      expect(text.replace(/\u00a0/g, ' ')).toContain(line);
    }
    expect(text).toMatch(/Periode\n\d{1,2} \w+ \d{4} tot \d{1,2} \w+ \d{4}/);

    // Stored as issued: the same bytes every time.
    expect((await receipt(user, number)).sha256).toBe(sha256);
    // The GDPR export carries the same document.
    const exported = await call('exportMyData', {}, user);
    expect(exported.status).toBe(200);
    expect(exported.body.invoices).toEqual([
      expect.objectContaining({
        number,
        kind: 'invoice',
        totalCents: 9900,
        sha256,
        pdfBase64: pdf.toString('base64'),
      }),
    ]);

    const stranger = await payPlan();
    expect((await call('getReceipt', { number }, stranger.user)).status).toBe(404);
    expect((await call('getReceipt', { number: 'KR-999999' }, user)).status).toBe(404);
    expect((await callRaw('/web/billing/getReceipt', { number: '1; drop' }, user.token)).status).toBe(400);
    expect((await callRaw('/web/billing/getReceipt', { number })).status).toBe(401);
  });

  it('a plan exempt from VAT prints "Vrijgesteld van btw" with its legal ground and no VAT amount', async () => {
    const db = await getDb();
    await db
      .insertInto('plans')
      .values({
        id: 'vrijgesteld-test',
        name: 'Vrijgesteld',
        interval: '1 month',
        price_cents: 500,
        vat_rate_bp: null,
        vat_exemption: 'art. 11 lid 1 sub e Wet OB 1968',
        active: false,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // An inactive plan cannot be chosen…
    const refused = await call(
      'createSubscriptionInitialPayment',
      { membership: details, planId: 'vrijgesteld-test' },
      await signUp(),
    );
    expect(refused.status).toBe(400);
    // …so make it choosable for this one payment.
    await db.updateTable('plans').set({ active: true }).where('id', '=', 'vrijgesteld-test').execute();
    try {
      const { user } = await payPlan('vrijgesteld-test');
      const number = (await call('listMyPayments', {}, user)).body.payments[0]!.documents[0]!.number;
      const text = (await pdfText((await receipt(user, number)).pdf)).replace(/\u00a0/g, ' ');
      expect(text).toContain('Vrijgesteld van btw\nart. 11 lid 1 sub e Wet OB 1968');
      expect(text).toContain('Bedrag excl. btw\n€ 5,00');
      expect(text).toContain('Totaal\n€ 5,00');
      expect(text).not.toMatch(/Btw \d/);
    } finally {
      await db.updateTable('plans').set({ active: false }).where('id', '=', 'vrijgesteld-test').execute();
    }
  });

  it('a membership from before plans (no plan recorded) gets the VAT treatment of the plans, not a fixed 21%', async () => {
    const db = await getDb();
    const { user } = await payPlan('maandelijks');
    const m = (await membershipOf(user.uid))!;
    // As 0012 left memberships and payments made before it: no plan, no price.
    await db
      .updateTable('memberships')
      .set({ plan_id: null, price_cents: null })
      .where('uid', '=', user.uid)
      .execute();
    await db.updateTable('payments').set({ plan_id: null }).where('uid', '=', user.uid).execute();
    const ground = 'art. 11 lid 1 sub e Wet OB 1968';
    await db
      .updateTable('plans')
      .set({ vat_rate_bp: null, vat_exemption: ground })
      .where('id', 'in', ['maandelijks', 'jaarlijks'])
      .execute();
    try {
      await chargeRenewal(ps, m.mollie_subscription_id!, 'paid');
      const renewal = (await call('listMyPayments', {}, user)).body.payments[0]!;
      const number = renewal.documents[0]!.number;
      const text = (await pdfText((await receipt(user, number)).pdf)).replace(/\u00a0/g, ' ');
      expect(text).toContain(`Vrijgesteld van btw\n${ground}`);
      expect(text).not.toMatch(/Btw \d/);
    } finally {
      await db
        .updateTable('plans')
        .set({ vat_rate_bp: 2100, vat_exemption: null })
        .where('id', 'in', ['maandelijks', 'jaarlijks'])
        .execute();
    }
  });

  it('a refund gives a negative creditnota that refers to the factuur, once, and shows in the history', async () => {
    const { user, paymentId } = await payPlan('maandelijks');
    const invoice = (await call('listMyPayments', {}, user)).body.payments[0]!.documents[0]!;
    await ps.control(`payments/${paymentId}/refund`, {});
    const item = await waitFor(async () => {
      const p = (await call('listMyPayments', {}, user)).body.payments[0]!;
      return p.documents.length === 2 ? p : null;
    });
    expect(item.refundedCents).toBe(995);
    const credit = item.documents[1]!;
    expect(credit).toMatchObject({ kind: 'credit_note', totalCents: -995 });
    const text = (await pdfText((await receipt(user, credit.number)).pdf)).replace(/\u00a0/g, ' ');
    expect(text).toContain('Creditnota');
    expect(text).toContain(`Betreft factuur\n${invoice.number}`);
    expect(text).toContain('Totaal\n€ -9,95');
    expect(text).toContain('Btw 21%\n€ -1,73');
    // The same webhook again issues nothing new.
    expect((await postWebhook(paymentId)).status).toBe(200);
    expect((await call('listMyPayments', {}, user)).body.payments[0]!.documents).toHaveLength(2);
  });
});
