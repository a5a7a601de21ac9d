import { Role } from '@kring/contract';
import type { Conn } from '../lib/db.ts';
import { adminAuth } from '../lib/firebase.ts';
import { findAccountAccess, storeRole } from './accounts.repo.ts';
import { cachedCaller, keepCaller } from './caller-cache.ts';

/**
 * Gives a user a role: the stored role (read on every member call) and the token claim (read by the
 * web and the security rules after the next token refresh). Other custom claims are kept.
 */
export async function setRole(conn: Conn, uid: string, role: Role): Promise<void> {
  await storeRole(conn, uid, role);
  await setRoleClaim(uid, role);
}

/** The token claim alone (the stored role written already, in a transaction of the caller's). */
export async function setRoleClaim(uid: string, role: Role): Promise<void> {
  const user = await adminAuth().getUser(uid);
  await adminAuth().setCustomUserClaims(uid, { ...(user.customClaims ?? {}), role });
}

/** The stored row of a caller, from this instance's cache when it is fresh (caller-cache.ts). */
async function accountAccess(conn: Conn, uid: string) {
  const cached = cachedCaller(uid);
  if (cached !== 'miss') return cached;
  const readAt = Date.now();
  const row = await findAccountAccess(conn, uid);
  keepCaller(uid, row, readAt);
  return row;
}

/**
 * The stored role and profile of a caller; the stored role wins when it is lower (revoked, expired).
 * Read through the instance's caller cache: a write elsewhere shows within CALLER_CACHE_SECONDS.
 */
export async function loadAccount(
  conn: Conn,
  user: { uid: string; role: Role },
): Promise<{ role: Role; profileId: number | null; email: string | null; emailVerified: boolean }> {
  const row = await accountAccess(conn, user.uid);
  return {
    role: Math.min(user.role, row?.role ?? Role.None) as Role,
    profileId: row?.profileId ?? null,
    email: row?.email ?? null,
    emailVerified: row?.email_verified ?? false,
  };
}
