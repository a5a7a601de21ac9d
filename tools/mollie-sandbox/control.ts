import { checkFailureFits, parseFailure } from './failures.ts';
import {
  type Bases,
  presentChargeback,
  presentPayment,
  presentRefund,
  presentSubscription,
} from './present.ts';
import type { Sandbox } from './sandbox.ts';
import {
  isFinalPaymentStatus,
  isRefundStatus,
  type Json,
  type JsonObject,
  type PlannedRenewal,
  type WebhookAttempt,
} from './store.ts';
import { isDate, isObject, MollieError, unprocessable } from './validate.ts';
import type { WebhookDispatcher } from './webhooks.ts';

export interface FaultPlan {
  /** API requests (each HTTP attempt, any /v2 path) still to be answered with `status`. */
  remaining: number;
  status: number;
  /** `before`: nothing happens; `after`: the request takes effect, only the answer is lost. */
  mode: 'before' | 'after';
  /** Sent as `Retry-After`; the Mollie client then waits this long instead of its default 2 s. */
  retryAfterSeconds: number | null;
  /** Only requests with this HTTP method are hit (others pass untouched); null: every request. */
  method: string | null;
}

export class Faults {
  plan: FaultPlan = { remaining: 0, status: 503, mode: 'before', retryAfterSeconds: null, method: null };

  take(method: string): FaultPlan | null {
    if (this.plan.remaining <= 0) return null;
    if (this.plan.method !== null && this.plan.method !== method) return null;
    this.plan.remaining -= 1;
    return { ...this.plan };
  }

  clear(): void {
    this.plan = { ...this.plan, remaining: 0 };
  }
}

export interface ControlContext {
  sandbox: Sandbox;
  bases: Bases;
  dispatcher: WebhookDispatcher;
  faults: Faults;
  reset: () => void;
}

const index = {
  description: 'Mollie sandbox controls (no API key, loopback only). See /docs.',
  endpoints: [
    'POST /_sandbox/payments/{tr_id}/status {"status":"paid|failed|canceled|expired","bankReasonCode":"AM04","failureReason":"insufficient_funds"} (reasons optional, for failed)',
    'POST /_sandbox/payments/{tr_id}/refund {"amount":{"currency":"EUR","value":"9.95"},"status":"refunded"} (amount optional: all; status queued|pending|processing|refunded, default refunded)',
    'POST /_sandbox/refunds/{re_id}/status {"status":"pending|processing|refunded|failed|canceled"}',
    'POST /_sandbox/payments/{tr_id}/chargeback {"reason":"AC06"}',
    'POST /_sandbox/chargebacks/{chb_id}/reverse',
    'POST /_sandbox/subscriptions/{sub_id}/run-next {"outcome":"paid|failed","bankReasonCode":"MS02","failureReason":"card_expired"} (no outcome: the planned one, else paid)',
    'GET|POST|DELETE /_sandbox/subscriptions/{sub_id}/next-renewal {"outcome":"failed","bankReasonCode":"AM04","failureReason":"insufficient_funds"}',
    'GET|POST|DELETE /_sandbox/customers/{cst_id}/next-renewal (the same, for the next renewal of any subscription of the customer)',
    'POST /_sandbox/renewals/run-due {"date":"YYYY-MM-DD"} (charge every active subscription due on or before date; default today)',
    'GET|POST|DELETE /_sandbox/faults {"count":N,"status":503,"mode":"before|after","retryAfterSeconds":0,"method":"DELETE"} (status 400-599; method optional: only requests with it)',
    'GET /_sandbox/webhooks[?paymentId=tr_...]',
    'POST /_sandbox/reset',
  ],
};

function field(body: Json | undefined, name: string): Json | undefined {
  return isObject(body) ? body[name] : undefined;
}

/** Control endpoints for scripts and tests; answers are JSON, errors in Mollie's error shape. */
export async function handleControl(
  ctx: ControlContext,
  method: string,
  segments: string[],
  query: URLSearchParams,
  body: Json | undefined,
): Promise<{ status: number; body: JsonObject }> {
  const { sandbox, bases, dispatcher, faults } = ctx;
  const [root, id, action] = segments;
  const is = (m: string, r: string | undefined, a?: string) =>
    method === m && root === r && (a === undefined ? id === undefined : action === a);

  if (method === 'GET' && root === undefined) return { status: 200, body: index };

  if (is('POST', 'payments', 'status') && id) {
    const status = field(body, 'status');
    if (!isFinalPaymentStatus(status)) {
      throw unprocessable('status must be paid, failed, canceled or expired.', 'status');
    }
    const change = sandbox.setPaymentStatus(id, status, parseFailure(body));
    return answerChange(bases, change);
  }

  if (is('POST', 'payments', 'refund') && id) {
    const status = field(body, 'status') ?? 'refunded';
    if (!isRefundStatus(status) || status === 'failed' || status === 'canceled') {
      throw unprocessable('status must be queued, pending, processing or refunded.', 'status');
    }
    const { status: _status, ...rest } = isObject(body) ? body : {};
    const change = sandbox.createRefund(id, rest, status);
    return answerChange(bases, change);
  }

  if (is('POST', 'payments', 'chargeback') && id) {
    const reason = field(body, 'reason');
    const change = sandbox.chargeback(id, typeof reason === 'string' ? reason : undefined);
    return answerChange(bases, change);
  }

  if (is('POST', 'refunds', 'status') && id) {
    const status = field(body, 'status');
    if (!isRefundStatus(status)) {
      throw unprocessable(
        'status must be queued, pending, processing, refunded, failed or canceled.',
        'status',
      );
    }
    const change = sandbox.setRefundStatus(id, status);
    return answerChange(bases, change, () => ({
      refund: presentRefund(bases, change.payment, change.refund),
    }));
  }

  if (is('POST', 'chargebacks', 'reverse') && id) {
    const change = sandbox.reverseChargeback(id);
    return answerChange(bases, change, () => ({
      chargeback: presentChargeback(bases, change.payment, change.chargeback),
    }));
  }

  if (is('POST', 'subscriptions', 'run-next') && id) {
    // An outcome or a reason asks for this charge; without either it uses the planned next renewal.
    const explicit = ['outcome', 'bankReasonCode', 'failureReason'].some((k) => field(body, k) !== undefined);
    const plan = explicit ? parsePlan(body) : undefined;
    const run = sandbox.runNextPayment(id, plan);
    return answerChange(bases, run, () => ({
      subscription: presentSubscription(sandbox, bases, run.subscription),
    }));
  }

  if ((root === 'subscriptions' || root === 'customers') && id && action === 'next-renewal') {
    if (method !== 'GET' && method !== 'POST' && method !== 'DELETE') {
      throw new MollieError(405, `The method ${method} is not available here.`);
    }
    if (root === 'customers') sandbox.getCustomer(id);
    else sandbox.findSubscription(id);
    if (method === 'POST') {
      const plan = parsePlan(body);
      // A subscription's plan is checked against the method it renews with now; a customer's at the renewal.
      const renewsWith = root === 'subscriptions' ? sandbox.renewalMethod(id) : null;
      if (renewsWith !== null) checkFailureFits(renewsWith, plan);
      sandbox.planRenewal(id, plan);
    } else if (method === 'DELETE') sandbox.planRenewal(id, null);
    const plan = sandbox.plannedRenewal(id);
    return { status: 200, body: { id, nextRenewal: plan === null ? null : { ...plan } } };
  }

  if (method === 'POST' && root === 'renewals' && id === 'run-due' && action === undefined) {
    const date = field(body, 'date') ?? undefined;
    if (date !== undefined && (typeof date !== 'string' || !isDate(date))) {
      throw unprocessable('date must be a date (YYYY-MM-DD).', 'date');
    }
    const { runs, skipped } = sandbox.runDueRenewals(date);
    const webhooks = await Promise.all(runs.map((r) => r.webhook));
    return {
      status: 200,
      body: {
        renewals: runs.map((run, i) => ({
          payment: presentPayment(bases, run.payment),
          subscription: presentSubscription(sandbox, bases, run.subscription),
          webhook: attemptJson(webhooks[i] ?? null),
        })),
        skipped: skipped.map((s) => ({ ...s })),
      },
    };
  }

  if (root === 'faults' && id === undefined) {
    if (method === 'POST') {
      const count = field(body, 'count') ?? 1;
      const status = field(body, 'status') ?? 503;
      const mode = field(body, 'mode') ?? 'before';
      const retryAfter = field(body, 'retryAfterSeconds') ?? null;
      const only = field(body, 'method') ?? null;
      const asNumber = (v: Json) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);
      const n = asNumber(count);
      const s = asNumber(status);
      const r = retryAfter === null ? null : asNumber(retryAfter);
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
        throw unprocessable('count must be >= 0.', 'count');
      }
      // 5xx: Mollie unavailable (the client retries); 4xx: Mollie refusing the request (it does not).
      if (typeof s !== 'number' || !Number.isInteger(s) || s < 400 || s > 599) {
        throw unprocessable('status must be a 4xx or 5xx code.', 'status');
      }
      if (mode !== 'before' && mode !== 'after') throw unprocessable('mode must be before or after.', 'mode');
      if (r !== null && (typeof r !== 'number' || !Number.isInteger(r) || r < 0)) {
        throw unprocessable('retryAfterSeconds must be a whole number >= 0.', 'retryAfterSeconds');
      }
      if (only !== null && (typeof only !== 'string' || !/^[A-Z]+$/.test(only))) {
        throw unprocessable('method must be an HTTP method such as DELETE.', 'method');
      }
      faults.plan = { remaining: n, status: s, mode, retryAfterSeconds: r, method: only };
    } else if (method === 'DELETE') {
      faults.clear();
    } else if (method !== 'GET') {
      throw new MollieError(405, `The method ${method} is not available here.`);
    }
    return { status: 200, body: { ...faults.plan } };
  }

  if (is('GET', 'webhooks')) {
    const paymentId = query.get('paymentId') ?? undefined;
    return {
      status: 200,
      body: {
        attempts: dispatcher.attempts(paymentId).map(attemptJson),
        deliveries: dispatcher
          .deliveries()
          .filter((d) => paymentId === undefined || d.paymentId === paymentId)
          .map((d) => ({
            id: d.id,
            paymentId: d.paymentId,
            url: d.url,
            state: d.state,
            attempts: d.attempts.length,
            nextAttemptAt: d.nextAttemptAt,
          })),
      },
    };
  }

  if (is('POST', 'reset')) {
    ctx.reset();
    return { status: 200, body: { reset: true } };
  }

  throw new MollieError(404, `No sandbox control at ${method} /_sandbox/${segments.join('/')}.`);
}

/** `{"outcome":"paid|failed", "bankReasonCode"?, "failureReason"?}`; reasons only with failed. */
function parsePlan(body: Json | undefined): PlannedRenewal {
  const outcome = field(body, 'outcome') ?? 'failed';
  if (outcome !== 'paid' && outcome !== 'failed') {
    throw unprocessable('outcome must be paid or failed.', 'outcome');
  }
  const failure = parseFailure(body);
  if (outcome === 'paid' && (failure.bankReasonCode || failure.failureReason)) {
    throw unprocessable('A paid renewal has no failure reason.', 'outcome');
  }
  return { outcome, ...failure };
}

function attemptJson(attempt: WebhookAttempt | null): Json {
  return attempt === null ? null : { ...attempt };
}

/**
 * The answer to a control call that changed a payment: once its webhook was tried, the payment as it
 * is now, what `extra` adds (the refund, chargeback or subscription it changed) and the attempt.
 * `extra` is built after the attempt too, so it shows what the app's webhook handler changed (e.g. a
 * subscription it canceled).
 */
async function answerChange(
  bases: Bases,
  change: { payment: Parameters<typeof presentPayment>[1]; webhook: Promise<WebhookAttempt | null> },
  extra: () => JsonObject = () => ({}),
): Promise<{ status: number; body: JsonObject }> {
  const webhook = await change.webhook;
  return {
    status: 200,
    body: { ...extra(), payment: presentPayment(bases, change.payment), webhook: attemptJson(webhook) },
  };
}
