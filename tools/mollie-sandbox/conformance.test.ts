import { readFileSync } from 'node:fs';
import https from 'node:https';
import { Client } from 'mollie-api-typescript';
import { HTTPClient } from 'mollie-api-typescript/lib/http.js';
import { ErrorResponse, SDKValidationError } from 'mollie-api-typescript/models/errors';
import { describe, expect, it } from 'vitest';
import {
  apiKey,
  type Receiver,
  submitCheckout,
  type TestSandbox,
  withSandboxAndReceiver,
} from './test-support.ts';

/**
 * Conformance: Mollie's generated TypeScript SDK (`mollie-api-typescript`) validates every answer
 * against Mollie's published OpenAPI schema. The billing flow runs through it step by step against
 * the sandbox; a step fails when the sandbox's answer does not match the schema. Each step keeps the
 * raw answer of a refused call so that the steps after it still run (and show their own result).
 */

let t: TestSandbox;
let receiver: Receiver;
let mollie: Client;

/** The SDK uses fetch; the sandbox's certificate comes from its own CA, so requests go through https with it. */
function sandboxFetcher(ca: string) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    return new Promise((resolve, reject) => {
      const req = https.request(
        request.url,
        { method: request.method, headers: Object.fromEntries(request.headers), ca },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const status = res.statusCode ?? 500;
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
            const text = Buffer.concat(chunks);
            resolve(new Response(status === 204 ? null : text, { status, headers }));
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}

withSandboxAndReceiver((sandbox, started) => {
  t = sandbox;
  receiver = started;
  mollie = new Client({
    security: { apiKey },
    serverURL: t.sandbox.apiUrl.replace(/\/v2\/$/, ''),
    httpClient: new HTTPClient({ fetcher: sandboxFetcher(readFileSync(t.sandbox.caCertPath, 'utf8')) }),
    retryConfig: { strategy: 'none' },
  });
});

type Raw = Record<string, unknown> & { id?: string };

/**
 * Runs one SDK call. A schema mismatch (SDKValidationError) still yields the raw answer, so the flow
 * goes on; the step then fails with the SDK's own explanation of what did not match.
 */
async function sdk<T>(call: Promise<T>): Promise<{ value: T | Raw; mismatch: string | null }> {
  try {
    return { value: await call, mismatch: null };
  } catch (error) {
    if (error instanceof SDKValidationError) {
      return { value: error.rawValue as Raw, mismatch: error.pretty() };
    }
    throw error;
  }
}

/** The items of a list answer, whether the SDK parsed it (`result.embedded`) or refused it (raw `_embedded`). */
function items(value: unknown, key: string): Raw[] {
  type Embedded = Record<string, Raw[]>;
  const v = value as { result?: { embedded?: Embedded }; _embedded?: Embedded };
  return (v.result?.embedded ?? v._embedded)?.[key] ?? [];
}

const amount = { currency: 'EUR', value: '9.95' };
const state: {
  customerId: string;
  firstPaymentId: string;
  mandateId: string;
  cardMandateId: string;
  subscriptionId: string;
  renewalId: string;
} = {
  customerId: '',
  firstPaymentId: '',
  mandateId: '',
  cardMandateId: '',
  subscriptionId: '',
  renewalId: '',
};

describe('conformance with Mollie’s published schema (mollie-api-typescript)', () => {
  it('1. creates a customer', async () => {
    const r = await sdk(
      mollie.customers.create({
        entityCustomer: { name: 'Sanne', email: 'sanne@example.nl', locale: 'nl_NL' },
      }),
    );
    state.customerId = (r.value as Raw).id!;
    expect(r.mismatch).toBeNull();
    expect(state.customerId).toMatch(/^cst_/);
  });

  it('2. creates a first payment (iDEAL) for the customer', async () => {
    const r = await sdk(
      mollie.payments.create({
        paymentRequest: {
          description: 'Kring lidmaatschap, eerste betaling',
          amount,
          redirectUrl: 'http://127.0.0.1:5173/bedankt',
          webhookUrl: receiver.url,
          method: 'ideal',
          sequenceType: 'first',
          customerId: state.customerId,
          metadata: { plan: 'maandelijks' },
        },
      }),
    );
    state.firstPaymentId = (r.value as Raw).id!;
    expect(r.mismatch).toBeNull();
    expect(r.value).toMatchObject({ status: 'open', sequenceType: 'first' });
  });

  it('3. the payment is paid and carries its mandate', async () => {
    const checkout = `${t.sandbox.checkoutBaseUrl}checkout/${state.firstPaymentId}`;
    expect((await submitCheckout(checkout, 'paid')).status).toBe(303);
    const r = await sdk(mollie.payments.get({ paymentId: state.firstPaymentId }));
    state.mandateId = (r.value as Raw).mandateId as string;
    expect(r.mismatch).toBeNull();
    expect(r.value).toMatchObject({ status: 'paid', customerId: state.customerId });
    expect(state.mandateId).toMatch(/^mdt_/);
  });

  it('4. lists the customer’s mandates', async () => {
    const r = await sdk(mollie.mandates.list({ customerId: state.customerId }));
    expect(r.mismatch).toBeNull();
    expect(items(r.value, 'mandates').map((m) => m.id)).toEqual([state.mandateId]);
  });

  it('5. gets the mandate', async () => {
    const r = await sdk(mollie.mandates.get({ customerId: state.customerId, mandateId: state.mandateId }));
    expect(r.mismatch).toBeNull();
    expect(r.value).toMatchObject({ status: 'valid', method: 'directdebit', customerId: state.customerId });
  });

  it('6. creates a subscription on the mandate', async () => {
    const r = await sdk(
      mollie.subscriptions.create({
        customerId: state.customerId,
        subscriptionRequest: {
          amount,
          interval: '1 month',
          description: 'Kring Maandelijks',
          startDate: '2031-03-15',
          mandateId: state.mandateId,
          webhookUrl: receiver.url,
          metadata: { plan: 'maandelijks' },
        },
      }),
    );
    state.subscriptionId = (r.value as Raw).id!;
    expect(r.mismatch).toBeNull();
    expect(r.value).toMatchObject({ status: 'active', nextPaymentDate: '2031-03-15' });
  });

  it('7. gets the subscription', async () => {
    const r = await sdk(
      mollie.subscriptions.get({ customerId: state.customerId, subscriptionId: state.subscriptionId }),
    );
    expect(r.mismatch).toBeNull();
    expect(r.value).toMatchObject({ id: state.subscriptionId, mandateId: state.mandateId });
  });

  it('8. lists the customer’s subscriptions, and all subscriptions', async () => {
    const mine = await sdk(mollie.subscriptions.list({ customerId: state.customerId }));
    const all = await sdk(mollie.subscriptions.all({}));
    expect([mine.mismatch, all.mismatch]).toEqual([null, null]);
    expect(items(mine.value, 'subscriptions').map((s) => s.id)).toEqual([state.subscriptionId]);
    expect(items(all.value, 'subscriptions').map((s) => s.id)).toContain(state.subscriptionId);
  });

  it('9. updates the subscription: a new amount and a new (card) mandate', async () => {
    const first = await sdk(
      mollie.payments.create({
        paymentRequest: {
          description: 'Betaalmethode wijzigen',
          amount: { currency: 'EUR', value: '0.01' },
          redirectUrl: 'http://127.0.0.1:5173/bedankt',
          method: 'creditcard',
          sequenceType: 'first',
          customerId: state.customerId,
        },
      }),
    );
    const firstId = (first.value as Raw).id!;
    await submitCheckout(`${t.sandbox.checkoutBaseUrl}checkout/${firstId}`, 'paid');
    const paid = await sdk(mollie.payments.get({ paymentId: firstId }));
    state.cardMandateId = (paid.value as Raw).mandateId as string;
    const r = await sdk(
      mollie.subscriptions.update({
        customerId: state.customerId,
        subscriptionId: state.subscriptionId,
        requestBody: { amount: { currency: 'EUR', value: '99.00' }, mandateId: state.cardMandateId },
      }),
    );
    expect([first.mismatch, paid.mismatch, r.mismatch]).toEqual([null, null, null]);
    expect(r.value).toMatchObject({ amount: { value: '99.00' }, mandateId: state.cardMandateId });
  });

  it('10. lists the payments: the customer’s, the subscription’s and all', async () => {
    const run = await t.control<{ payment: { id: string } }>(
      `subscriptions/${state.subscriptionId}/run-next`,
      {
        outcome: 'paid',
      },
    );
    state.renewalId = run.body.payment.id;
    const customer = await sdk(mollie.customers.listPayments({ customerId: state.customerId }));
    const subscription = await sdk(
      mollie.subscriptions.listPayments({
        customerId: state.customerId,
        subscriptionId: state.subscriptionId,
      }),
    );
    const all = await sdk(mollie.payments.list({}));
    expect([customer.mismatch, subscription.mismatch, all.mismatch]).toEqual([null, null, null]);
    expect(items(subscription.value, 'payments').map((p) => p.id)).toEqual([state.renewalId]);
    expect(items(customer.value, 'payments').map((p) => p.id)).toContain(state.firstPaymentId);
  });

  it('11. refunds part of the renewal, with metadata', async () => {
    const r = await sdk(
      mollie.refunds.create({
        paymentId: state.renewalId,
        refundRequest: {
          amount: { currency: 'EUR', value: '10.00' },
          description: 'Coulance',
          metadata: { reason: 'coulance' },
        },
      }),
    );
    expect(r.mismatch).toBeNull();
    expect(r.value).toMatchObject({ status: 'refunded', metadata: { reason: 'coulance' } });
  });

  it('12. lists the payment’s refunds and all refunds', async () => {
    const mine = await sdk(mollie.refunds.list({ paymentId: state.renewalId }));
    const all = await sdk(mollie.refunds.all({}));
    expect([mine.mismatch, all.mismatch]).toEqual([null, null]);
    expect(items(mine.value, 'refunds').map((x) => x.metadata)).toEqual([{ reason: 'coulance' }]);
    expect(items(all.value, 'refunds')).toHaveLength(1);
  });

  it('13. lists the payment’s chargebacks and all chargebacks', async () => {
    await t.control(`payments/${state.firstPaymentId}/chargeback`, { reason: 'MD06' });
    const mine = await sdk(mollie.chargebacks.list({ paymentId: state.firstPaymentId }));
    const all = await sdk(mollie.chargebacks.all({}));
    expect([mine.mismatch, all.mismatch]).toEqual([null, null]);
    expect(items(mine.value, 'chargebacks').map((c) => c.reason)).toEqual([
      { code: 'MD06', description: 'Refund request by end customer' },
    ]);
    expect(items(all.value, 'chargebacks')).toHaveLength(1);
  });

  it('14. revokes the old mandate; the subscription on the new one stays', async () => {
    const r = await sdk(mollie.mandates.revoke({ customerId: state.customerId, mandateId: state.mandateId }));
    expect(r.mismatch).toBeNull();
    const after = await sdk(
      mollie.mandates.get({ customerId: state.customerId, mandateId: state.mandateId }),
    );
    expect(after.value).toMatchObject({ status: 'invalid' });
    const sub = await sdk(
      mollie.subscriptions.get({ customerId: state.customerId, subscriptionId: state.subscriptionId }),
    );
    expect(sub.value).toMatchObject({ status: 'active' });
  });

  it('15. cancels the subscription', async () => {
    const r = await sdk(
      mollie.subscriptions.cancel({ customerId: state.customerId, subscriptionId: state.subscriptionId }),
    );
    expect(r.mismatch).toBeNull();
    expect(r.value).toMatchObject({ status: 'canceled' });
  });
});

describe('conformance of the billing calls: failures, return codes, chargebacks (mollie-api-typescript)', () => {
  it('a failed direct-debit renewal, a failed card renewal and a chargeback validate, with their reasons', async () => {
    const customer = await sdk(
      mollie.customers.create({ entityCustomer: { name: 'Daan', locale: 'nl_NL' } }),
    );
    const customerId = (customer.value as Raw).id!;
    const first = await sdk(
      mollie.payments.create({
        paymentRequest: {
          description: 'Eerste betaling',
          amount,
          redirectUrl: 'http://127.0.0.1:5173/bedankt',
          method: 'ideal',
          sequenceType: 'first',
          customerId,
        },
      }),
    );
    await submitCheckout(`${t.sandbox.checkoutBaseUrl}checkout/${(first.value as Raw).id}`, 'paid');
    const sub = await sdk(
      mollie.subscriptions.create({
        customerId,
        subscriptionRequest: {
          amount,
          interval: '1 month',
          description: 'Kring Maandelijks',
          webhookUrl: receiver.url,
        },
      }),
    );
    const subscriptionId = (sub.value as Raw).id!;

    await t.control(`subscriptions/${subscriptionId}/next-renewal`, {
      outcome: 'failed',
      bankReasonCode: 'MS02',
    });
    const storno = await t.control<{ payment: { id: string } }>(
      `subscriptions/${subscriptionId}/run-next`,
      {},
    );
    const failedDebit = await sdk(mollie.payments.get({ paymentId: storno.body.payment.id }));
    expect(failedDebit.mismatch).toBeNull();
    expect(failedDebit.value).toMatchObject({
      status: 'failed',
      method: 'directdebit',
      details: { bankReasonCode: 'MS02', bankReason: 'Refused by debtor' },
    });

    const renewal = await t.control<{ payment: { id: string } }>(`subscriptions/${subscriptionId}/run-next`, {
      outcome: 'paid',
    });
    await t.control(`payments/${renewal.body.payment.id}/chargeback`, { reason: 'MD06' });
    const chargebacks = await sdk(mollie.chargebacks.list({ paymentId: renewal.body.payment.id }));
    const chargebackId = items(chargebacks.value, 'chargebacks')[0]!.id!;
    const chargeback = await sdk(
      mollie.chargebacks.get({ paymentId: renewal.body.payment.id, chargebackId }),
    );
    const chargedBack = await sdk(mollie.payments.get({ paymentId: renewal.body.payment.id }));
    expect([chargebacks.mismatch, chargeback.mismatch, chargedBack.mismatch]).toEqual([null, null, null]);
    expect(chargeback.value).toMatchObject({ reason: { code: 'MD06' } });
    expect(chargedBack.value).toMatchObject({ status: 'paid', amountChargedBack: amount });
    expect((chargedBack.value as Raw).details).not.toHaveProperty('bankReasonCode');

    const card = await sdk(
      mollie.payments.create({
        paymentRequest: {
          description: 'Betaalmethode wijzigen',
          amount: { currency: 'EUR', value: '0.01' },
          redirectUrl: 'http://127.0.0.1:5173/bedankt',
          method: 'creditcard',
          sequenceType: 'first',
          customerId,
          locale: 'nl_NL',
        },
      }),
    );
    await submitCheckout(`${t.sandbox.checkoutBaseUrl}checkout/${(card.value as Raw).id}`, 'paid');
    const cardMandateId = (
      (await sdk(mollie.payments.get({ paymentId: (card.value as Raw).id! }))).value as Raw
    ).mandateId as string;
    await sdk(
      mollie.subscriptions.update({
        customerId,
        subscriptionId,
        requestBody: { mandateId: cardMandateId },
      }),
    );
    await t.control(`customers/${customerId}/next-renewal`, { failureReason: 'insufficient_funds' });
    const declined = await t.control<{ payment: { id: string } }>(
      `subscriptions/${subscriptionId}/run-next`,
      {},
    );
    const failedCard = await sdk(mollie.payments.get({ paymentId: declined.body.payment.id }));
    expect(failedCard.mismatch).toBeNull();
    expect(failedCard.value).toMatchObject({
      status: 'failed',
      method: 'creditcard',
      details: { failureReason: 'insufficient_funds', failureMessage: expect.any(String) },
    });

    // Charged back in full: nothing is left to refund, as at Mollie; the error body fits the schema too.
    const refused = await mollie.refunds
      .create({ paymentId: renewal.body.payment.id, refundRequest: { amount, description: 'x' } })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(refused).toBeInstanceOf(ErrorResponse);
    expect(refused).toMatchObject({ status: 422, field: 'amount' });
  });
});
