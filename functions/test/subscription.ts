import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type MollieSandbox, startMollieSandbox } from '../../tools/mollie-sandbox/server.ts';
import { storeMailAddress } from '../src/accounts/accounts.repo.ts';
import { findMembership, grantsAccess } from '../src/accounts/memberships.repo.ts';
import { handleApiRequest } from '../src/http/router.ts';
import { config } from '../src/lib/config.ts';
import { closeDb, getDb } from '../src/lib/db.ts';
import { adminAuth } from '../src/lib/firebase.ts';
import { expireMemberships } from '../src/subscription/expire-memberships.ts';
import { deriveMembership } from '../src/subscription/lifecycle.ts';
import { createMollie, type MollieClient } from '../src/subscription/mollie-client.ts';
import { listPayments } from '../src/subscription/payments.repo.ts';
import { addPeriod } from '../src/subscription/period.ts';
import { type ApiResponse, call } from './helpers.ts';

/**
 * Test support for the payment flow: the Mollie sandbox (started per test file, before the app's
 * lazy Mollie client exists), a tiny HTTP server that hands the sandbox's webhooks to the in-process
 * router, users with a known password, and the invariants every scenario must leave intact.
 */
export const apiKey = 'test_KringSandboxTestKey00000000000';

export interface WebhookHit {
  id: string | null;
  status: number;
}

export interface PaymentSandbox {
  sandbox: MollieSandbox;
  /** A client of our own, for looking at what Mollie holds (not the app's). */
  mollie: MollieClient;
  /** 'forward' hands webhooks to the router; 'drop' answers 200 without doing anything (a lost webhook). */
  webhooks: { mode: 'forward' | 'drop'; hits: WebhookHit[] };
  control<T = unknown>(path: string, body?: object, method?: string): Promise<{ status: number; body: T }>;
  /** Every API request the sandbox answered, as it logs them: 'GET /v2/payments/tr_x -> 200 (3 ms)'. */
  requests: string[];
  /** Makes the next `count` Mollie API requests (every client attempt counts) answer 503 at once. */
  failNext(count: number, mode?: 'before' | 'after'): Promise<void>;
  /**
   * Arms `failNext(count)` as soon as the sandbox has answered a request matching `request` (e.g.
   * 'GET /v2/payments/tr_x'), so a later step of the same flow meets the failures. Resolves once armed.
   */
  failAfter(request: string, count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The sandbox for one test file: started before its tests, webhooks forwarded and faults cleared
 * before each test, and closed (with the database pool) after them.
 */
export function usePaymentSandbox(onStart: (ps: PaymentSandbox) => void): void {
  let ps: PaymentSandbox | undefined;
  beforeAll(async () => {
    ps = await startPaymentSandbox();
    onStart(ps);
  });
  afterAll(async () => {
    await ps?.close();
    await closeDb();
  });
  beforeEach(async () => {
    ps!.webhooks.mode = 'forward';
    await ps!.control('faults', undefined, 'DELETE');
  });
}

export async function startPaymentSandbox(): Promise<PaymentSandbox> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kring-mollie-'));
  const webhooks: PaymentSandbox['webhooks'] = { mode: 'forward', hits: [] };
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const rawBody = Buffer.concat(chunks);
      const id = new URLSearchParams(rawBody.toString()).get('id');
      if (webhooks.mode === 'drop') {
        webhooks.hits.push({ id, status: 200 });
        res.writeHead(200).end();
        return;
      }
      const response = await handleApiRequest({
        method: req.method ?? 'POST',
        path: (req.url ?? '/').split('?')[0]!,
        headers: req.headers,
        rawBody,
      });
      webhooks.hits.push({ id, status: response.status });
      res.writeHead(response.status, response.headers).end(JSON.stringify(response.body));
    });
  });
  await new Promise<void>((ready) => receiver.listen(0, '127.0.0.1', ready));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  // Short retry delays so a webhook answered with 503 is retried within the test.
  const watchers: { request: string; arm: () => void }[] = [];
  const requests: string[] = [];
  const sandbox = await startMollieSandbox({
    port: 0,
    checkoutHttpPort: 0,
    dataDir,
    webhookRetryDelaysMs: [300, 600, 1200],
    // Lines like 'GET /v2/payments/tr_x -> 200 (3 ms)', written just before the answer is sent.
    log: (line) => {
      requests.push(line);
      const index = watchers.findIndex((w) => line.startsWith(`${w.request} -> 2`));
      if (index >= 0) watchers.splice(index, 1)[0]!.arm();
    },
  });
  Object.assign(process.env, {
    MOLLIE_API_KEY: apiKey,
    MOLLIE_API_ENDPOINT: sandbox.apiUrl,
    MOLLIE_CA_CERT: sandbox.caCertPath,
    WEBHOOK_BASE_URL: receiverUrl,
    PUBLIC_BASE_URL: 'http://127.0.0.1:5000',
  });
  const mollie = createMollie({ apiKey, apiEndpoint: sandbox.apiUrl, caCertPath: sandbox.caCertPath });

  const control = async <T>(path: string, body?: object, method = body === undefined ? 'GET' : 'POST') => {
    const response = await fetch(`${sandbox.controlUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  return {
    sandbox,
    mollie,
    webhooks,
    control,
    requests,
    async failNext(count, mode = 'before') {
      // Retry-After 0: the client's retries come at once instead of 2 s apart.
      await control('faults', { count, status: 503, mode, retryAfterSeconds: 0 });
    },
    failAfter(request, count) {
      return new Promise<void>((armed, fail) => {
        watchers.push({
          request,
          arm: () => {
            control('faults', { count, status: 503, mode: 'before', retryAfterSeconds: 0 }).then(
              () => armed(),
              fail,
            );
          },
        });
      });
    },
    async close() {
      await sandbox.close();
      await new Promise<void>((done) => {
        receiver.close(() => done());
        receiver.closeAllConnections();
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const authUrl = (path: string) =>
  `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/${path}?key=fake-api-key`;

async function auth(path: string, body: object): Promise<{ idToken: string; localId: string }> {
  const res = await fetch(authUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`Auth emulator ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ idToken: string; localId: string }>;
}

export interface Visitor {
  uid: string;
  email: string;
  password: string;
  token: string;
}

/** A signed-up visitor without any role, as after /onboarding/register. */
export async function signUp(): Promise<Visitor> {
  const email = `lid-${randomUUID()}@kring.test`;
  const password = 'betaal-wachtwoord-1';
  const { idToken, localId } = await auth('accounts:signUp', { email, password });
  return { uid: localId, email, password, token: idToken };
}

/** Signs in again: a fresh token carries the claims set since. */
export async function signIn(visitor: Visitor): Promise<Visitor> {
  const { idToken } = await auth('accounts:signInWithPassword', {
    email: visitor.email,
    password: visitor.password,
  });
  return { ...visitor, token: idToken };
}

/** The claims of an (unsigned emulator) ID token. */
export const tokenClaims = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

export const details = {
  firstName: 'Sanne',
  lastName: 'de Boer',
  birthdate: '1988-04-12',
  phoneNumber: '06 12345678',
  streetName: 'Lange Voorhout',
  houseNumber: '12',
  houseNumberExtension: 'A',
  postalCode: '2514ee',
  city: 'Den Haag',
  country: 'Nederland',
};

/** Mollie's webhook exactly as Mollie posts it: form-encoded `id=tr_…`, no token. */
export async function postWebhook(id: string): Promise<ApiResponse> {
  return (await handleApiRequest({
    method: 'POST',
    path: '/web/subscription/webhookPaymentHandler',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    rawBody: Buffer.from(new URLSearchParams({ id }).toString()),
  })) as ApiResponse;
}

/** Starts the first payment for a new visitor. */
export async function startPayment(visitor?: Visitor) {
  const user = visitor ?? (await signUp());
  const res = await call('createSubscriptionInitialPayment', { membership: details }, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { user, paymentId: res.body.paymentId, checkoutUrl: res.body.checkoutUrl };
}

/** The payer picks an outcome on the checkout page, as the browser posts the form. */
export const checkout = (checkoutUrl: string, status: 'paid' | 'failed' | 'canceled' | 'expired') =>
  fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ status }).toString(),
    redirect: 'manual',
  });

export const membershipOf = async (uid: string) => findMembership(await getDb(), uid);

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const roleClaim = async (uid: string) =>
  ((await adminAuth().getUser(uid)).customClaims?.role as number | undefined) ?? 0;

/**
 * What must hold after every scenario, checked against Mollie itself:
 * - every payment Mollie has as paid for the member's customer is recorded as paid (nobody is charged
 *   without Kring knowing), and expiresAt is exactly one period per paid payment;
 * - access (active/canceled) only with a paid payment; pending only without one;
 * - a Mollie subscription that can still charge only while the membership renews (status active),
 *   and then it is the stored one, on the stored customer (on any of the member's customers);
 * - the role claim and the stored role follow access, with no sync left pending.
 */
export async function assertInvariants(ps: PaymentSandbox, uid: string, now = new Date()) {
  const db = await getDb();
  const m = await findMembership(db, uid);
  const ours = await listPayments(db, uid);
  if (!m) {
    expect(ours).toEqual([]);
    return;
  }
  // Every customer the member has: the stored one and those of the recorded payments.
  const customers = [
    ...new Set([m.mollie_customer_id, ...ours.map((p) => p.customer_id)].filter((c) => c !== null)),
  ];
  const atMollie = (
    await Promise.all(
      customers.map((customerId) => ps.mollie.customerPayments.page({ customerId, limit: 250 })),
    )
  ).flat();
  for (const p of atMollie.filter((p) => p.status === 'paid')) {
    expect(ours.find((o) => o.id === p.id)?.status, `paid at Mollie: ${p.id}`).toBe('paid');
  }

  // Only money that stayed counts: not refunded in full, not charged back, the plan's amount; the
  // 0.01 of a new payment method buys nothing; 'Nu betalen' pays the missed period after the paid one.
  const paid = ours
    .filter(
      (p) => p.status === 'paid' && p.reversed_at === null && !p.amount_mismatch && p.purpose !== 'mandate',
    )
    .sort((a, b) => a.paid_at!.getTime() - b.paid_at!.getTime());
  let expiresAt: Date | null = null;
  for (const p of paid) {
    const from: Date =
      expiresAt && (expiresAt > p.paid_at! || p.purpose === 'missed_period') ? expiresAt : p.paid_at!;
    expiresAt = addPeriod(from, p.period);
  }
  const latestFirst = ours
    .filter(
      (p) =>
        p.sequence_type === 'first' &&
        p.purpose === 'membership' &&
        p.status === 'paid' &&
        !p.amount_mismatch,
    )
    .sort((a, b) => a.paid_at!.getTime() - b.paid_at!.getTime())
    .at(-1);
  // A refunded first payment ends the membership when the money went back.
  if (latestFirst?.reversed_at) expect(m.status).toBe('expired');
  else expect(m.expires_at?.toISOString() ?? null).toBe(expiresAt?.toISOString() ?? null);
  if (grantsAccess(m.status)) expect(paid.length).toBeGreaterThan(0);
  if (m.status === 'pending') expect(paid).toEqual([]);
  expect(m.status).toBe(deriveMembership(m, ours, now, config.graceDays()).status);

  const subscriptions = (
    await Promise.all(
      customers.map((customerId) => ps.mollie.customerSubscriptions.page({ customerId, limit: 250 })),
    )
  ).flat();
  const live = subscriptions.filter((s) => s.status === 'active' || s.status === 'pending');
  if (m.status === 'active') {
    expect(live.length).toBeLessThanOrEqual(1);
    // The one that charges is the one Kring knows, on the customer Kring stores (renewals, cancel).
    for (const s of live) {
      expect(s.id).toBe(m.mollie_subscription_id);
      expect(s.customerId).toBe(m.mollie_customer_id);
    }
  } else expect(live).toEqual([]);

  const role = grantsAccess(m.status) ? 1 : 0;
  expect(await roleClaim(uid)).toBe(role);
  const account = await db.selectFrom('accounts').select('role').where('uid', '=', uid).executeTakeFirst();
  expect(account?.role).toBe(role);
  expect(m.role_sync_needed).toBe(false);
}

/** A visitor who paid the first payment on the checkout page (webhook over HTTP) and signed in again. */
export async function paidMember() {
  const { user, checkoutUrl, paymentId } = await startPayment();
  await checkout(checkoutUrl, 'paid');
  const m = await membershipOf(user.uid);
  expect(m).toMatchObject({ status: 'active', mollie_subscription_id: expect.stringMatching(/^sub_/) });
  return {
    user: await signIn(user),
    firstPaymentId: paymentId,
    customerId: m!.mollie_customer_id!,
    subscriptionId: m!.mollie_subscription_id!,
    expiresAt: m!.expires_at!,
  };
}

/**
 * A paying member (paidMember: 'Maandelijks', 9,95) with a verified address: member mails (dunning,
 * price notices) go only to verified addresses.
 */
export async function mailableMember() {
  const member = await paidMember();
  await adminAuth().updateUser(member.user.uid, { emailVerified: true });
  await storeMailAddress(await getDb(), {
    uid: member.user.uid,
    email: member.user.email,
    emailVerified: true,
    issuedAt: Math.floor(Date.now() / 1000) + 1,
  });
  return member;
}

/** Mollie charges the subscription now; returns the renewal payment's id. */
export async function chargeRenewal(ps: PaymentSandbox, subscriptionId: string, outcome: 'paid' | 'failed') {
  const res = await ps.control<{ payment: { id: string } }>(`subscriptions/${subscriptionId}/run-next`, {
    outcome,
  });
  expect(res.status).toBe(200);
  return res.body.payment.id;
}

/** The hourly job at a chosen moment, limited to this test's member (the database is shared). */
export const expireOne = async (uid: string, now: Date) =>
  expireMemberships(await getDb(), now, { uids: [uid] });
