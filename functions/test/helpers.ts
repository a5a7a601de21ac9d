import { randomUUID } from 'node:crypto';
import {
  billingEndpoints,
  communityEndpoints,
  type ErrorBody,
  endpointPath,
  type InputOf,
  type OutputOf,
  privacyEndpoints,
  type Role,
  subscriptionEndpoints,
} from '@kring/contract';
import { storeMailAddress } from '../src/accounts/accounts.repo.ts';
import { setRole } from '../src/accounts/roles.ts';
import { handleApiRequest } from '../src/http/router.ts';
import { getDb } from '../src/lib/db.ts';
import { adminAuth } from '../src/lib/firebase.ts';

const authUrl = (path: string) =>
  `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/${path}?key=fake-api-key`;

async function authCall(path: string, body: unknown): Promise<{ idToken: string; localId: string }> {
  const res = await fetch(authUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Auth emulator ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ idToken: string; localId: string }>;
}

export interface TestUser {
  uid: string;
  email: string;
  token: string;
}

/** A real Auth emulator user; with a role, the claim is set and a fresh token carries it. */
export async function createUser(role?: Role): Promise<TestUser> {
  const email = `test-${randomUUID()}@kring.test`;
  const password = 'geheim-wachtwoord-1';
  const signUp = await authCall('accounts:signUp', { email, password, returnSecureToken: true });
  if (role === undefined) return { uid: signUp.localId, email, token: signUp.idToken };
  await setRole(await getDb(), signUp.localId, role);
  const signIn = await authCall('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  return { uid: signUp.localId, email, token: signIn.idToken };
}

/**
 * The user with a verified e-mail address (notification and digest mail go only to those): verified
 * in the Auth emulator, stored as the router stores it, and with a fresh token that says so.
 */
export async function withVerifiedEmail<U extends TestUser>(user: U): Promise<U> {
  await adminAuth().updateUser(user.uid, { emailVerified: true });
  await storeMailAddress(await getDb(), {
    uid: user.uid,
    email: user.email,
    emailVerified: true,
    issuedAt: Math.floor(Date.now() / 1000),
  });
  const signIn = await authCall('accounts:signInWithPassword', {
    email: user.email,
    password: 'geheim-wachtwoord-1',
    returnSecureToken: true,
  });
  return { ...user, token: signIn.idToken };
}

const endpoints = {
  ...communityEndpoints,
  ...subscriptionEndpoints,
  ...privacyEndpoints,
  ...billingEndpoints,
};
type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** The answer `call(name, …)` gives, for annotating a variable a loop assigns from. */
export type Answer<N extends EndpointName> = ApiResponse<OutputOf<Endpoints[N]>>;

/** What the router answered. `body` is the output on a 200 and `{ error }` otherwise: check the status first. */
export interface ApiResponse<Output = Record<string, unknown>> {
  status: number;
  headers: Record<string, string>;
  body: Output & Partial<ErrorBody>;
}

/**
 * Calls an endpoint by name through the real router in-process, as the Hosting rewrite would deliver
 * it. Input and output are the contract's types for that name.
 */
export async function call<N extends EndpointName>(
  name: N,
  input: InputOf<Endpoints[N]>,
  user?: Pick<TestUser, 'token'> | string,
): Promise<ApiResponse<OutputOf<Endpoints[N]>>> {
  return callRaw(endpointPath(endpoints[name]), input, user) as Promise<ApiResponse<OutputOf<Endpoints[N]>>>;
}

/**
 * For what `call` does not let through: input the contract refuses, a body that is not JSON, an unknown
 * name or path, another method, or a name picked from a table. A bare name is looked up in the
 * registry (an unknown one goes to community); a path starting with '/' is used as it is.
 */
export async function callRaw(
  nameOrPath: string,
  body: unknown,
  user?: Pick<TestUser, 'token'> | string,
  method = 'POST',
): Promise<ApiResponse> {
  const token = typeof user === 'string' ? user : user?.token;
  const known = (endpoints as Record<string, (typeof endpoints)[EndpointName] | undefined>)[nameOrPath];
  const path = nameOrPath.startsWith('/')
    ? nameOrPath
    : known
      ? endpointPath(known)
      : `/web/community/${nameOrPath}`;
  const response = await handleApiRequest({
    method,
    path,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    rawBody: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  });
  return response as ApiResponse;
}

let nameCounter = 0;
/** A user name that is valid and unique within a test run. */
export const uniqueName = (prefix = 'lid') =>
  `${prefix}_${Date.now().toString(36)}${(nameCounter++).toString(36)}`;

/** A member with a community profile, ready to post. */
export async function createMember(role: Role = 1, name = uniqueName()) {
  const user = await createUser(role);
  const res = await call('createProfile', { name, occupation: 'Onderzoeker', bio: 'Hallo allemaal' }, user);
  if (res.status !== 200) throw new Error(`createProfile failed: ${JSON.stringify(res.body)}`);
  return { ...user, profileId: res.body.profile.id, name };
}
