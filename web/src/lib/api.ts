/**
 * The fetch layer for the Kring API: POST JSON to `/web/{service}/{name}` with the Firebase ID token.
 * Only types come from the contract, so public pages never pull zod into their bundle.
 */
import type {
  billingEndpoints,
  communityEndpoints,
  Endpoint,
  ErrorCode,
  ErrorIssue,
  ErrorReason,
  InputOf,
  OutputOf,
  privacyEndpoints,
  subscriptionEndpoints,
} from '@kring/contract';
import { NOT_SIGNED_IN } from './auth-user.ts';

interface Endpoints {
  community: typeof communityEndpoints;
  subscription: typeof subscriptionEndpoints;
  privacy: typeof privacyEndpoints;
  billing: typeof billingEndpoints;
}
export type Service = keyof Endpoints;
export type EndpointName<S extends Service> = keyof Endpoints[S] & string;
type EndpointOf<S extends Service, N extends EndpointName<S>> = Extract<Endpoints[S][N], Endpoint>;
export type ApiInput<S extends Service, N extends EndpointName<S>> = InputOf<EndpointOf<S, N>>;
export type ApiOutput<S extends Service, N extends EndpointName<S>> = OutputOf<EndpointOf<S, N>>;

/** A non-OK answer (spec 7: 'Call failed with status {n}'), with the server's error body for field issues. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  /** The server's reason beside the code, e.g. RECENT_SIGN_IN_REQUIRED, SESSION_REVOKED, CHAT_BLOCKED. */
  readonly reason: ErrorReason | undefined;
  readonly issues: ErrorIssue[];

  constructor(status: number, body: unknown) {
    super(`Call failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
    this.code = typeof error?.code === 'string' ? (error.code as ErrorCode) : undefined;
    this.reason = typeof error?.reason === 'string' ? (error.reason as ErrorReason) : undefined;
    this.issues = Array.isArray(error?.issues) ? (error.issues as ErrorIssue[]) : [];
  }

  /** The server's Dutch message for a field, e.g. issueFor('membership.postalCode'). */
  issueFor(path: string): string | undefined {
    return this.issues.find((issue) => issue.path === path)?.message;
  }
}

/** Any other failure: no answer, an unreadable answer (spec 7: 'Network error'). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network error', { cause });
    this.name = 'NetworkError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The URL of an endpoint; the Hosting rewrite sends /web/** to the function. */
export const apiPath = (service: Service, name: string) => `/web/${service}/${name}`;

/**
 * Asks the user to sign in again (the re-authentication dialog registers it); resolves true once
 * they did, false when they gave up.
 */
type ReauthPrompt = () => Promise<boolean>;
let reauthPrompt: ReauthPrompt | null = null;
export function setReauthPrompt(prompt: ReauthPrompt | null): void {
  reauthPrompt = prompt;
}

/**
 * Calls an endpoint as the signed-in user. Throws ApiError for a non-OK status, NetworkError for
 * any other failure, and 'User is not logged in' when nobody is signed in. A call that needs a recent
 * sign-in (money, membership, personal data) first asks the user to sign in again, then repeats once.
 */
export async function call<S extends Service, N extends EndpointName<S>>(
  service: S,
  name: N,
  input: ApiInput<S, N>,
): Promise<ApiOutput<S, N>> {
  return withReauth((fresh) => callOnce(service, name, input, fresh));
}

/**
 * Runs an attempt with the cached token; when the server asks for a recent sign-in and the user
 * signs in again, repeats it once with a fresh token. Any other error is thrown as it is.
 */
async function withReauth<T>(attempt: (freshToken: boolean) => Promise<T>): Promise<T> {
  try {
    return await attempt(false);
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.reason === 'RECENT_SIGN_IN_REQUIRED' &&
      reauthPrompt &&
      (await reauthPrompt())
    ) {
      return attempt(true);
    }
    throw error;
  }
}

/** The signed-in user's ID token; 'User is not logged in' when nobody is, NetworkError when it fails. */
async function idToken(freshToken: boolean): Promise<string> {
  try {
    const { getIdToken } = await import('./firebase.ts');
    return await getIdToken(freshToken);
  } catch (error) {
    if (error instanceof Error && error.message === NOT_SIGNED_IN) throw error;
    throw new NetworkError(error);
  }
}

async function callOnce<S extends Service, N extends EndpointName<S>>(
  service: S,
  name: N,
  input: ApiInput<S, N>,
  freshToken: boolean,
): Promise<ApiOutput<S, N>> {
  const token = await idToken(freshToken);
  return post(service, name, input, { Authorization: `Bearer ${token}` });
}

/** A file a download endpoint answered with (a CSV export), and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * Fetches a download endpoint's file (contract `download: true`) as the signed-in user: a POST with
 * the token like `call`, the answer read as a Blob instead of JSON. Errors and the re-sign-in as `call`.
 */
export async function callFile<S extends Service, N extends EndpointName<S>>(
  service: S,
  name: N,
  input: ApiInput<S, N>,
): Promise<DownloadedFile> {
  return withReauth((fresh) => fileOnce(service, name, input, fresh));
}

async function fileOnce(service: Service, name: string, input: unknown, freshToken: boolean) {
  const token = await idToken(freshToken);
  let response: Response;
  try {
    response = await fetch(apiPath(service, name), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(input ?? {}),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiError(response.status, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${name}.csv`;
  try {
    return { blob: await response.blob(), fileName };
  } catch (error) {
    // The connection was cut mid-file (the server failed after the first rows): no half file.
    throw new NetworkError(error);
  }
}

/**
 * Calls a public endpoint without a token (the unsubscribe page: the visitor need not be signed in).
 * Errors as `call`.
 */
export const callPublic = <S extends Service, N extends EndpointName<S>>(
  service: S,
  name: N,
  input: ApiInput<S, N>,
): Promise<ApiOutput<S, N>> => post(service, name, input, {});

async function post<S extends Service, N extends EndpointName<S>>(
  service: S,
  name: N,
  input: ApiInput<S, N>,
  auth: Record<string, string>,
): Promise<ApiOutput<S, N>> {
  let response: Response;
  try {
    response = await fetch(apiPath(service, name), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...auth },
      body: JSON.stringify(input ?? {}),
    });
  } catch (error) {
    throw new NetworkError(error);
  }

  let body: unknown;
  try {
    const text = await response.text();
    body = text === '' ? undefined : JSON.parse(text);
  } catch (error) {
    // A non-OK status stays a status error even when its body is not JSON (e.g. a proxy's HTML page).
    if (!response.ok) throw new ApiError(response.status, undefined);
    throw new NetworkError(error);
  }
  if (!response.ok) throw new ApiError(response.status, body);
  if (body === undefined) throw new NetworkError(new Error('empty response'));
  return body as ApiOutput<S, N>;
}
