import { randomUUID } from 'node:crypto';
import {
  type Access,
  communityEndpoints,
  type Endpoint,
  privacyEndpoints,
  Role,
  subscriptionEndpoints,
} from '@kring/contract';
import type { z } from 'zod';
import { storedAddressIs, storeMailAddress } from '../accounts/accounts.repo.ts';
import { loadAccount } from '../accounts/roles.ts';
import { liftSuspensions } from '../accounts/suspensions.ts';
import { communityGlobalLimitExemptions, communityRoutes } from '../community/routes.ts';
import { config } from '../lib/config.ts';
import { type Db, getDb } from '../lib/db.ts';
import { ApiError } from '../lib/errors.ts';
import type { GlobalLimitExemption, Handler } from '../lib/handler.ts';
import { logs } from '../lib/logs.ts';
import { privacyRoutes } from '../privacy/routes.ts';
import { subscriptionGlobalLimitExemptions, subscriptionRoutes } from '../subscription/routes.ts';
import { bearerToken, verifyToken } from './auth.ts';
import { cachedAnswer, isCached } from './public-call-cache.ts';
import { consumeRateLimit } from './rate-limits.repo.ts';
import { errorResponse, json } from './respond.ts';
import type { HttpRequest, HttpResponse } from './types.ts';

type AnyHandler = Handler<Endpoint>;
type AnyExemption = GlobalLimitExemption<Endpoint>;
interface Route {
  endpoint: Endpoint;
  handler: AnyHandler;
  /** Whether a call is exempt from the endpoint's global rate limit (a webhook for a known payment). */
  globalLimitExempt?: AnyExemption;
}

const table = (
  endpoints: Record<string, Endpoint>,
  routes: Record<string, AnyHandler>,
  exemptions: Record<string, AnyExemption | undefined> = {},
) =>
  new Map<string, Route>(
    Object.entries(endpoints).map(([name, endpoint]) => {
      const exempt = exemptions[name];
      return [name, { endpoint, handler: routes[name]!, ...(exempt ? { globalLimitExempt: exempt } : {}) }];
    }),
  );

const services: Record<string, Map<string, Route>> = {
  community: table(
    communityEndpoints,
    communityRoutes as Record<string, AnyHandler>,
    communityGlobalLimitExemptions as Record<string, AnyExemption | undefined>,
  ),
  subscription: table(
    subscriptionEndpoints,
    subscriptionRoutes as Record<string, AnyHandler>,
    subscriptionGlobalLimitExemptions as Record<string, AnyExemption | undefined>,
  ),
  privacy: table(privacyEndpoints, privacyRoutes as Record<string, AnyHandler>),
};

const minimumRole: Record<Access, Role | null> = {
  public: null,
  signedIn: Role.None,
  member: Role.Member,
  profile: Role.Member,
  moderator: Role.Moderator,
  admin: Role.Admin,
};

const header = (req: HttpRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The JSON or form-encoded body; Mollie's webhook posts `id=tr_…` form-encoded. A form post also
 * takes the query string's fields (the body wins): a mail client's one-click unsubscribe (RFC 8058)
 * posts `List-Unsubscribe=One-Click` to the URL that carries the token.
 */
function readBody(req: HttpRequest): unknown {
  const type = header(req, 'content-type') ?? '';
  if (req.rawBody === undefined) return req.body ?? {};
  const text = req.rawBody.toString('utf8');
  if (type.includes('application/x-www-form-urlencoded'))
    return {
      ...Object.fromEntries(new URLSearchParams(req.query ?? '')),
      ...Object.fromEntries(new URLSearchParams(text)),
    };
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('VALIDATION', undefined, [{ path: '', message: 'De inhoud is geen geldige JSON' }]);
  }
}

const issuesOf = (error: z.ZodError) =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/**
 * Routes `POST /web/{service}/{name}` (the `/web` prefix is optional: the Hosting rewrite keeps it,
 * a direct call to the function does not). Checks method, name, token, role and input before the
 * handler runs, and the output against the contract after.
 */
export async function handleApiRequest(req: HttpRequest, deps: { db?: Db } = {}): Promise<HttpResponse> {
  const requestId = randomUUID();
  const match = /^(?:\/web)?\/(community|subscription|privacy)\/([A-Za-z]+)\/?$/.exec(req.path);
  const route = match ? services[match[1]!]!.get(match[2]!) : undefined;
  if (!route) return errorResponse('NOT_FOUND');
  if (req.method !== 'POST') return errorResponse('METHOD_NOT_ALLOWED', { headers: { allow: 'POST' } });
  const { endpoint, handler, globalLimitExempt } = route;

  try {
    const token = bearerToken(header(req, 'authorization'));
    const verified = token
      ? await verifyToken(token, { checkRevoked: endpoint.session !== undefined })
      : null;
    const required = minimumRole[endpoint.access];
    // A disabled account or one signed out everywhere is refused at once on the calls that check.
    if (verified === 'revoked') return errorResponse('UNAUTHENTICATED', { reason: 'SESSION_REVOKED' });
    if (required !== null && !verified) return errorResponse('UNAUTHENTICATED');
    if (verified && endpoint.session === 'recent') {
      const age = Date.now() / 1000 - verified.authTime;
      if (age > config.recentSignInSeconds()) {
        return errorResponse('UNAUTHENTICATED', { reason: 'RECENT_SIGN_IN_REQUIRED' });
      }
    }
    const user = verified ? { ...verified } : null;

    const body = readBody(req);
    const parsed = endpoint.input.safeParse(body);

    const db = deps.db ?? (await getDb());
    let profileId: number | null = null;
    if (user && required !== null && required >= Role.Member) {
      let account = await loadAccount(db, user);
      // Refused: a suspension whose date has come may be waiting for the 15-minute job; lift it now.
      // (A token issued during the suspension still says role 0 and stays refused until the web
      // refreshes it, which getUserAccount's tokenStale makes it do; this helps tokens that still
      // carry the role. Costs one indexed select on a refused member call, a write only when due.)
      if (account.role < required && (await liftSuspensions(db, new Date(), [user.uid])).length > 0) {
        account = await loadAccount(db, user);
      }
      if (account.role < required) return errorResponse('FORBIDDEN', { reason: 'ROLE_REQUIRED' });
      if (endpoint.access === 'profile' && account.profileId === null) {
        return errorResponse('FORBIDDEN', { reason: 'PROFILE_REQUIRED' });
      }
      user.role = account.role;
      profileId = account.profileId;
      // Mail goes only to verified addresses: the stored address and its flag follow the token,
      // together (docs/security.md). A write only when the token says something new.
      if (!storedAddressIs(account, user)) await storeMailAddress(db, user);
    }
    if (!parsed.success) return errorResponse('VALIDATION', { issues: issuesOf(parsed.error) });
    // Only well-formed calls count: a typo costs no quota, and an invalid call writes nothing anyway.
    const limited = config.rateLimitsEnabled();
    // A call the endpoint knows to be genuine (a webhook for a payment Kring has, a mail link Kring
    // signed) is left out of the limits below while its item stays within its own small budget (a
    // replay of one known item past it is counted again). Out of the per-address limits too: the
    // address is a header a direct call to the function can forge, so anyone could otherwise spend
    // Mollie's or a member's address and have their genuine calls refused (docs/security.md).
    const known =
      limited && globalLimitExempt
        ? await withinKnownBudget(db, endpoint, await globalLimitExempt(db, parsed.data))
        : false;
    // Per caller: the account, or for an anonymous call (a link in a mail) its source address.
    if (endpoint.rateLimit && limited && (user || !known)) {
      const key = user ? `${endpoint.name}:${user.uid}` : `${endpoint.name}:anon:${req.ip ?? 'unknown'}`;
      const { allowed, retryAfterSeconds } = await consumeRateLimit(db, key, endpoint.rateLimit);
      if (!allowed) {
        return errorResponse('RATE_LIMITED', { headers: { 'retry-after': String(retryAfterSeconds) } });
      }
    }
    if (endpoint.addressRateLimit && limited && !known) {
      const key = `${endpoint.name}:ip:${req.ip ?? 'unknown'}`;
      const { allowed, retryAfterSeconds } = await consumeRateLimit(db, key, endpoint.addressRateLimit);
      if (!allowed) {
        logs.warn('per-address rate limit hit', { endpoint: endpoint.name, ip: req.ip });
        return errorResponse('RATE_LIMITED', { headers: { 'retry-after': String(retryAfterSeconds) } });
      }
    }
    // Counted after the per-address limit, so one address's flood does not use up everyone's budget.
    if (endpoint.globalRateLimit && limited && !known) {
      const key = `${endpoint.name}:all`;
      const { allowed, retryAfterSeconds } = await consumeRateLimit(db, key, endpoint.globalRateLimit);
      if (!allowed) {
        logs.warn('global rate limit hit', { endpoint: endpoint.name, ip: req.ip });
        return errorResponse('RATE_LIMITED', { headers: { 'retry-after': String(retryAfterSeconds) } });
      }
    }

    const ctx = { db, user, profileId, requestId };
    const run = () => (handler as Handler<Endpoint>)(ctx as never, parsed.data);
    const output = isCached(endpoint) ? await cachedAnswer(endpoint, parsed.data, run) : await run();
    const checked = endpoint.output.safeParse(output);
    if (!checked.success) {
      logs.error('handler output breaks the contract', {
        endpoint: endpoint.name,
        requestId,
        issues: checked.error.issues,
      });
      return errorResponse('INTERNAL');
    }
    return json(200, checked.data);
  } catch (error) {
    if (error instanceof ApiError) {
      return errorResponse(error.code, {
        reason: error.reason,
        ...(error.issues ? { issues: error.issues } : {}),
      });
    }
    logs.error('unexpected error', { endpoint: endpoint.name, requestId, error });
    return errorResponse('INTERNAL');
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
