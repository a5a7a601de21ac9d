import type { changeMemberRoleAdmin, Role } from '@kring/contract';
import { lockedRole, storeRole } from '../accounts/accounts.repo.ts';
import { setRoleClaim } from '../accounts/roles.ts';
import { conflict, notFound, validationError } from '../lib/errors.ts';
import type { Handler } from '../lib/handler.ts';
import { appendAdminLog } from './admin-log.repo.ts';
import { lockAdmins, memberDetails } from './members.repo.ts';

/** Whether the change would leave no admin: the member is an admin, the new role is less, and they are the only one. */
export const demotesLastAdmin = (current: number | undefined, role: number, admins: number) =>
  current === 3 && role < 3 && admins <= 1;

/**
 * An admin gives a member the role member, moderator or admin: the stored role and the admin log in
 * one transaction (the admins' rows locked, so two admins demoting each other cannot leave none),
 * then the token claim. A suspended member's role comes back from the suspension; change it after.
 */
export const changeMemberRoleAdminHandler: Handler<typeof changeMemberRoleAdmin> = async (
  { db, user },
  { uid, role, reason },
) => {
  const member = await memberDetails(db, uid);
  if (!member) throw notFound('MEMBER_NOT_FOUND');
  if (member.open_suspension_until !== null) throw conflict('MEMBER_SUSPENDED');
  await db.transaction().execute(async (tx) => {
    const admins = await lockAdmins(tx);
    const current = await lockedRole(tx, uid);
    if (current === role) throw validationError('role', 'Dit lid heeft deze rol al');
    if (demotesLastAdmin(current, role, admins.length)) throw conflict('LAST_ADMIN');
    await storeRole(tx, uid, role);
    await appendAdminLog(tx, {
      actorUid: user.uid,
      action: 'CHANGE_ROLE',
      subjectUid: uid,
      reason,
      details: { from: current ?? 0, to: role },
    });
  });
  await setRoleClaim(uid, role as Role);
  return { role };
};
