import { randomUUID } from 'node:crypto';
import type { Role } from '@kring/contract';
import { setRole } from '../src/accounts/roles.ts';
import { handleApiRequest } from '../src/http/router.ts';
import { getDb } from '../src/lib/db.ts';

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

/** Calls an endpoint through the real router in-process, as the Hosting rewrite would deliver it. */
export async function call(path: string, body: unknown, user?: TestUser | string, method = 'POST') {
  const token = typeof user === 'string' ? user : user?.token;
  const response = await handleApiRequest({
    method,
    path: path.startsWith('/') ? path : `/web/community/${path}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    rawBody: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  });
  return response as {
    status: number;
    headers: Record<string, string>;
    body: Record<string, unknown> & {
      error?: { code: string; issues?: { path: string; message: string }[] };
    };
  };
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
  return { ...user, profileId: (res.body.profile as { id: number }).id, name };
}
