import { randomUUID } from 'node:crypto';
import {
  type Access,
  billingEndpoints,
  communityEndpoints,
  type Endpoint,
  type FileDownload,
  privacyEndpoints,
  Role,
  setDutchValidationMessages,
  subscriptionEndpoints,
} from '@kring/contract';
import type { z } from 'zod';
import { resolveCaller } from '../accounts/caller.ts';
import { adminRoutes } from '../admin/routes.ts';
import { communityRoutes } from '../community/routes.ts';
import { config } from '../lib/config.ts';
import { type Db, getDb } from '../lib/db.ts';
import { ApiError } from '../lib/errors.ts';
import type { AuthUser, GlobalLimitExemption, Handler, Routes } from '../lib/handler.ts';
import { logs } from '../lib/logs.ts';
import { mailGlobalLimitExemptions, mailRoutes } from '../mail/routes.ts';
import { privacyRoutes } from '../privacy/routes.ts';
import { searchRoutes } from '../search/routes.ts';
import { billingRoutes } from '../subscription/billing-routes.ts';
import { subscriptionGlobalLimitExemptions, subscriptionRoutes } from '../subscription/routes.ts';
import { bearerToken, verifyToken } from './auth.ts';
import { onOneConnection, withOneConnection } from './one-connection.ts';
import { cachedAnswer, isCached } from './public-call-cache.ts';
import { enforceLimits } from './rate-limits.ts';
import { errorResponse, fileResponse, json, Refusal } from './respond.ts';
import type { HttpRequest, HttpResponse } from './types.ts';

// A missing field or a value of the wrong kind is answered in Dutch, as every other validation text.
setDutchValidationMessages();

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

/** The contract's community service: the community's calls, mail's and search's; a missing one is a type error. */
const communityService: Routes<typeof communityEndpoints> = {
  ...communityRoutes,
  ...mailRoutes,
  ...searchRoutes,
  ...adminRoutes,
};

const services: Record<string, Map<string, Route>> = {
  community: table(
    communityEndpoints,
    communityService as Record<string, AnyHandler>,
    mailGlobalLimitExemptions as Record<string, AnyExemption | undefined>,
  ),
  subscription: table(
    subscriptionEndpoints,
    subscriptionRoutes as Record<string, AnyHandler>,
    subscriptionGlobalLimitExemptions as Record<string, AnyExemption | undefined>,
  ),
  privacy: table(privacyEndpoints, privacyRoutes as Record<string, AnyHandler>),
  billing: table(billingEndpoints, billingRoutes as Record<string, AnyHandler>),
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

const routeOf = (path: string): Route | undefined => {
  const match = /^(?:\/web)?\/(community|subscription|privacy|billing)\/([A-Za-z]+)\/?$/.exec(path);
  return match ? services[match[1]!]!.get(match[2]!) : undefined;
};

/** Step 1: who the token says the caller is (null: no token on a public call). */
async function authenticate(req: HttpRequest, endpoint: Endpoint): Promise<AuthUser | null> {
  const token = bearerToken(header(req, 'authorization'));
  const verified = token ? await verifyToken(token, { session: endpoint.session }) : null;
  // A disabled account or one signed out everywhere is refused at once on the calls that check.
  if (verified === 'revoked') throw new ApiError('UNAUTHENTICATED', 'SESSION_REVOKED');
  if (minimumRole[endpoint.access] !== null && !verified) throw new ApiError('UNAUTHENTICATED');
  if (verified && endpoint.session === 'recent') {
    const age = Date.now() / 1000 - verified.authTime;
    if (age > config.recentSignInSeconds()) throw new ApiError('UNAUTHENTICATED', 'RECENT_SIGN_IN_REQUIRED');
  }
  if (!verified) return null;
  const { authTime: _, ...user } = verified;
  return user;
}

/** Step 2: for member calls, the stored role and profile (the accounts area decides; see resolveCaller). */
async function callerOf(db: Db, endpoint: Endpoint, user: AuthUser | null) {
  const required = minimumRole[endpoint.access];
  if (!user || required === null || required < Role.Member) return { user, profileId: null };
  const account = await resolveCaller(db, user, { role: required, profile: endpoint.access === 'profile' });
  return { user: { ...user, role: account.role }, profileId: account.profileId };
}

/** Step 5: the handler's answer, checked against the contract (a break is logged, never sent). */
function checkedOutput(endpoint: Endpoint, output: unknown, requestId: string): HttpResponse {
  const checked = endpoint.output.safeParse(output);
  if (checked.success && endpoint.download) return fileResponse(checked.data as FileDownload);
  if (checked.success) return json(200, checked.data);
  logs.error('handler output breaks the contract', {
    endpoint: endpoint.name,
    requestId,
    issues: checked.error.issues,
  });
  return errorResponse('INTERNAL');
}

/**
 * Steps 2 to 5 on one database handle: the pool, or one connection of it (one-connection.ts). Input
 * that does not match the contract is refused after the caller checks and before any limit counts
 * (a typo costs no quota, and an invalid call writes nothing anyway).
 */
async function guardedCall(
  db: Db,
  route: Route,
  req: HttpRequest,
  call: { token: AuthUser | null; parsed: ReturnType<Endpoint['input']['safeParse']>; requestId: string },
): Promise<HttpResponse> {
  const { endpoint, handler, globalLimitExempt } = route;
  const { parsed, requestId } = call;
  const { user, profileId } = await callerOf(db, endpoint, call.token);
  if (!parsed.success) return errorResponse('VALIDATION', { issues: issuesOf(parsed.error) });
  const knownItem = async () => (globalLimitExempt ? globalLimitExempt(db, parsed.data) : null);
  await enforceLimits(db, endpoint, { uid: user?.uid ?? null, ip: req.ip }, knownItem);
  const run = () => handler({ db, user, profileId, requestId } as never, parsed.data);
  const output = isCached(endpoint) ? await cachedAnswer(endpoint, parsed.data, run) : await run();
  return checkedOutput(endpoint, output, requestId);
}

/**
 * Routes `POST /web/{service}/{name}` (the `/web` prefix is optional: the Hosting rewrite keeps it,
 * a direct call to the function does not) through a chain of guards: authenticate, resolve the
 * caller, rate limits, then the handler, whose output is checked against the contract.
 */
export async function handleApiRequest(req: HttpRequest, deps: { db?: Db } = {}): Promise<HttpResponse> {
  const requestId = randomUUID();
  const route = routeOf(req.path);
  if (!route) return errorResponse('NOT_FOUND');
  if (req.method !== 'POST') return errorResponse('METHOD_NOT_ALLOWED', { headers: { allow: 'POST' } });
  const { endpoint } = route;
  try {
    const token = await authenticate(req, endpoint);
    const parsed = endpoint.input.safeParse(readBody(req));
    const db = deps.db ?? (await getDb());
    const steps = (conn: Db) => guardedCall(conn, route, req, { token, parsed, requestId });
    return onOneConnection(endpoint) ? await withOneConnection(db, steps) : await steps(db);
  } catch (error) {
    if (error instanceof Refusal) return error.response;
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
