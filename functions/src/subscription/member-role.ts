import { Role } from '@kring/contract';
import { clearRoleSync, findRoleState, grantsAccess } from '../accounts/memberships.repo.ts';
import { setRole } from '../accounts/roles.ts';
import type { Db } from '../lib/db.ts';
import { logs } from '../lib/logs.ts';

/**
 * Brings the stored role and the token claim in line with the membership, if its outbox flag says
 * they lag behind. Access gives at least Member; losing access takes Member back to None, while a
 * moderator or admin keeps their role (set by an admin, not bought). Runs after the membership
 * transaction committed, so a failing Auth call leaves the flag up for the next webhook or job run.
 */
export async function syncMemberRole(db: Db, uid: string): Promise<void> {
  const state = await findRoleState(db, uid);
  if (!state?.role_sync_needed) return;
  const current = state.role as Role;
  const target: Role = grantsAccess(state.status)
    ? (Math.max(current, Role.Member) as Role)
    : current === Role.Member
      ? Role.None
      : current;
  try {
    await setRole(db, uid, target);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    logs.warn('role not synced: the user no longer exists', { uid });
  }
  await clearRoleSync(db, uid, state.status);
}
