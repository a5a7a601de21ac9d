import type { changeMemberRoleAdmin, Role } from '@kring/contract';
import { lockedRole, storeRole } from '../accounts/accounts.repo.ts';
import { setRoleClaim } from '../accounts/roles.ts';
import { openSuspension } from '../accounts/suspensions.repo.ts';
import { forbidden, notFound, validationError } from '../lib/errors.ts';
import type { Handler } from '../lib/handler.ts';
import { appendAdminLog } from './admin-log.repo.ts';
import { lockAdmins, memberDetails } from './members.repo.ts';

const m = {
  sameRole: 'Dit lid heeft deze rol al',
  lastAdmin: 'Dit is de laatste beheerder: maak eerst iemand anders beheerder',
  suspended: 'Dit lid is geschorst: wijzig de rol na de schorsing',
};

/** Whether the change would leave no admin: the member is an admin, the new role is less, and they are the only one. */
export const demotesLastAdmin = (current: number | undefined, role: number, admins: number) =>
  current === 3 && role < 3 && admins <= 1;

/**
 * An admin gives a member the role member, moderator or admin: the stored role, the admin log and
 * the token claim in one transaction (the admins' rows locked, so two admins demoting each other
 * cannot leave none; the claim written just before the commit). A suspended member's role comes back from the suspension; change it after.
 */
export const changeMemberRoleAdminHandler: Handler<typeof changeMemberRoleAdmin> = async (
  { db, user },
  { uid, role, reason },
) => {
  const member = await memberDetails(db, uid);
  if (!member) throw notFound('NO_MEMBERSHIP');
  await db.transaction().execute(async (tx) => {
    const admins = await lockAdmins(tx);
    // Under the lock: the caller may have been demoted or suspended since the router let them in
    // (another admin's change commits first and this one waits for it).
    if (!admins.some((a) => a.uid === user.uid)) throw forbidden('ROLE_REQUIRED');
    const current = await lockedRole(tx, uid);
    // Also under the member's account lock, which suspending takes too: a suspension committed since
    // the member was read would otherwise be overwritten by this role.
    if (await openSuspension(tx, uid)) throw validationError('role', m.suspended);
    if (current === role) throw validationError('role', m.sameRole);
    if (demotesLastAdmin(current, role, admins.length)) throw validationError('role', m.lastAdmin);
    await storeRole(tx, uid, role);
    await appendAdminLog(tx, {
      actorUid: user.uid,
      action: 'CHANGE_ROLE',
      subjectUid: uid,
      reason,
      details: { from: current ?? 0, to: role },
    });
    // The claim last, before the commit: if Auth refuses, nothing is stored or logged and the admin
    // can try again. (Set after the commit, a refused claim left a stored role the claim never
    // followed, and the retry was refused as 'the role the member already has'.) If the commit itself
    // fails after this, the stored role still differs from the new one, so a retry goes through; the
    // router uses the lower of stored role and claim meanwhile.
    await setRoleClaim(uid, role as Role);
  });
  return { role };
};
