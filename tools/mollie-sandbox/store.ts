import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface Amount {
  currency: string;
  value: string;
}

export type PaymentStatus = 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';
export type FinalPaymentStatus = 'paid' | 'failed' | 'canceled' | 'expired';
export type SequenceType = 'oneoff' | 'first' | 'recurring';
export type MandateMethod = 'directdebit' | 'creditcard' | 'paypal';
export type SubscriptionStatus = 'pending' | 'active' | 'canceled' | 'suspended' | 'completed';

export const finalPaymentStatuses: readonly FinalPaymentStatus[] = ['paid', 'failed', 'canceled', 'expired'];

export function isFinalPaymentStatus(value: unknown): value is FinalPaymentStatus {
  return typeof value === 'string' && (finalPaymentStatuses as readonly string[]).includes(value);
}

/** Every record carries `seq` so lists sort newest-first even when two share a createdAt. */
interface Sequenced {
  id: string;
  seq: number;
  createdAt: string;
}

export interface CustomerRecord extends Sequenced {
  name: string | null;
  email: string | null;
  locale: string | null;
  metadata: Json;
}

export interface PaymentRecord extends Sequenced {
  amount: Amount;
  description: string;
  method: string | null;
  metadata: Json;
  status: PaymentStatus;
  redirectUrl: string | null;
  cancelUrl: string | null;
  webhookUrl: string | null;
  locale: string | null;
  sequenceType: SequenceType;
  customerId: string | null;
  mandateId: string | null;
  subscriptionId: string | null;
  expiresAt: string | null;
  paidAt: string | null;
  failedAt: string | null;
  canceledAt: string | null;
  expiredAt: string | null;
  details: Record<string, string> | null;
  /** Refunds and chargebacks (absent in state files written before they existed). */
  refunds?: RefundRecord[];
  chargebacks?: ChargebackRecord[];
}

export interface RefundRecord {
  id: string;
  createdAt: string;
  amount: Amount;
  description: string;
  /** Absent in state files written before refunds kept it. */
  metadata?: Json;
  status: RefundStatus;
}

/**
 * Mollie's refund statuses. `queued` (waiting for balance) and `pending` (sent to the bank the next
 * business day) can still be canceled; `processing` is at the bank; `failed` and `canceled` gave no
 * money back.
 */
export const refundStatuses = ['queued', 'pending', 'processing', 'refunded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof refundStatuses)[number];
export const isRefundStatus = (value: unknown): value is RefundStatus =>
  typeof value === 'string' && (refundStatuses as readonly string[]).includes(value);
/** A refund that takes (or will take) money off the payment: every status but failed and canceled. */
export const refundCounts = (r: RefundRecord): boolean => r.status !== 'failed' && r.status !== 'canceled';
/** A chargeback the payer's bank has not reversed. */
export const chargebackCounts = (c: ChargebackRecord): boolean => !c.reversedAt;

export interface ChargebackRecord {
  id: string;
  createdAt: string;
  amount: Amount;
  reason: string;
  /** When the bank reversed the chargeback (the money came back); absent or null while it stands. */
  reversedAt?: string | null;
}

export interface MandateRecord extends Sequenced {
  customerId: string;
  status: 'valid' | 'pending' | 'invalid';
  method: MandateMethod;
  details: Record<string, string>;
  mandateReference: string | null;
  signatureDate: string;
}

export interface SubscriptionRecord extends Sequenced {
  customerId: string;
  status: SubscriptionStatus;
  amount: Amount;
  times: number | null;
  chargesDone: number;
  interval: string;
  startDate: string;
  description: string;
  method: string | null;
  mandateId: string | null;
  webhookUrl: string | null;
  metadata: Json;
  canceledAt: string | null;
  /**
   * Where the charge schedule restarted after an update of `startDate` or `interval`: charge number
   * `charges` falls on `date`. Absent: the schedule runs from `startDate`, charge 0.
   */
  scheduleFrom?: { date: string; charges: number };
}

/** What the next renewal of a subscription (or of any of a customer's subscriptions) does. */
export interface PlannedRenewal {
  outcome: 'paid' | 'failed';
  failureReason?: string;
  bankReasonCode?: string;
}

export interface IdempotencyRecord {
  fingerprint: string;
  status: number;
  body: string;
  storedAt: number;
}

export interface WebhookAttempt {
  deliveryId: string;
  paymentId: string;
  url: string;
  attempt: number;
  at: string;
  /** HTTP status of the receiver's answer; null when it could not be reached. */
  status: number | null;
  ok: boolean;
  error: string | null;
  durationMs: number;
}

export interface WebhookDelivery {
  id: string;
  paymentId: string;
  url: string;
  state: 'pending' | 'delivered' | 'gave-up';
  attempts: WebhookAttempt[];
  nextAttemptAt: string | null;
}

export interface SandboxState {
  version: 1;
  seq: number;
  customers: Record<string, CustomerRecord>;
  payments: Record<string, PaymentRecord>;
  mandates: Record<string, MandateRecord>;
  subscriptions: Record<string, SubscriptionRecord>;
  idempotency: Record<string, IdempotencyRecord>;
  webhooks: WebhookDelivery[];
  /** Keyed by `sub_…` or `cst_…`; used once by the next renewal, then removed. */
  plannedRenewals: Record<string, PlannedRenewal>;
}

export function emptyState(): SandboxState {
  return {
    version: 1,
    seq: 0,
    customers: {},
    payments: {},
    mandates: {},
    subscriptions: {},
    idempotency: {},
    webhooks: [],
    plannedRenewals: {},
  };
}

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Mollie-looking ids: a resource prefix and 10 base62 characters (`tr_WDqYK6vllg`). */
export function newId(prefix: 'cst_' | 'tr_' | 'mdt_' | 'sub_' | 'whd_' | 're_' | 'chb_'): string {
  const bytes = randomBytes(10);
  let out = prefix;
  for (const byte of bytes) out += idAlphabet[byte % idAlphabet.length];
  return out;
}

/** Webhook log entries kept; older finished deliveries are dropped so the file stays small. */
const maxDeliveries = 500;

export class Store {
  state: SandboxState;
  private readonly file: string;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.file = join(dataDir, 'state.json');
    this.state = existsSync(this.file) ? parseState(readFileSync(this.file, 'utf8')) : emptyState();
  }

  nextSeq(): number {
    this.state.seq += 1;
    return this.state.seq;
  }

  /** Temp file + rename: a crash mid-write leaves the previous state, never a torn file. */
  save(): void {
    const { webhooks } = this.state;
    if (webhooks.length > maxDeliveries) {
      this.state.webhooks = webhooks.filter(
        (d, i) => d.state === 'pending' || i >= webhooks.length - maxDeliveries,
      );
    }
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.state, null, 2)}\n`);
    renameSync(tmp, this.file);
  }

  reset(): void {
    this.state = emptyState();
    this.save();
  }
}

function parseState(text: string): SandboxState {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || (parsed as { version?: unknown }).version !== 1) {
    throw new Error('mollie-sandbox: state.json has an unknown format; delete it or use another data dir');
  }
  return { ...emptyState(), ...(parsed as SandboxState) };
}
