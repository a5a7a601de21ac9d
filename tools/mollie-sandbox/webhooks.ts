import http from 'node:http';
import https from 'node:https';
import { newId, type PaymentRecord, type Store, type WebhookAttempt, type WebhookDelivery } from './store.ts';

/**
 * Delays between attempts when the receiver fails (non-2xx, unreachable, slower than the timeout).
 * 11 attempts over about 38 minutes: quick enough to watch locally, long enough to restart a server.
 */
export const defaultRetryDelaysMs = [
  1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_200_000,
];

const attemptTimeoutMs = 10_000;

interface PostResult {
  status: number | null;
  error: string | null;
}

export class WebhookDispatcher {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inflight = new Set<http.ClientRequest>();
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly delaysMs: number[],
    private readonly log: (line: string) => void,
  ) {}

  /** Starts delivery of `id=tr_...`; resolves after the first attempt, retries continue in the background. */
  deliver(payment: PaymentRecord): Promise<WebhookAttempt | null> {
    if (payment.webhookUrl === null || this.closed) return Promise.resolve(null);
    const delivery: WebhookDelivery = {
      id: newId('whd_'),
      paymentId: payment.id,
      url: payment.webhookUrl,
      state: 'pending',
      attempts: [],
      nextAttemptAt: new Date().toISOString(),
    };
    this.store.state.webhooks.push(delivery);
    this.store.save();
    return this.attempt(delivery);
  }

  /** After a restart, pending deliveries continue on their old schedule (late ones at once). */
  resume(): void {
    for (const delivery of this.store.state.webhooks) {
      if (delivery.state !== 'pending') continue;
      const due = delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) - Date.now() : 0;
      this.schedule(delivery, Math.max(0, due));
    }
  }

  attempts(paymentId?: string): WebhookAttempt[] {
    return this.store.state.webhooks
      .filter((d) => paymentId === undefined || d.paymentId === paymentId)
      .flatMap((d) => d.attempts)
      .sort((a, b) => a.at.localeCompare(b.at));
  }

  deliveries(): WebhookDelivery[] {
    return this.store.state.webhooks;
  }

  cancelAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const request of this.inflight) request.destroy(new Error('sandbox stopped'));
    this.inflight.clear();
  }

  close(): void {
    this.closed = true;
    this.cancelAll();
  }

  private schedule(delivery: WebhookDelivery, delayMs: number): void {
    delivery.nextAttemptAt = new Date(Date.now() + delayMs).toISOString();
    const timer = setTimeout(() => void this.attempt(delivery), delayMs);
    timer.unref();
    this.timers.set(delivery.id, timer);
  }

  private async attempt(delivery: WebhookDelivery): Promise<WebhookAttempt> {
    this.timers.delete(delivery.id);
    const number = delivery.attempts.length + 1;
    const total = this.delaysMs.length + 1;
    const started = Date.now();
    const result = await this.post(delivery.url, `id=${encodeURIComponent(delivery.paymentId)}`);
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const attempt: WebhookAttempt = {
      deliveryId: delivery.id,
      paymentId: delivery.paymentId,
      url: delivery.url,
      attempt: number,
      at: new Date(started).toISOString(),
      status: result.status,
      ok,
      error: result.error,
      durationMs: Date.now() - started,
    };
    delivery.attempts.push(attempt);
    const outcome = result.status !== null ? `HTTP ${result.status}` : `error ${result.error}`;
    // A reset or stop while the request was out: record nothing further for this delivery.
    if (this.closed || !this.store.state.webhooks.includes(delivery)) return attempt;
    if (ok) {
      delivery.state = 'delivered';
      delivery.nextAttemptAt = null;
      this.log(
        `webhook ${delivery.paymentId} -> ${delivery.url} attempt ${number}/${total}: ${outcome}, delivered`,
      );
    } else if (number <= this.delaysMs.length) {
      const delay = this.delaysMs[number - 1]!;
      this.schedule(delivery, delay);
      this.log(
        `webhook ${delivery.paymentId} -> ${delivery.url} attempt ${number}/${total}: ${outcome}, retry in ${delay} ms`,
      );
    } else {
      delivery.state = 'gave-up';
      delivery.nextAttemptAt = null;
      this.log(
        `webhook ${delivery.paymentId} -> ${delivery.url} attempt ${number}/${total}: ${outcome}, giving up`,
      );
    }
    this.store.save();
    return attempt;
  }

  private post(url: string, body: string): Promise<PostResult> {
    return new Promise((resolve) => {
      const target = new URL(url);
      const client = target.protocol === 'https:' ? https : http;
      const request = client.request(
        target,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
            accept: '*/*',
            'user-agent': 'Mollie HTTP Fetcher (kring mollie-sandbox)',
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            this.inflight.delete(request);
            resolve({ status: response.statusCode ?? null, error: null });
          });
          response.on('error', (error) => {
            this.inflight.delete(request);
            resolve({ status: response.statusCode ?? null, error: error.message });
          });
        },
      );
      this.inflight.add(request);
      request.setTimeout(attemptTimeoutMs, () =>
        request.destroy(new Error(`no answer within ${attemptTimeoutMs} ms`)),
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        this.inflight.delete(request);
        resolve({ status: null, error: error.code ?? error.message });
      });
      request.end(body);
    });
  }
}
