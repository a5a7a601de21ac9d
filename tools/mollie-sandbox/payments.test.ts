import { type MollieApiError, PaymentMethod, SequenceType } from '@mollie/api-client';
import { describe, expect, it } from 'vitest';
import {
  type Receiver,
  submitCheckout,
  type TestSandbox,
  waitFor,
  withSandboxAndReceiver,
} from './test-support.ts';

let t: TestSandbox;
let receiver: Receiver;
const redirectUrl = 'http://127.0.0.1:5173/lid-worden/bedankt?ref=42';

withSandboxAndReceiver((sandbox, started) => {
  t = sandbox;
  receiver = started;
});

async function firstPayment(description = 'Kring lidmaatschap') {
  const customer = await t.mollie.customers.create({ name: 'Anna de Vries', email: 'anna@example.nl' });
  const payment = await t.mollie.payments.create({
    amount: { currency: 'EUR', value: '7.50' },
    description,
    redirectUrl,
    webhookUrl: receiver.url,
    metadata: { profileId: 42 },
    customerId: customer.id,
    sequenceType: SequenceType.first,
    method: PaymentMethod.ideal,
  });
  return { customer, payment };
}

const hitsFor = (id: string) => receiver.hits.filter((h) => h.id === id);

describe('first payment and hosted checkout', () => {
  it('creates an open first payment whose checkout link is a Dutch page on the plain-HTTP port', async () => {
    const { customer, payment } = await firstPayment('Kring <jaar> & meer');
    expect(customer.id).toMatch(/^cst_\w{10}$/);
    expect(payment).toMatchObject({
      resource: 'payment',
      status: 'open',
      sequenceType: 'first',
      method: 'ideal',
      customerId: customer.id,
      amount: { currency: 'EUR', value: '7.50' },
      metadata: { profileId: 42 },
      mode: 'test',
    });
    expect(payment.id).toMatch(/^tr_\w{10}$/);
    const href = payment.getCheckoutUrl();
    expect(href).toBe(`${t.sandbox.checkoutBaseUrl}checkout/${payment.id}`);
    expect(href?.startsWith('http://127.0.0.1:')).toBe(true);
    expect(payment._links.self.href).toBe(`${t.sandbox.apiUrl}payments/${payment.id}`);

    const page = await fetch(href!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toMatch(/€\s7,50/);
    expect(html).toContain('Kring &lt;jaar&gt; &amp; meer');
    for (const [value, label] of [
      ['paid', 'Betaald'],
      ['failed', 'Mislukt'],
      ['canceled', 'Geannuleerd'],
      ['expired', 'Verlopen'],
    ]) {
      expect(html).toContain(
        `<button type="submit" name="status" value="${value}" aria-describedby="uitleg-${value}">${label}</button>`,
      );
    }
    expect(html).toContain('<legend>Kies de uitkomst van deze betaling</legend>');
  });

  it.each([
    ['paid', 'paidAt'],
    ['failed', 'failedAt'],
    ['canceled', 'canceledAt'],
    ['expired', 'expiredAt'],
  ] as const)(
    'the checkout button %s sets the status, delivers the webhook, then redirects',
    async (status, stamp) => {
      const { customer, payment } = await firstPayment();
      const response = await submitCheckout(payment.getCheckoutUrl()!, status);
      // The first webhook attempt has completed before the browser is sent back.
      expect(hitsFor(payment.id)).toHaveLength(1);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(redirectUrl);

      const [hit] = hitsFor(payment.id);
      expect(hit?.contentType).toBe('application/x-www-form-urlencoded');
      expect(hit?.body).toBe(`id=${payment.id}`);

      const after = await t.mollie.payments.get(payment.id);
      expect(after.status).toBe(status);
      expect(after[stamp]).toBeTruthy();
      expect(after.getCheckoutUrl()).toBeNull();
      expect(after.isCancelable).toBe(false);
      const mandates = await t.mollie.customerMandates.page({ customerId: customer.id });
      if (status === 'paid') {
        expect(after.mandateId).toMatch(/^mdt_/);
        expect(after.details).toMatchObject({ consumerName: 'T. TEST', consumerBic: 'INGBNL2A' });
        expect(mandates).toHaveLength(1);
        expect(mandates[0]).toMatchObject({ id: after.mandateId, status: 'valid', method: 'directdebit' });
        expect(mandates[0]?.details).toMatchObject({
          consumerAccount: expect.stringMatching(/^NL\d{2}INGB\d{10}$/),
        });
        const mandate = await t.mollie.customerMandates.get(after.mandateId!, { customerId: customer.id });
        expect(mandate.status).toBe('valid');
      } else {
        expect(after.mandateId).toBeUndefined();
        expect(mandates).toHaveLength(0);
      }
    },
  );

  it.each(['paid', 'failed', 'canceled', 'expired'] as const)(
    'the control endpoint sets %s like the checkout page does',
    async (status) => {
      const { payment } = await firstPayment();
      const result = await t.control<{
        payment: { status: string };
        webhook: { ok: boolean; status: number };
      }>(`payments/${payment.id}/status`, { status });
      expect(result.status).toBe(200);
      expect(result.body.payment.status).toBe(status);
      expect(result.body.webhook).toMatchObject({ ok: true, status: 200 });
      expect(hitsFor(payment.id).map((h) => h.body)).toEqual([`id=${payment.id}`]);
      expect((await t.mollie.payments.get(payment.id)).status).toBe(status);
    },
  );

  it('refuses a second outcome for a finished payment, on the page and through the control', async () => {
    const { payment } = await firstPayment();
    await submitCheckout(payment.getCheckoutUrl()!, 'failed');
    const again = await submitCheckout(payment.getCheckoutUrl()!, 'paid');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Deze betaling is mislukt');
    const control = await t.control<{ status: number; field: string }>(`payments/${payment.id}/status`, {
      status: 'paid',
    });
    expect(control.status).toBe(422);
    expect(control.body).toMatchObject({ status: 422, field: 'status' });
    expect((await t.mollie.payments.get(payment.id)).status).toBe('failed');
  });

  it('sends a payer who cancels to cancelUrl when the payment has one', async () => {
    const customer = await t.mollie.customers.create({});
    const payment = await t.mollie.payments.create({
      amount: { currency: 'EUR', value: '7.50' },
      description: 'Met cancelUrl',
      redirectUrl,
      cancelUrl: 'http://127.0.0.1:5173/lid-worden?geannuleerd=1',
      customerId: customer.id,
    });
    const response = await submitCheckout(payment.getCheckoutUrl()!, 'canceled');
    expect(response.headers.get('location')).toBe('http://127.0.0.1:5173/lid-worden?geannuleerd=1');
  });

  it('a paid one-off payment creates no mandate', async () => {
    const customer = await t.mollie.customers.create({ name: 'Bert' });
    const payment = await t.mollie.payments.create({
      amount: { currency: 'EUR', value: '3.00' },
      description: 'Losse bijdrage',
      redirectUrl,
      customerId: customer.id,
    });
    expect(payment.sequenceType).toBe('oneoff');
    await t.control(`payments/${payment.id}/status`, { status: 'paid' });
    const paid = await t.mollie.payments.get(payment.id);
    expect(paid.status).toBe('paid');
    expect(paid.method).toBe('ideal');
    expect(paid.mandateId).toBeUndefined();
    expect(paid.amountRemaining).toEqual({ currency: 'EUR', value: '3.00' });
    expect(await t.mollie.customerMandates.page({ customerId: customer.id })).toHaveLength(0);
  });

  it('cancels an open payment through the client and notifies the webhook', async () => {
    const { payment } = await firstPayment();
    expect(payment.isCancelable).toBe(true);
    const canceled = await t.mollie.payments.cancel(payment.id);
    expect(canceled.status).toBe('canceled');
    await waitFor(() => hitsFor(payment.id).length === 1);
  });

  it('reports validation errors as ApiError with statusCode, title and field', async () => {
    const customer = await t.mollie.customers.create({});
    const attempts: [object, string][] = [
      [{ amount: { currency: 'EUR', value: '10' }, description: 'x', redirectUrl }, 'amount.value'],
      [{ amount: { currency: 'EUR', value: 10 }, description: 'x', redirectUrl }, 'amount.value'],
      [{ amount: { currency: 'EUR', value: '10.00' }, redirectUrl }, 'description'],
      [{ amount: { currency: 'EUR', value: '10.00' }, description: 'x' }, 'redirectUrl'],
      [
        { amount: { currency: 'EUR', value: '10.00' }, description: 'x', redirectUrl, sequenceType: 'first' },
        'customerId',
      ],
      [
        { amount: { currency: 'EUR', value: '10.00' }, description: 'x', redirectUrl, method: 'bitcoin' },
        'method',
      ],
      [
        {
          amount: { currency: 'EUR', value: '10.00' },
          description: 'x',
          redirectUrl,
          customerId: customer.id,
          sequenceType: 'recurring',
        },
        'none',
      ],
    ];
    for (const [params, field] of attempts) {
      const error = await t.mollie.payments
        .create(params as Parameters<typeof t.mollie.payments.create>[0])
        .then(
          () => null,
          (e: MollieApiError) => e,
        );
      expect(error?.name, JSON.stringify(params)).toBe('ApiError');
      expect(error).toMatchObject({ statusCode: 422, title: 'Unprocessable Entity' });
      expect(error?.field).toBe(field === 'none' ? undefined : field);
      expect(error?.message.length).toBeGreaterThan(5);
    }
  });
});

describe('webhook delivery', () => {
  it('retries while the receiver answers 500, then stops after the success', async () => {
    receiver.answers.push(500, 500);
    const { payment } = await firstPayment();
    const first = await t.control<{ webhook: { ok: boolean; status: number; attempt: number } }>(
      `payments/${payment.id}/status`,
      { status: 'paid' },
    );
    expect(first.body.webhook).toMatchObject({ ok: false, status: 500, attempt: 1 });
    await waitFor(() => hitsFor(payment.id).length === 3);
    const log = await t.control<{
      attempts: { attempt: number; status: number; ok: boolean }[];
      deliveries: { state: string }[];
    }>(`webhooks?paymentId=${payment.id}`);
    expect(log.body.attempts.map((a) => [a.attempt, a.status, a.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(log.body.deliveries).toMatchObject([{ state: 'delivered' }]);
    // Gaps follow the configured schedule (50 ms, then 100 ms).
    const [a, b, c] = hitsFor(payment.id).map((h) => h.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(45);
    expect(c - b).toBeGreaterThanOrEqual(95);
    expect(t.logs.some((l) => l.includes(`webhook ${payment.id}`) && l.includes('retry in 50 ms'))).toBe(
      true,
    );
  });

  it('gives up after the last scheduled attempt when the receiver is unreachable', async () => {
    const customer = await t.mollie.customers.create({});
    const payment = await t.mollie.payments.create({
      amount: { currency: 'EUR', value: '1.00' },
      description: 'Onbereikbaar',
      redirectUrl,
      webhookUrl: 'http://127.0.0.1:9/nobody-listens',
      customerId: customer.id,
    });
    await t.control(`payments/${payment.id}/status`, { status: 'paid' });
    const body = await waitFor(async () => {
      const log = await t.control<{
        attempts: { status: number | null; error: string }[];
        deliveries: { state: string }[];
      }>(`webhooks?paymentId=${payment.id}`);
      return log.body.deliveries[0]?.state === 'gave-up' ? log.body : null;
    });
    expect(body.attempts).toHaveLength(4);
    expect(body.attempts.every((a) => a.status === null && a.error === 'ECONNREFUSED')).toBe(true);
  });
});
