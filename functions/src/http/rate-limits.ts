import type { Endpoint, RateLimit } from '@kring/contract';
import { config } from '../lib/config.ts';
import type { Db } from '../lib/db.ts';
import { logs } from '../lib/logs.ts';
import { consumeRateLimit } from './rate-limits.repo.ts';
import { errorResponse, Refusal } from './respond.ts';

/** One of an endpoint's limits as it applies to one call: the counter it counts on. */
export interface CallLimit {
  key: string;
  limit: RateLimit;
  /** Logged when the limit refuses a call (the per-caller limit is a member's own business). */
  warning?: string;
  /** Asked only when the limits before it let the call through: true leaves this one out. */
  exempt?: () => Promise<boolean>;
}

/**
 * The endpoint's limits for one call, in the order they are counted:
 * - per caller: the account, or for an anonymous call (a link in a mail) its source address;
 * - per source address (public calls that reach paid APIs);
 * - global, counted after the per-address limit so one address's flood does not use up everyone's
 *   budget; calls the endpoint knows to be genuine (a webhook for a payment Kring has) are not counted
 *   while their item stays within its own small budget (a replay of one known id is counted again).
 */
export function limitsOf(
  endpoint: Endpoint,
  caller: { uid: string | null; ip: string | undefined },
  known: () => Promise<string | null>,
  db: Db,
): CallLimit[] {
  const { name } = endpoint;
  const ip = caller.ip ?? 'unknown';
  const limits: (CallLimit | null)[] = [
    endpoint.rateLimit
      ? { key: caller.uid ? `${name}:${caller.uid}` : `${name}:anon:${ip}`, limit: endpoint.rateLimit }
      : null,
    endpoint.addressRateLimit
      ? { key: `${name}:ip:${ip}`, limit: endpoint.addressRateLimit, warning: 'per-address rate limit hit' }
      : null,
    endpoint.globalRateLimit
      ? {
          key: `${name}:all`,
          limit: endpoint.globalRateLimit,
          warning: 'global rate limit hit',
          exempt: async () => withinKnownBudget(db, endpoint, await known()),
        }
      : null,
  ];
  return limits.filter((l) => l !== null);
}

/** Counts the call against each limit in turn; the first that is used up refuses it (429, Retry-After). */
export async function enforceLimits(db: Db, limits: CallLimit[], log: { endpoint: string; ip?: string }) {
  if (!config.rateLimitsEnabled()) return;
  for (const { key, limit, warning, exempt } of limits) {
    if (exempt && (await exempt())) continue;
    const { allowed, retryAfterSeconds } = await consumeRateLimit(db, key, limit);
    if (allowed) continue;
    if (warning) logs.warn(warning, { endpoint: log.endpoint, ip: log.ip });
    throw new Refusal(
      errorResponse('RATE_LIMITED', { headers: { 'retry-after': String(retryAfterSeconds) } }),
    );
  }
}

/** Whether a call about a known item (see GlobalLimitExemption) is still within that item's budget. */
async function withinKnownBudget(db: Db, endpoint: Endpoint, item: string | null): Promise<boolean> {
  if (item === null) return false;
  if (!endpoint.knownCallRateLimit) return true;
  const key = `${endpoint.name}:known:${item}`;
  const { allowed } = await consumeRateLimit(db, key, endpoint.knownCallRateLimit);
  if (!allowed)
    logs.warn('a known item past its own budget is counted globally', { endpoint: endpoint.name, item });
  return allowed;
}
