import { Role } from '@kring/contract';
import { clearRoleSync, findRoleState, hasAccess } from '../accounts/memberships.repo.ts';
import { setRole } from '../accounts/roles.ts';
import { followDuringSuspension } from '../accounts/suspensions.ts';
import type { Db } from '../lib/db.ts';
import { logs } from '../lib/logs.ts';

/**
 * Brings the stored role and the token claim in line with the membership, if its outbox flag says
 * they lag behind. Access gives at least Member; losing access takes Member back to None, while a
 * moderator or admin keeps their role (set by an admin, not bought). During an open suspension the
 * role stays None and the change is recorded as the role the lift gives back. Runs after the membership
 * transaction committed, so a failing Auth call leaves the flag up for the next webhook or job run.
 */
export async function syncMemberRole(db: Db, uid: string): Promise<void> {
  const state = await findRoleState(db, uid);
  if (!state?.role_sync_needed) return;
  const access = hasAccess(state);
  const follow = (role: Role): Role =>
    access ? (Math.max(role, Role.Member) as Role) : role === Role.Member ? Role.None : role;
  // Suspended: role and claim stay None; the lift gives back what the membership says by then.
  if (await followDuringSuspension(db, uid, follow)) {
    await clearRoleSync(db, uid, state.status, state.comp_kind);
    return;
  }
  const target = follow(state.role as Role);
  try {
    await setRole(db, uid, target);
    // An admin may have suspended the member meanwhile, and their claim write land before ours:
    // looked at again after ours, so the suspension keeps role and claim at None.
    if (target !== Role.None && (await followDuringSuspension(db, uid, follow))) {
      await setRole(db, uid, Role.None);
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    logs.warn('role not synced: the user no longer exists', { uid });
  }
  await clearRoleSync(db, uid, state.status, state.comp_kind);
}
