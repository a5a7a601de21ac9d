import { Locale, MollieApiError, type Payment, PaymentMethod, SequenceType } from '@mollie/api-client';
import type { PaymentPurpose, PaymentStatus } from '../db/schema.ts';
import { config } from '../lib/config.ts';
import { ApiError } from '../lib/errors.ts';
import { logs } from '../lib/logs.ts';
import { createMollie, type MollieClient } from './mollie-client.ts';
import { cents, type PaymentFacts } from './payments.repo.ts';
import { mollieInterval } from './period.ts';

/**
 * Kring's gateway to Mollie: the only module that calls the Mollie API. One client per process,
 * made on first use so tests and the emulator can point it at the local sandbox first.
 */
let client: MollieClient | undefined;
const mollie = (): MollieClient => {
  client ??= createMollie(config.mollie());
  return client;
};

export const webhookUrl = () => `${config.webhookBaseUrl()}/web/subscription/webhookPaymentHandler`;

/** Unreachable, timed out or 5xx after the client's own retries: worth trying again later. */
const isTransient = (error: unknown): boolean =>
  error instanceof MollieApiError &&
  (error.statusCode === undefined || error.statusCode >= 500 || error.statusCode === 429);

export const statusOf = (error: unknown): number | undefined =>
  error instanceof MollieApiError ? error.statusCode : undefined;

/**
 * Mollie refusing Kring's API key (401, 403): a fault of our configuration, not a refusal of this
 * request or this customer. It counts as Mollie unavailable, so nothing fails closed on it (the
 * expiry job does not end everyone's access) and the webhook answers 503 (Mollie retries for about
 * a day, time to fix the key).
 */
const isKeyRefused = (error: unknown): boolean =>
  error instanceof MollieApiError && (error.statusCode === 401 || error.statusCode === 403);

/** Runs one Mollie call; a transient failure becomes 503 UNAVAILABLE for our caller (and Mollie's retry). */
export async function call<T>(what: string, run: (m: MollieClient) => Promise<T>): Promise<T> {
  try {
    return await run(mollie());
  } catch (error) {
    if (isKeyRefused(error)) {
      logs.error("MOLLIE_AUTH_FAILED: Mollie refused Kring's API key; treated as unavailable", {
        what,
        error,
      });
      throw new ApiError('UNAVAILABLE', 'PAYMENT_PROVIDER_UNAVAILABLE');
    }
    if (isTransient(error)) {
      logs.warn('Mollie unavailable', { what, error });
      throw new ApiError('UNAVAILABLE', 'PAYMENT_PROVIDER_UNAVAILABLE');
    }
    throw error;
  }
}

const date = (value: string | undefined | null): Date | null => (value ? new Date(value) : null);

/** The `uid` we put in a payment's (or its subscription's) metadata; only our API key can set it. */
function metadataUid(metadata: unknown): string | null {
  if (typeof metadata !== 'object' || metadata === null) return null;
  const uid: unknown = (metadata as Record<string, unknown>).uid;
  return typeof uid === 'string' && uid !== '' ? uid : null;
}

const purposes = new Set<PaymentPurpose>(['membership', 'missed_period', 'mandate']);

/** What Kring made the payment for (`metadata.purpose`); renewals and older payments: membership. */
function metadataPurpose(metadata: unknown): PaymentPurpose {
  const purpose: unknown = (metadata as Record<string, unknown> | null)?.purpose;
  return purposes.has(purpose as PaymentPurpose) ? (purpose as PaymentPurpose) : 'membership';
}

/**
 * Mollie's reason for a failed payment: a SEPA return code (details.bankReasonCode) or a card's
 * failureReason (iDEAL gives none). A charged-back payment (a storno) stays paid and carries no code:
 * Mollie gives it on the chargeback (`chargebackReason`, asked by sync-payment.ts).
 */
function failureReasonOf(p: Payment): string | null {
  if (p.status !== 'failed') return null;
  const details = (p.details ?? {}) as { bankReasonCode?: unknown; failureReason?: unknown };
  const reason = details.bankReasonCode ?? details.failureReason;
  return typeof reason === 'string' && reason !== '' ? reason : null;
}

export function facts(p: Payment): PaymentFacts {
  return {
    id: p.id,
    status: p.status as PaymentStatus,
    sequenceType: p.sequenceType === SequenceType.first ? 'first' : 'recurring',
    amount: { value: p.amount.value, currency: p.amount.currency },
    customerId: p.customerId ?? null,
    mandateId: p.mandateId ?? null,
    subscriptionId: p.subscriptionId ?? null,
    metadataUid: metadataUid(p.metadata),
    checkoutUrl: p.getCheckoutUrl() ?? null,
    createdAt: new Date(p.createdAt),
    paidAt: date(p.paidAt),
    failedAt: date(p.failedAt),
    amountRefunded: p.amountRefunded?.value ?? null,
    amountChargedBack: p.amountChargedBack?.value ?? null,
    hasRefunds: p.hasRefunds(),
    method: typeof p.method === 'string' ? p.method : null,
    purpose: metadataPurpose(p.metadata),
    failureReason: failureReasonOf(p),
  };
}

/** The payment as Mollie has it now; null when Mollie does not know the id. */
export async function fetchPayment(id: string): Promise<PaymentFacts | null> {
  try {
    return facts(await call('get payment', (m) => m.payments.get(id)));
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

/**
 * The SEPA return code of a charged-back payment (a storno): Mollie gives it only on the chargeback
 * (`reason.code`), not on the payment. The newest chargeback that stands, else the newest; null when
 * the bank gave none (card chargebacks have no reason).
 */
export async function chargebackReason(paymentId: string): Promise<string | null> {
  const page = await call('list payment chargebacks', (m) => m.paymentChargebacks.page({ paymentId }));
  const newestFirst = [...page].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  const chargeback = newestFirst.find((c) => !c.reversedAt) ?? newestFirst[0];
  const code: unknown = chargeback?.reason?.code;
  return typeof code === 'string' && code !== '' ? code : null;
}

/** The customer's recent payments (newest first), for catching up on webhooks that never arrived. */
export const listCustomerPayments = (customerId: string): Promise<PaymentFacts[]> =>
  call('list customer payments', (m) => m.customerPayments.page({ customerId, limit: 100 })).then((page) =>
    page.map(facts),
  );

/** A refund or a chargeback of one payment, as Mollie's account-wide lists show it. */
export type Reversal = {
  paymentId: string;
  amount: string;
  createdAt: Date;
} & (
  | {
      kind: 'refund';
      /** Mollie's refund status: queued, pending, processing, refunded, failed or canceled. */
      status: string;
    }
  | {
      kind: 'chargeback';
      /** When the payer's bank reversed the chargeback (the money came back); null while it stands. */
      reversedAt: Date | null;
    }
);

/**
 * The account's latest refunds and chargebacks (newest first, one page each): how the hourly job
 * notices money that went back on a payment whose webhooks never reached Kring.
 */
export async function listRecentReversals(limit = 250): Promise<Reversal[]> {
  const [refunds, chargebacks] = await Promise.all([
    call('list refunds', (m) => m.refunds.page({ limit })),
    call('list chargebacks', (m) => m.chargebacks.page({ limit })),
  ]);
  const listed: Reversal[] = [
    ...refunds.map((r) => ({
      paymentId: r.paymentId ?? '',
      kind: 'refund' as const,
      amount: r.amount.value,
      createdAt: new Date(r.createdAt),
      status: String(r.status),
    })),
    ...chargebacks.map((c) => ({
      paymentId: c.paymentId,
      kind: 'chargeback' as const,
      amount: c.amount.value,
      createdAt: new Date(c.createdAt),
      reversedAt: date(c.reversedAt),
    })),
  ];
  return listed.filter((r) => r.paymentId !== '');
}

export const createCustomer = (uid: string, name: string, email: string | null): Promise<string> =>
  call('create customer', (m) =>
    m.customers.create({ name, ...(email ? { email } : {}), locale: Locale.nl_NL, metadata: { uid } }),
  ).then((c) => c.id);

/**
 * A first payment on the customer: it creates the mandate the subscription charges later. iDEAL
 * first, but the payer may pick any listed method that can start a mandate.
 */
export function createFirstPayment(
  customerId: string,
  uid: string,
  charge: { value: string; currency: string; description: string } = config.price(),
): Promise<PaymentFacts> {
  return call('create first payment', (m) =>
    m.payments.create({
      amount: { value: charge.value, currency: charge.currency },
      description: `${charge.description}: eerste betaling`,
      customerId,
      sequenceType: SequenceType.first,
      method: [PaymentMethod.ideal, PaymentMethod.bancontact, PaymentMethod.creditcard],
      redirectUrl: `${config.publicBaseUrl()}/onboarding/payment`,
      webhookUrl: webhookUrl(),
      locale: Locale.nl_NL,
      metadata: { uid },
    }),
  ).then(facts);
}

/** Mollie does not know the customer (e.g. a wiped sandbox): the caller makes a new one. */
export const isUnknownCustomer = (error: unknown): boolean =>
  error instanceof MollieApiError &&
  (error.statusCode === 404 || (error.statusCode === 422 && error.field === 'customerId'));

/**
 * The member's live subscription: an active one of the customer is adopted (a customer is one member,
 * and one subscription is all they pay for); otherwise one is created. The idempotency key makes a
 * repeated webhook replay the same creation instead of charging twice.
 */
export async function ensureSubscription(input: {
  uid: string;
  customerId: string;
  mandateId: string;
  firstPaymentId: string;
  startDate: string;
  interval: string;
  /** What each period charges: the member's plan price (the first payment's amount). */
  amount?: { value: string; currency: string };
}): Promise<{ id: string; interval: string }> {
  const existing = await call('list subscriptions', (m) =>
    m.customerSubscriptions.page({ customerId: input.customerId, limit: 50 }),
  );
  const live = existing.find((s) => s.status === 'active' || s.status === 'pending');
  if (live) return { id: live.id, interval: live.interval };
  const price = config.price();
  const interval = mollieInterval(input.interval);
  const created = await call('create subscription', (m) =>
    m.customerSubscriptions.create({
      customerId: input.customerId,
      amount: input.amount ?? { value: price.value, currency: price.currency },
      interval,
      description: price.description,
      startDate: input.startDate,
      mandateId: input.mandateId,
      webhookUrl: webhookUrl(),
      metadata: { uid: input.uid, firstPaymentId: input.firstPaymentId },
      idempotencyKey: `sub-for-${input.firstPaymentId}`,
    }),
  );
  return { id: created.id, interval };
}

/**
 * Changes what a subscription charges from its next payment on (Mollie's PATCH): the amount and the
 * interval of a new plan, or a new price. The payment already planned keeps its date.
 */
export async function updateSubscriptionAtMollie(
  customerId: string,
  subscriptionId: string,
  change: { amount: { value: string; currency: string }; interval?: string; description?: string },
): Promise<void> {
  await call('update subscription', (m) =>
    m.customerSubscriptions.update(subscriptionId, {
      customerId,
      amount: change.amount,
      ...(change.interval ? { interval: mollieInterval(change.interval) } : {}),
      ...(change.description ? { description: change.description } : {}),
    }),
  );
}

/** A subscription as the plan switch needs it: Mollie's status, next charge date and metadata. */
export interface SubscriptionFacts {
  id: string;
  status: string;
  interval: string;
  mandateId: string | null;
  nextPaymentDate: string | null;
  metadata: Record<string, unknown>;
}

const subscriptionFacts = (s: {
  id: string;
  status: string;
  interval: string;
  mandateId?: string | null;
  nextPaymentDate?: string | null;
  metadata?: unknown;
}): SubscriptionFacts => ({
  id: s.id,
  status: s.status,
  interval: s.interval,
  mandateId: s.mandateId ?? null,
  nextPaymentDate: s.nextPaymentDate ?? null,
  metadata:
    typeof s.metadata === 'object' && s.metadata !== null ? (s.metadata as Record<string, unknown>) : {},
});

/** The customer's subscriptions (newest first), live and stopped. */
export const listSubscriptions = (customerId: string): Promise<SubscriptionFacts[]> =>
  call('list subscriptions', (m) => m.customerSubscriptions.page({ customerId, limit: 250 })).then((page) =>
    page.map(subscriptionFacts),
  );

/** The payments Mollie made for one subscription (newest first). */
export const listSubscriptionPayments = (
  customerId: string,
  subscriptionId: string,
): Promise<PaymentFacts[]> =>
  call('list subscription payments', (m) =>
    m.subscriptionPayments.page({ customerId, subscriptionId, limit: 250 }),
  ).then((page) => page.map(facts));

/**
 * A subscription on the member's existing mandate, first charged on `startDate` (the day the paid
 * period ends), so nothing is charged now: 'Opzegging intrekken' (resume) and a plan switch that
 * changes the interval ('Abonnement wijzigen'; Mollie counts a PATCHed `interval` from the last charge
 * date, so that needs a new subscription). `key` makes a repeated call (a second click, a lost answer)
 * replay the same subscription instead of making a second one.
 */
export async function createDeferredSubscription(input: {
  customerId: string;
  mandateId: string;
  startDate: string;
  interval: string;
  amount: { value: string; currency: string };
  description: string;
  metadata: Record<string, unknown>;
  key: string;
}): Promise<SubscriptionFacts> {
  const created = await call('create subscription from a date', (m) =>
    m.customerSubscriptions.create({
      customerId: input.customerId,
      amount: input.amount,
      interval: mollieInterval(input.interval),
      description: input.description,
      startDate: input.startDate,
      mandateId: input.mandateId,
      webhookUrl: webhookUrl(),
      metadata: input.metadata,
      idempotencyKey: input.key,
    }),
  );
  return subscriptionFacts(created);
}

/** Stops a subscription's charges; one that is already canceled or gone counts as stopped. */
export async function cancelSubscriptionAtMollie(customerId: string, subscriptionId: string): Promise<void> {
  try {
    await call('cancel subscription', (m) => m.customerSubscriptions.cancel(subscriptionId, { customerId }));
  } catch (error) {
    const status = statusOf(error);
    if (status === 404 || status === 410 || status === 422) return;
    throw error;
  }
}

/**
 * Deletes a customer at Mollie (account deletion): Mollie cancels its subscriptions and mandates with
 * it. One Mollie no longer knows counts as deleted.
 */
export async function deleteCustomerAtMollie(customerId: string): Promise<void> {
  try {
    await call('delete customer', (m) => m.customers.delete(customerId));
  } catch (error) {
    const status = statusOf(error);
    if (status === 404 || status === 410) return;
    throw error;
  }
}

/**
 * Mollie answered, and refused (4xx other than 429): asking again will not change the answer. (401
 * and 403 never get here: `call` turns them into UNAVAILABLE.)
 */
export const isRefusal = (error: unknown): boolean => {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500 && status !== 429;
};

/** One refund as Mollie has it: id, amount (cents), currency and status. */
export interface RefundFacts {
  id: string;
  amountCents: number;
  currency: string;
  /** Mollie's: queued, pending, processing, refunded, failed or canceled. */
  status: string;
  createdAt: Date;
  /** The admin's request that made it (`metadata.requestKey`, only our API key sets it); null otherwise. */
  requestKey: string | null;
}

const refundFacts = (r: {
  id: string;
  amount: { value: string; currency: string };
  status: unknown;
  createdAt: string;
  metadata?: unknown;
}): RefundFacts => {
  const key: unknown = (r.metadata as Record<string, unknown> | null | undefined)?.requestKey;
  return {
    id: r.id,
    amountCents: cents(r.amount.value),
    currency: r.amount.currency,
    status: String(r.status),
    createdAt: new Date(r.createdAt),
    requestKey: typeof key === 'string' ? key : null,
  };
};

/**
 * Refunds part or all of a paid payment (admin's 'Terugbetalen'). `key` is Mollie's Idempotency-Key:
 * the same key with the same request replays the refund Mollie made the first time instead of
 * refunding again (kept 24 hours at Mollie; Kring also stores the key with the refund). The key is
 * also the refund's metadata, so the webhook that lists the refund knows which request made it.
 */
export const createRefundAtMollie = (input: {
  paymentId: string;
  amountCents: number;
  currency: string;
  description: string;
  key: string;
}): Promise<RefundFacts> =>
  call('create refund', (m) =>
    m.paymentRefunds.create({
      paymentId: input.paymentId,
      amount: { value: (input.amountCents / 100).toFixed(2), currency: input.currency },
      description: input.description,
      metadata: { requestKey: input.key },
      idempotencyKey: input.key,
    }),
  ).then(refundFacts);

/** Every refund of one payment (its statuses move on: pending → refunded, or failed). */
export const listPaymentRefunds = (paymentId: string): Promise<RefundFacts[]> =>
  call('list payment refunds', (m) => m.paymentRefunds.page({ paymentId, limit: 250 })).then((page) =>
    page.map(refundFacts),
  );
