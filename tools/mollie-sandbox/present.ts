import { sepaReasonCodes } from './failures.ts';
import { isCancelable, type Sandbox } from './sandbox.ts';
import {
  type ChargebackRecord,
  type CustomerRecord,
  chargebackCounts,
  type Json,
  type JsonObject,
  type MandateRecord,
  type PaymentRecord,
  type RefundRecord,
  refundCounts,
  type SubscriptionRecord,
} from './store.ts';
import { MollieError } from './validate.ts';

/** The sandbox is always in test mode under one fixed website profile. */
export const profileId = 'pfl_KringSndbx';

export interface Bases {
  /** `https://127.0.0.1:8444/v2/` — resource `self` links. */
  api: string;
  /** `http://127.0.0.1:8445/` — checkout, dashboard and documentation pages. */
  web: string;
}

const hal = (href: string): JsonObject => ({ href, type: 'application/hal+json' });
const html = (href: string): JsonObject => ({ href, type: 'text/html' });
const docs = (bases: Bases, topic: string) => html(`${bases.web}docs#${topic}`);

/** Mollie leaves optional fields out rather than sending null; `compact` does the same. */
function compact(object: Record<string, Json | undefined>): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(object)) if (value !== undefined) out[key] = value;
  return out;
}

const orUndefined = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

export function presentCustomer(sandbox: Sandbox, bases: Bases, c: CustomerRecord): JsonObject {
  const self = `${bases.api}customers/${c.id}`;
  const hasMandates = sandbox.listMandates(c.id).length > 0;
  const hasSubscriptions = sandbox.listSubscriptions(c.id).length > 0;
  const hasPayments = sandbox.listPayments({ customerId: c.id }).length > 0;
  return {
    resource: 'customer',
    id: c.id,
    mode: 'test',
    name: c.name,
    email: c.email,
    locale: c.locale,
    metadata: c.metadata,
    createdAt: c.createdAt,
    _links: compact({
      self: hal(self),
      dashboard: html(`${bases.web}dashboard/customers/${c.id}`),
      mandates: hasMandates ? hal(`${self}/mandates`) : undefined,
      subscriptions: hasSubscriptions ? hal(`${self}/subscriptions`) : undefined,
      payments: hasPayments ? hal(`${self}/payments`) : undefined,
      documentation: docs(bases, 'customers'),
    }),
  };
}

export function presentPayment(bases: Bases, p: PaymentRecord): JsonObject {
  const open = p.status === 'open' || p.status === 'pending';
  const paid = p.status === 'paid';
  const checkoutHref = `${bases.web}checkout/${p.id}`;
  return compact({
    resource: 'payment',
    id: p.id,
    mode: 'test',
    createdAt: p.createdAt,
    amount: { ...p.amount },
    description: p.description,
    method: p.method,
    metadata: p.metadata,
    status: p.status,
    isCancelable: isCancelable(p),
    expiresAt: orUndefined(p.expiresAt),
    paidAt: orUndefined(p.paidAt),
    failedAt: orUndefined(p.failedAt),
    canceledAt: orUndefined(p.canceledAt),
    expiredAt: orUndefined(p.expiredAt),
    amountRefunded: paid
      ? { currency: p.amount.currency, value: sum(refunds(p), p.amount.value) }
      : undefined,
    amountRemaining: paid ? { currency: p.amount.currency, value: remaining(p) } : undefined,
    amountChargedBack: chargebacks(p).length
      ? { currency: p.amount.currency, value: sum(chargebacks(p), p.amount.value) }
      : undefined,
    settlementAmount: paid ? { ...p.amount } : undefined,
    locale: orUndefined(p.locale),
    profileId,
    sequenceType: p.sequenceType,
    redirectUrl: p.redirectUrl,
    cancelUrl: orUndefined(p.cancelUrl),
    webhookUrl: p.webhookUrl,
    customerId: orUndefined(p.customerId),
    mandateId: orUndefined(p.mandateId),
    subscriptionId: orUndefined(p.subscriptionId),
    details: orUndefined(p.details),
    _links: compact({
      self: hal(`${bases.api}payments/${p.id}`),
      // Recurring payments have no payer to send anywhere; test mode offers changePaymentState instead.
      checkout: p.status === 'open' && p.sequenceType !== 'recurring' ? html(checkoutHref) : undefined,
      changePaymentState: open && p.sequenceType === 'recurring' ? html(checkoutHref) : undefined,
      dashboard: html(`${bases.web}dashboard/payments/${p.id}`),
      customer: p.customerId ? hal(`${bases.api}customers/${p.customerId}`) : undefined,
      mandate:
        p.customerId && p.mandateId
          ? hal(`${bases.api}customers/${p.customerId}/mandates/${p.mandateId}`)
          : undefined,
      subscription:
        p.customerId && p.subscriptionId
          ? hal(`${bases.api}customers/${p.customerId}/subscriptions/${p.subscriptionId}`)
          : undefined,
      refunds: p.refunds?.length ? hal(`${bases.api}payments/${p.id}/refunds`) : undefined,
      chargebacks: p.chargebacks?.length ? hal(`${bases.api}payments/${p.id}/chargebacks`) : undefined,
      documentation: docs(bases, 'payments'),
    }),
  });
}

const cents = (value: string) => Math.round(Number(value) * 100);
/** The sum of refund or chargeback amounts, written like the payment's amount ('0.00' for none). */
function sum(items: { amount: { value: string } }[] | undefined, like: string): string {
  const total = (items ?? []).reduce((n, i) => n + cents(i.amount.value), 0);
  return total === 0 ? zero(like) : (total / 100).toFixed(2);
}
/**
 * What the payment's amounts count: refunds but failed or canceled ones (a queued or pending refund
 * is counted from its creation, as the refundable amount drops then), chargebacks but reversed ones.
 */
const refunds = (p: PaymentRecord) => (p.refunds ?? []).filter(refundCounts);
const chargebacks = (p: PaymentRecord) => (p.chargebacks ?? []).filter(chargebackCounts);
const remaining = (p: PaymentRecord) =>
  ((cents(p.amount.value) - cents(sum(refunds(p), '0')) - cents(sum(chargebacks(p), '0'))) / 100).toFixed(2);

export function presentRefund(bases: Bases, p: PaymentRecord, r: RefundRecord): JsonObject {
  return {
    resource: 'refund',
    id: r.id,
    mode: 'test',
    amount: { ...r.amount },
    status: r.status,
    createdAt: r.createdAt,
    description: r.description,
    metadata: r.metadata ?? null,
    paymentId: p.id,
    settlementAmount: { currency: r.amount.currency, value: `-${r.amount.value}` },
    _links: {
      self: hal(`${bases.api}payments/${p.id}/refunds/${r.id}`),
      payment: hal(`${bases.api}payments/${p.id}`),
      documentation: docs(bases, 'refunds'),
    },
  };
}

export function presentChargeback(bases: Bases, p: PaymentRecord, c: ChargebackRecord): JsonObject {
  return {
    resource: 'chargeback',
    id: c.id,
    amount: { ...c.amount },
    settlementAmount: { currency: c.amount.currency, value: `-${c.amount.value}` },
    createdAt: c.createdAt,
    reason: { code: c.reason, description: sepaReasonCodes[c.reason] ?? 'Reversed by the payer' },
    reversedAt: c.reversedAt ?? null,
    paymentId: p.id,
    _links: {
      self: hal(`${bases.api}payments/${p.id}/chargebacks/${c.id}`),
      payment: hal(`${bases.api}payments/${p.id}`),
      documentation: docs(bases, 'chargebacks'),
    },
  };
}

export function presentMandate(bases: Bases, m: MandateRecord): JsonObject {
  const customer = `${bases.api}customers/${m.customerId}`;
  return {
    resource: 'mandate',
    id: m.id,
    mode: 'test',
    status: m.status,
    method: m.method,
    details: { ...m.details },
    mandateReference: m.mandateReference,
    signatureDate: m.signatureDate,
    customerId: m.customerId,
    createdAt: m.createdAt,
    _links: {
      self: hal(`${customer}/mandates/${m.id}`),
      customer: hal(customer),
      documentation: docs(bases, 'mandates'),
    },
  };
}

export function presentSubscription(sandbox: Sandbox, bases: Bases, s: SubscriptionRecord): JsonObject {
  const customer = `${bases.api}customers/${s.customerId}`;
  const self = `${customer}/subscriptions/${s.id}`;
  const hasPayments = sandbox.listPayments({ subscriptionId: s.id }).length > 0;
  return compact({
    resource: 'subscription',
    id: s.id,
    mode: 'test',
    createdAt: s.createdAt,
    status: s.status,
    amount: { ...s.amount },
    times: s.times,
    timesRemaining: s.times === null ? null : Math.max(0, s.times - s.chargesDone),
    interval: s.interval,
    startDate: s.startDate,
    nextPaymentDate: orUndefined(sandbox.nextPaymentDate(s)),
    description: s.description,
    method: s.method,
    mandateId: orUndefined(s.mandateId),
    canceledAt: orUndefined(s.canceledAt),
    webhookUrl: s.webhookUrl ?? '',
    metadata: s.metadata,
    customerId: s.customerId,
    profileId,
    _links: compact({
      self: hal(self),
      customer: hal(customer),
      mandate: s.mandateId ? hal(`${customer}/mandates/${s.mandateId}`) : undefined,
      profile: hal(`${bases.api}profiles/${profileId}`),
      payments: hasPayments ? hal(`${self}/payments`) : undefined,
      documentation: docs(bases, 'subscriptions'),
    }),
  });
}

function zero(value: string): string {
  return value.replace(/\d/g, '0').replace(/^0+(?=\d)/, '');
}

/**
 * Mollie's cursor pagination: newest first, `from` is the id that opens the page, `limit` at most
 * 250, `sort=asc` reverses, and `_links.next`/`previous` carry absolute URLs the client follows.
 */
export function paginate<T extends { id: string }>(
  bases: Bases,
  items: T[],
  query: URLSearchParams,
  path: string,
  embedKey: string,
  present: (item: T) => JsonObject,
): JsonObject {
  const limitText = query.get('limit');
  const limit = limitText === null ? 50 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 250) {
    throw new MollieError(400, 'The limit must be a whole number from 1 to 250.', 'limit');
  }
  const sort = query.get('sort') ?? 'desc';
  if (sort !== 'asc' && sort !== 'desc') throw new MollieError(400, 'The sort must be asc or desc.', 'sort');
  const ordered = sort === 'asc' ? [...items].reverse() : items;
  const from = query.get('from');
  let start = 0;
  if (from !== null) {
    start = ordered.findIndex((item) => item.id === from);
    if (start < 0) throw new MollieError(400, `The cursor ${from} does not exist in this list.`, 'from');
  }
  const page = ordered.slice(start, start + limit);
  const sortParam = sort === 'asc' ? '&sort=asc' : '';
  const link = (cursor: string) => hal(`${bases.api}${path}?from=${cursor}&limit=${limit}${sortParam}`);
  const nextItem = ordered[start + limit];
  const previousItem = start > 0 ? ordered[Math.max(0, start - limit)] : undefined;
  return {
    count: page.length,
    _embedded: { [embedKey]: page.map(present) },
    _links: {
      self: from === null ? hal(`${bases.api}${path}?limit=${limit}${sortParam}`) : link(from),
      previous: previousItem ? link(previousItem.id) : null,
      next: nextItem ? link(nextItem.id) : null,
      documentation: docs(bases, embedKey),
    },
  };
}
