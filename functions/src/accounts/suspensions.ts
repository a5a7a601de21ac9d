import { Role } from '@kring/contract';
import type { Db, Tx } from '../lib/db.ts';
import { logs } from '../lib/logs.ts';
import { storeRole } from './accounts.repo.ts';
import { findRoleState, grantsAccess } from './memberships.repo.ts';
import { setRole } from './roles.ts';
import {
  dueSuspensions,
  markLifted,
  openSuspensionRole,
  setPreviousRole,
  upsertSuspension,
} from './suspensions.repo.ts';

/**
 * Suspending: role None in the stored role (inside the caller's transaction, so the router refuses
 * the member at once) and in the token claim (after commit, `applySuspendedClaim`). While a
 * suspension is open the router also reads the role as None (accounts.repo.ts findAccountAccess), and
 * a membership payment in between changes only the role the lift gives back (`followDuringSuspension`).
 */
export async function suspend(
  tx: Tx,
  s: { uid: string; until: Date; currentRole: Role; reason: string; by: string },
): Promise<void> {
  await upsertSuspension(tx, {
    uid: s.uid,
    until: s.until,
    previousRole: s.currentRole,
    reason: s.reason,
    by: s.by,
  });
  await storeRole(tx, s.uid, Role.None);
}

/**
 * A role change while a suspension is open (a membership that starts again or ends) must not lift
 * it: the stored role and the claim stay None, and the change goes into the role the lift gives back
 * (`follow` maps the role before the suspension to the new one). True when a suspension was open and
 * took the change; false when there is none, and the caller sets the role as usual.
 */
export async function followDuringSuspension(
  db: Db,
  uid: string,
  follow: (role: Role) => Role,
): Promise<boolean> {
  const previous = await openSuspensionRole(db, uid);
  if (previous === undefined) return false;
  return setPreviousRole(db, uid, follow(previous as Role));
}

export async function applySuspendedClaim(db: Db, uid: string): Promise<void> {
  await setRole(db, uid, Role.None);
}

/**
 * Lifts the suspensions whose date has come: a moderator or admin gets that role back; a member gets
 * Member back only if their membership still gives access (it may have ended meanwhile;
 * syncMemberRole also records such changes in previous_role, `followDuringSuspension`); a role
 * given by hand (no membership) comes back as it was. Run by `liftSuspensionsJob` (every 15 minutes),
 * and for one member by their getUserAccount and by the router when it refuses them, so a due
 * suspension ends at their next call; `uids` narrows it (and keeps tests apart: one database).
 */
export async function liftSuspensions(db: Db, now: Date = new Date(), uids?: string[]): Promise<string[]> {
  const lifted: string[] = [];
  for (const s of await dueSuspensions(db, now, uids)) {
    try {
      const membership = await findRoleState(db, s.uid);
      // Staff roles and roles given by hand (no membership) come back as they were.
      const role: Role =
        s.previous_role >= Role.Moderator || !membership
          ? (s.previous_role as Role)
          : grantsAccess(membership.status)
            ? Role.Member
            : Role.None;
      // Marked first, on the condition that it is still due: an admin who extends the suspension at
      // this moment wins, and the role stays None.
      if (!(await markLifted(db, s.uid, now))) continue;
      await setRole(db, s.uid, role);
      lifted.push(s.uid);
    } catch (error) {
      logs.error('suspension not lifted; next run retries', { uid: s.uid, error });
    }
  }
  return lifted;
}
