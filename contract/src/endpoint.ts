import type { z } from 'zod';

/**
 * Who may call an endpoint; the server checks it before the handler runs.
 * - public: anyone, no token
 * - signedIn: a valid Firebase ID token, any role
 * - member: role claim >= Member (a paid membership)
 * - profile: a member who has created a community profile
 * - moderator / admin: role claim >= Moderator / Admin
 */
export type Access = 'public' | 'signedIn' | 'member' | 'profile' | 'moderator' | 'admin';

export type Service = 'community' | 'subscription' | 'privacy' | 'billing';

/**
 * How fresh the caller's session must be, checked by the server before the handler runs:
 * - live: the token is checked against Auth (revoked = signed out everywhere, or a disabled account: 401)
 * - recent: live, and the sign-in behind the token (`auth_time`) is younger than
 *   `limits.recentSignInSeconds` (401 `RECENT_SIGN_IN_REQUIRED`: sign in again, then retry)
 */
export type SessionCheck = 'live' | 'recent';

export interface Endpoint<
  N extends string = string,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends Access = Access,
  S extends Service = Service,
> {
  service: S;
  name: N;
  access: A;
  input: I;
  output: O;
  /**
   * At most `max` calls per caller in a fixed window of `windowSeconds`; more answer 429 RATE_LIMITED.
   * The caller is the signed-in account, or for a call without a token its source address.
   */
  rateLimit?: RateLimit;
  /**
   * Public calls only: the answer is the same for everyone, so the function keeps it this many
   * seconds and answers from memory instead of asking the database on every visit.
   */
  cacheSeconds?: number;
  /**
   * At most `max` calls per source address in a window, for public calls that reach paid APIs (the
   * Mollie webhook): a flood from one address cannot exhaust Kring's Mollie quota.
   */
  addressRateLimit?: RateLimit;
  /**
   * At most `max` calls from everyone together in a window, beside `addressRateLimit`: a direct call
   * to the function can send any address header, so the per-address count alone can be got past.
   */
  globalRateLimit?: RateLimit;
  /**
   * For calls the endpoint knows to be genuine and leaves out of `globalRateLimit` and of the
   * per-address limits (a webhook about a payment Kring has, a signed mail link; the address is a
   * header anyone can forge, so spending Mollie's address must not turn Mollie away): at most `max`
   * per such item (one payment id) in a window. Mollie sends a handful per payment; past that the
   * call is counted like any other, so replaying one known id cannot get round the limits.
   */
  knownCallRateLimit?: RateLimit;
  /** Calls that change money, membership or personal data check the session (see SessionCheck). */
  session?: SessionCheck;
  /**
   * The answer is a file, streamed as it is made (text/csv with Content-Disposition), not JSON: the
   * handler returns a FileDownload and the web fetches it as a Blob (docs/admin.md "Exports").
   */
  download?: true;
}

/**
 * A download endpoint's answer: a file name, its type and its body as chunks made on demand, so a large
 * export is never one string in memory. Plain ES types: the contract stays free of Node's streams.
 */
export interface FileDownload {
  fileName: string;
  contentType: string;
  chunks: AsyncIterable<string | Uint8Array>;
}

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export const endpoint = <
  N extends string,
  I extends z.ZodType,
  O extends z.ZodType,
  A extends Access,
  S extends Service,
>(
  def: Endpoint<N, I, O, A, S>,
): Endpoint<N, I, O, A, S> => def;

export type InputOf<E extends Endpoint> = z.input<E['input']>;
export type ParsedInputOf<E extends Endpoint> = z.output<E['input']>;
export type OutputOf<E extends Endpoint> = z.output<E['output']>;

/** The URL path of an endpoint, as the Hosting rewrite delivers it. */
export const endpointPath = (e: Pick<Endpoint, 'service' | 'name'>) => `/web/${e.service}/${e.name}`;
