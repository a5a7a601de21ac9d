import { existsSync, readdirSync, readFileSync } from 'node:fs';
import https from 'node:https';
import { join } from 'node:path';
import { type MollieApiError, PaymentMethod, SequenceType } from '@mollie/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKey,
  createMollie,
  startReceiver,
  startTestSandbox,
  submitCheckout,
  type TestSandbox,
  tempDir,
  waitFor,
} from './test-support.ts';

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
});

afterAll(async () => {
  await t.sandbox.close();
});

const fail = (e: MollieApiError) => e;

/** A raw HTTPS call trusting only the sandbox CA, to see exactly what goes over the wire. */
function rawRequest(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      new URL(path, t.sandbox.apiUrl),
      { ca: readFileSync(t.sandbox.caCertPath), headers },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function customerCount(): Promise<number> {
  let count = 0;
  for await (const _ of t.mollie.customers.iterate()) count += 1;
  return count;
}

describe('authentication, TLS and errors', () => {
  it('answers 401 in Mollie’s error shape without a key or with a malformed one', async () => {
    const missing = await rawRequest('customers');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({
      status: 401,
      title: 'Unauthorized Request',
      detail: expect.stringContaining('authenticate'),
      _links: { documentation: { href: `${t.sandbox.checkoutBaseUrl}docs#errors`, type: 'text/html' } },
    });
    const good = await rawRequest('customers', { authorization: `Bearer ${apiKey}` });
    expect(good.status).toBe(200);

    for (const badKey of ['test_tooShort', 'live_KringSandboxTestKey00000000000']) {
      const client = createMollie({
        apiKey: badKey,
        apiEndpoint: t.sandbox.apiUrl,
        caCertPath: t.sandbox.caCertPath,
      });
      const error = await client.customers.create({}).then(() => null, fail);
      expect(error).toMatchObject({ name: 'ApiError', statusCode: 401, title: 'Unauthorized Request' });
    }
  });

  it('keeps TLS verification on: without the sandbox CA the client refuses the connection', async () => {
    const agentBefore = https.Agent;
    const untrusting = createMollie({ apiKey, apiEndpoint: t.sandbox.apiUrl });
    const error = await untrusting.customers.create({}).then(() => null, fail);
    expect(error?.name).toBe('ApiError');
    expect(error?.statusCode).toBeUndefined();
    expect(error?.message).toMatch(/certificate/i);
    // createMollie only swaps https.Agent during construction.
    expect(https.Agent).toBe(agentBefore);
    expect(() => createMollie({ apiKey, caCertPath: t.sandbox.caCertPath })).toThrow(/apiEndpoint/);
  });

  it('answers 404 for unknown resources; the client throws ApiError with statusCode and title', async () => {
    const error = await t.mollie.payments.get('tr_doesNotExst').then(() => null, fail);
    expect(error).toMatchObject({
      name: 'ApiError',
      statusCode: 404,
      title: 'Not Found',
      message: 'No payment exists with token tr_doesNotExst.',
    });
    expect(error?.getDocumentationUrl()).toBe(`${t.sandbox.checkoutBaseUrl}docs#errors`);
  });

  it('pages lists newest first and the client follows _links.next', async () => {
    const created = [];
    for (const name of ['P1', 'P2', 'P3']) created.push(await t.mollie.customers.create({ name }));
    const page = await t.mollie.customers.page({ limit: 2 });
    expect(page.map((c) => c.name)).toEqual(['P3', 'P2']);
    expect(page.nextPageCursor).toBe(created[0]?.id);
    const next = await page.nextPage!();
    expect(next[0]?.name).toBe('P1');
    const all: string[] = [];
    for await (const customer of t.mollie.customers.iterate()) all.push(customer.id);
    expect(all.slice(0, 3)).toEqual(created.map((c) => c.id).reverse());
  });
});

describe('fault injection and idempotency', () => {
  it('the client retries a 5xx twice (3 attempts in all): 2 faults are survived, 3 are not', async () => {
    const before = await customerCount();
    const armed = await t.control<{ remaining: number }>('faults', {
      count: 2,
      status: 503,
      retryAfterSeconds: 0,
    });
    expect(armed.body.remaining).toBe(2);
    const customer = await t.mollie.customers.create({ name: 'Na twee storingen' });
    expect(customer.name).toBe('Na twee storingen');
    expect((await t.control<{ remaining: number }>('faults')).body.remaining).toBe(0);
    expect(t.logs.filter((l) => l.startsWith('POST /v2/customers -> 503'))).toHaveLength(2);

    await t.control('faults', { count: 3, status: 502, retryAfterSeconds: 0 });
    const error = await t.mollie.customers.create({ name: 'Nooit' }).then(() => null, fail);
    expect(error).toMatchObject({ name: 'ApiError', statusCode: 502, title: 'Bad Gateway' });
    expect(error?.idempotencyKey).toBeTruthy();
    expect(await customerCount()).toBe(before + 1);
  });

  it('without Retry-After the client waits its default 2 s between attempts', async () => {
    await t.control('faults', { count: 1 });
    const started = Date.now();
    await t.mollie.customers.create({ name: 'Geduldig' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('a fault after processing is healed by the retry: the Idempotency-Key replays the same resource', async () => {
    const before = await customerCount();
    const faultLines = () => t.logs.filter((l) => l.startsWith('POST /v2/customers -> 503')).length;
    const faultsBefore = faultLines();
    await t.control('faults', { count: 1, mode: 'after', retryAfterSeconds: 0 });
    const customer = await t.mollie.customers.create({ name: 'Precies één keer' });
    expect(faultLines()).toBe(faultsBefore + 1);
    expect(await customerCount()).toBe(before + 1);
    expect((await t.mollie.customers.get(customer.id)).name).toBe('Precies één keer');
  });

  it('a 4xx fault (Mollie refusing) is answered once and not retried by the client', async () => {
    const before = await customerCount();
    await t.control('faults', { count: 1, status: 422 });
    const error = await t.mollie.customers.create({ name: 'Geweigerd' }).then(() => null, fail);
    expect(error).toMatchObject({ name: 'ApiError', statusCode: 422 });
    expect(t.logs.filter((l) => l.startsWith('POST /v2/customers -> 422'))).toHaveLength(1);
    expect(await customerCount()).toBe(before);
    expect((await t.control('faults', { count: 1, status: 399 })).status).toBe(422);
  });

  it('a fault armed for one method hits only requests with that method', async () => {
    const customer = await t.mollie.customers.create({ name: 'Alleen DELETE' });
    await t.control('faults', { count: 1, status: 400, method: 'DELETE' });
    // A GET and a POST pass untouched; the fault waits for the DELETE.
    expect((await t.mollie.customers.get(customer.id)).name).toBe('Alleen DELETE');
    await t.mollie.customers.create({ name: 'Ook door' });
    expect((await t.control<{ remaining: number }>('faults')).body.remaining).toBe(1);
    const error = await t.mollie.customers.delete(customer.id).then(() => null, fail);
    expect(error).toMatchObject({ statusCode: 400 });
    expect((await t.control<{ remaining: number }>('faults')).body.remaining).toBe(0);
    expect((await t.control('faults', { count: 1, method: 'delete' })).status).toBe(422);
  });

  it('clears armed faults with DELETE', async () => {
    await t.control('faults', { count: 5 });
    const cleared = await t.control<{ remaining: number }>('faults', undefined, 'DELETE');
    expect(cleared.body.remaining).toBe(0);
    await t.mollie.customers.create({});
  });

  it('the same Idempotency-Key with the same body returns the same resource; another body is refused', async () => {
    const params = { name: 'Idem', email: 'idem@example.nl', idempotencyKey: 'kring-signup-42' };
    const one = await t.mollie.customers.create(params);
    const two = await t.mollie.customers.create(params);
    expect(two.id).toBe(one.id);
    const clash = await t.mollie.customers.create({ ...params, name: 'Anders' }).then(() => null, fail);
    expect(clash).toMatchObject({ statusCode: 422 });

    const payment = {
      amount: { currency: 'EUR', value: '7.50' },
      description: 'Idem',
      redirectUrl: 'http://127.0.0.1:5173/bedankt',
      customerId: one.id,
      sequenceType: SequenceType.first,
      idempotencyKey: 'kring-first-payment-42',
    };
    const p1 = await t.mollie.payments.create(payment);
    const p2 = await t.mollie.payments.create(payment);
    expect(p2.id).toBe(p1.id);
  });
});

describe('persistence and reset', () => {
  it('keeps customers, payments, mandates, subscriptions and the CA across a restart', async () => {
    const dataDir = tempDir();
    const first = await startTestSandbox(dataDir);
    const customer = await first.mollie.customers.create({ name: 'Blijvend' });
    const payment = await first.mollie.payments.create({
      amount: { currency: 'EUR', value: '7.50' },
      description: 'Eerste',
      redirectUrl: 'http://127.0.0.1:5173/bedankt',
      customerId: customer.id,
      sequenceType: SequenceType.first,
      method: PaymentMethod.ideal,
    });
    await submitCheckout(payment.getCheckoutUrl()!, 'paid');
    const sub = await first.mollie.customerSubscriptions.create({
      customerId: customer.id,
      amount: { currency: 'EUR', value: '7.50' },
      interval: '1 month',
      description: 'Blijvend lid',
    });
    const ca = readFileSync(first.sandbox.caCertPath, 'utf8');
    await first.sandbox.close();

    const second = await startTestSandbox(dataDir);
    try {
      expect(readFileSync(second.sandbox.caCertPath, 'utf8')).toBe(ca);
      expect((await second.mollie.customers.get(customer.id)).name).toBe('Blijvend');
      const paid = await second.mollie.payments.get(payment.id);
      expect(paid.status).toBe('paid');
      expect(paid._links.self.href).toBe(`${second.sandbox.apiUrl}payments/${payment.id}`);
      expect(
        (await second.mollie.customerMandates.get(paid.mandateId!, { customerId: customer.id })).status,
      ).toBe('valid');
      expect(
        (await second.mollie.customerSubscriptions.get(sub.id, { customerId: customer.id })).status,
      ).toBe('active');
      expect(existsSync(join(dataDir, 'state.json'))).toBe(true);
      expect(readdirSync(dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      await second.sandbox.close();
    }
  });

  it('resumes a pending webhook retry after a restart', async () => {
    const dataDir = tempDir();
    const receiver = await startReceiver();
    receiver.answers.push(500);
    const first = await startTestSandbox(dataDir, [300]);
    const customer = await first.mollie.customers.create({});
    const payment = await first.mollie.payments.create({
      amount: { currency: 'EUR', value: '7.50' },
      description: 'Herstart',
      redirectUrl: 'http://127.0.0.1:5173/bedankt',
      webhookUrl: receiver.url,
      customerId: customer.id,
    });
    await first.control(`payments/${payment.id}/status`, { status: 'paid' });
    await first.sandbox.close();
    expect(receiver.hits).toHaveLength(1);

    const second = await startTestSandbox(dataDir, [300]);
    try {
      await waitFor(() => receiver.hits.length === 2);
      expect(receiver.hits[1]?.body).toBe(`id=${payment.id}`);
      const log = await second.control<{ attempts: { status: number }[] }>(
        `webhooks?paymentId=${payment.id}`,
      );
      expect(log.body.attempts.map((a) => a.status)).toEqual([500, 200]);
    } finally {
      await second.sandbox.close();
      await receiver.close();
    }
  });

  it('reset empties the state', async () => {
    const dataDir = tempDir();
    const sandbox = await startTestSandbox(dataDir);
    try {
      const customer = await sandbox.mollie.customers.create({ name: 'Weg' });
      expect((await sandbox.control<{ reset: boolean }>('reset', {})).body.reset).toBe(true);
      expect(await sandbox.mollie.customers.get(customer.id).then(() => null, fail)).toMatchObject({
        statusCode: 404,
      });
    } finally {
      await sandbox.sandbox.close();
    }
  });
});
