import type { Access, Endpoint, OutputOf, ParsedInputOf, Role } from '@kring/contract';
import type { Db } from './db.ts';

/**
 * What a handler is: `(ctx, input) => output` for one contract endpoint, with no HTTP in sight. The
 * router (http/) builds the context after checking token, role and input; the areas only see these
 * types, so they never import the router.
 */

export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** When the token was issued (its `iat`, seconds since the epoch): an older token never overwrites the stored address. */
  issuedAt: number;
  /** The role claim of the token; the router lowers it to the stored role when they differ. */
  role: Role;
}

interface BaseContext {
  db: Db;
  requestId: string;
}

/** What a handler knows about its caller, by the endpoint's access level (checked before it runs). */
export type ContextFor<A extends Access> = A extends 'public'
  ? BaseContext & { user: AuthUser | null; profileId: number | null }
  : A extends 'profile'
    ? BaseContext & { user: AuthUser; profileId: number }
    : BaseContext & { user: AuthUser; profileId: number | null };

export type Handler<E extends Endpoint> = (
  ctx: ContextFor<E['access']>,
  input: ParsedInputOf<E>,
) => Promise<OutputOf<E>>;

/** Every endpoint of a service with its handler: a missing one is a type error. */
export type Routes<T extends Record<string, Endpoint>> = {
  [K in keyof T]: Handler<T[K]>;
};

/**
 * For an endpoint with a global rate limit: the item a (valid) call is about when the endpoint knows
 * it to be genuine (a webhook about a payment Kring already has: its id), or null. Such a call is
 * left out of the global count and of the per-address limits (the address is a header a direct call
 * can forge) while its item stays within the endpoint's `knownCallRateLimit`. A signed-in caller's
 * own limit still applies.
 */
export type GlobalLimitExemption<E extends Endpoint> = (
  db: Db,
  input: ParsedInputOf<E>,
) => Promise<string | null>;
