import type { Role } from '@kring/contract';
import { sql } from 'kysely';
import type { Conn } from '../lib/db.ts';
import { adminAuth } from '../lib/firebase.ts';

/**
 * Gives a user a role: the stored role (read on every member call) and the token claim (read by the
 * web and the security rules after the next token refresh). Other custom claims are kept.
 */
export async function setRole(conn: Conn, uid: string, role: Role): Promise<void> {
  await conn
    .insertInto('accounts')
    .values({ uid, email: null, role })
    .onConflict((oc) => oc.column('uid').doUpdateSet({ role, updated_at: sql`now()` }))
    .execute();
  const user = await adminAuth().getUser(uid);
  await adminAuth().setCustomUserClaims(uid, { ...(user.customClaims ?? {}), role });
}
