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
}

/**
 * The endpoint's limits for one call, in the order they are counted:
 * - per caller: the account, or for an anonymous call (a link in a mail) its source address;
 * - per source address (public calls that reach paid APIs);
 * - global, counted after the per-address limit so one address's flood does not use up everyone's
 *   budget.
 * A call the endpoint knows to be genuine (`known`: a webhook for a payment Kring has, a mail link
 * Kring signed, within its item's own small budget) is left out of all but a signed-in caller's own
 * limit: the address is a header a direct call to the function can forge, so anyone could otherwise
 * spend Mollie's or a member's address and have their genuine calls refused (docs/security.md).
 */
export function limitsOf(
  endpoint: Endpoint,
  caller: { uid: string | null; ip: string | undefined },
  known: boolean,
): CallLimit[] {
  const { name } = endpoint;
  const ip = caller.ip ?? 'unknown';
  const limits: (CallLimit | false | undefined)[] = [
    endpoint.rateLimit &&
      (caller.uid !== null || !known) && {
        key: caller.uid !== null ? `${name}:${caller.uid}` : `${name}:anon:${ip}`,
        limit: endpoint.rateLimit,
      },
    endpoint.addressRateLimit &&
      !known && {
        key: `${name}:ip:${ip}`,
        limit: endpoint.addressRateLimit,
        warning: 'per-address rate limit hit',
      },
    endpoint.globalRateLimit &&
      !known && { key: `${name}:all`, limit: endpoint.globalRateLimit, warning: 'global rate limit hit' },
  ];
  return limits.filter((l): l is CallLimit => Boolean(l));
}

/**
 * Step 3 of the router: counts a well-formed call against each of its endpoint's limits in turn; the
 * first that is used up refuses it (429 RATE_LIMITED with Retry-After). `knownItem` names the item
 * of a call the endpoint knows to be genuine (see GlobalLimitExemption), or null.
 */
export async function enforceLimits(
  db: Db,
  endpoint: Endpoint,
  caller: { uid: string | null; ip: string | undefined },
  knownItem: () => Promise<string | null>,
): Promise<void> {
  if (!config.rateLimitsEnabled()) return;
  const known = await withinKnownBudget(db, endpoint, await knownItem());
  for (const { key, limit, warning } of limitsOf(endpoint, caller, known)) {
    const { allowed, retryAfterSeconds } = await consumeRateLimit(db, key, limit);
    if (allowed) continue;
    if (warning) logs.warn(warning, { endpoint: endpoint.name, ip: caller.ip });
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
