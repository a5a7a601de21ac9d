import type { Role, suspendMemberAdmin } from '@kring/contract';
import { suspensionEnd } from '../../accounts/suspensions.repo.ts';
import { applySuspendedClaim, suspend } from '../../accounts/suspensions.ts';
import { demotesLastAdmin } from '../../admin/changeMemberRoleAdmin.ts';
import { lockAdmins } from '../../admin/members.repo.ts';
import { forbidden, notFound, validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { logs } from '../../lib/logs.ts';
import { sendMail } from '../../lib/mail.ts';
import { communityMessages as m } from '../shared/messages.ts';
import { logAction, profileOwner } from './moderation.repo.ts';
import { suspensionMail } from './moderation-mail.ts';
import { resolveReports } from './reports.repo.ts';

/**
 * An admin suspends a member until a date: role None at once (stored role and token claim), logged,
 * the member mailed the reason and the date, and the reported item's open reports closed. The
 * suspension ends by itself (accounts/suspensions.ts liftSuspensions). Under the admins' row lock with the
 * role change's last-admin rule (docs/admin.md "Role changes").
 */
export const suspendMemberAdminHandler: Handler<typeof suspendMemberAdmin> = async (
  { db, user, requestId },
  { profileId, until, reason, report },
) => {
  const owner = await profileOwner(db, profileId);
  if (!owner) throw notFound('PROFILE_NOT_FOUND');
  if (owner.uid === user.uid) throw validationError('profileId', m.suspendSelf);
  const end = await suspensionEnd(db, until, 365);
  if (!end.valid) throw validationError('until', m.suspendDate);

  await db.transaction().execute(async (tx) => {
    // As a role change (admin/changeMemberRoleAdmin.ts): the admins' rows locked first, the caller
    // still an admin under the lock (another admin may have suspended or demoted them since the router
    // let them in), and never the last admin. Two admins suspending each other at once: the second
    // waits for the first and is refused (403 ROLE_REQUIRED).
    const admins = await lockAdmins(tx);
    if (!admins.some((a) => a.uid === user.uid)) throw forbidden('ROLE_REQUIRED');
    const target = admins.some((a) => a.uid === owner.uid) ? 3 : owner.role;
    if (demotesLastAdmin(target, 0, admins.length)) throw validationError('profileId', m.suspendLastAdmin);
    await suspend(tx, {
      uid: owner.uid,
      until: end.until,
      currentRole: owner.role as Role,
      reason,
      by: user.uid,
    });
    if (report) await resolveReports(tx, { kind: report.itemKind, id: report.itemId }, user.uid, 'suspended');
    await logAction(tx, {
      moderatorUid: user.uid,
      action: 'SUSPEND_MEMBER',
      postId: report?.itemKind === 'post' ? report.itemId : null,
      ...(report?.itemKind === 'comment' ? { commentId: report.itemId } : {}),
      item: report ? { kind: report.itemKind, id: report.itemId } : null,
      subjectUid: owner.uid,
      suspendedUntil: end.until,
      reason,
    });
  });
  await applySuspendedClaim(db, owner.uid);
  if (owner.email) {
    await sendMail(suspensionMail({ to: owner.email, name: owner.name, until, reason }));
  } else {
    logs.warn('suspension mail not sent: member has no verified address', { requestId, profileId });
  }
  return { suspendedUntil: end.until.toISOString() };
};
