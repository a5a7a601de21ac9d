import { Role } from '@kring/contract';
import type { Db, Tx } from '../lib/db.ts';
import { logs } from '../lib/logs.ts';
import { lockedRole, storeRole } from './accounts.repo.ts';
import { findRoleState, hasAccess } from './memberships.repo.ts';
import { setRole, setRoleClaim } from './roles.ts';
import {
  dueSuspensions,
  lockSuspension,
  markLifted,
  openSuspensionRole,
  setPreviousRole,
  unmarkLifted,
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
  // The role is read here, under the locks a lift takes too (suspension row, then account row), not
  // before the transaction: a lift that committed meanwhile has given the role back already, and an
  // open suspension keeps the role it holds (upsertSuspension).
  await lockSuspension(tx, s.uid);
  const role = (await lockedRole(tx, s.uid)) ?? s.currentRole;
  await upsertSuspension(tx, {
    uid: s.uid,
    until: s.until,
    previousRole: role,
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
 *
 * One transaction marks it lifted (on the condition that it is still due: an admin who extends it at
 * this moment wins), reads the membership and stores the role: a membership change committed before
 * is read here; one after it finds no open suspension and sets the role itself (syncMemberRole). The
 * claim follows after commit; when Auth refuses, the lift is taken back so the next run tries again
 * (a stored role without its claim would refuse the member until then).
 */
export async function liftSuspensions(db: Db, now: Date = new Date(), uids?: string[]): Promise<string[]> {
  const lifted: string[] = [];
  for (const s of await dueSuspensions(db, now, uids)) {
    try {
      const role = await db.transaction().execute(async (tx) => {
        const previous = await markLifted(tx, s.uid, now);
        if (previous === undefined) return undefined;
        const membership = await findRoleState(tx, s.uid);
        // Staff roles and roles given by hand (no membership) come back as they were.
        const back: Role =
          previous >= Role.Moderator || !membership
            ? (previous as Role)
            : hasAccess(membership)
              ? Role.Member
              : Role.None;
        await storeRole(tx, s.uid, back);
        return back;
      });
      if (role === undefined) continue;
      try {
        await setRoleClaim(s.uid, role);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') {
          await db.transaction().execute(async (tx) => {
            if (await unmarkLifted(tx, s.uid)) await storeRole(tx, s.uid, Role.None);
          });
          throw error;
        }
      }
      lifted.push(s.uid);
      // An admin may have suspended them again after the commit, and their claim write land before
      // ours: looked at again after ours, so the new suspension keeps the claim at None. (The stored
      // role is None already, and the router takes the lower of the two.)
      if (role !== Role.None && (await openSuspensionRole(db, s.uid)) !== undefined) {
        await setRoleClaim(s.uid, Role.None).catch((error: unknown) =>
          logs.error('suspended again while lifted: the claim still says the lifted role', {
            uid: s.uid,
            error,
          }),
        );
      }
    } catch (error) {
      logs.error('suspension not lifted; next run retries', { uid: s.uid, error });
    }
  }
  return lifted;
}
