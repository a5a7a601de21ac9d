import type { endCompMembershipAdmin } from '@kring/contract';
import { clearComp, lockMembership } from '../accounts/memberships.repo.ts';
import { conflict, notFound } from '../lib/errors.ts';
import type { Handler } from '../lib/handler.ts';
import { syncMemberRole } from '../subscription/member-role.ts';
import { amsterdamDate } from '../subscription/period.ts';
import { appendAdminLog } from './admin-log.repo.ts';

/**
 * Ends a complimentary membership now, logged with the kind and date it had (docs/admin.md). Access
 * then follows the paid membership alone; the role claim follows after the commit. 409 NO_COMP when
 * the member has none (ended already, or its date passed and the job cleared it).
 */
export const endCompMembershipAdminHandler: Handler<typeof endCompMembershipAdmin> = async (
  { db, user },
  { uid, reason },
) => {
  await db.transaction().execute(async (tx) => {
    const membership = await lockMembership(tx, uid);
    if (!membership) throw notFound('NO_MEMBERSHIP');
    if (!membership.comp_kind || !membership.comp_until) throw conflict('NO_COMP');
    await clearComp(tx, uid, new Date());
    await appendAdminLog(tx, {
      actorUid: user.uid,
      action: 'END_COMP',
      subjectUid: uid,
      reason,
      // The day it would have ended, as the grant logged it (comp_until is the next midnight).
      details: {
        kind: membership.comp_kind,
        until: amsterdamDate(new Date(membership.comp_until.getTime() - 1)),
      },
    });
  });
  await syncMemberRole(db, uid);
  return { ended: true };
};
