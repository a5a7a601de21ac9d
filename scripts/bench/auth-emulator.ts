import { Role } from '@kring/contract';
import { setRole } from '../../functions/src/accounts/roles.ts';
import type { Db } from '../../functions/src/lib/db.ts';

export { startAuthEmulator } from '../../tools/auth-emulator/start.ts';

/** One call of the Auth emulator's REST API (sign-up, sign-in). */
export async function authCall(host: string, path: string, body: unknown) {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${path}?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Auth emulator ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { idToken: string; localId: string };
}

/**
 * A member: an emulator user with the Member claim and a stored account row (setRole writes both).
 * The token comes from a sign-in after the claim was set, so it carries the role.
 */
export async function createMemberUser(db: Db, host: string): Promise<{ uid: string; token: string }> {
  const email = `bench-${Date.now()}@kring.test`;
  const password = 'bench-wachtwoord-1';
  const { localId } = await authCall(host, 'accounts:signUp', { email, password, returnSecureToken: true });
  await setRole(db, localId, Role.Member);
  const { idToken } = await authCall(host, 'accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: localId, token: idToken };
}
