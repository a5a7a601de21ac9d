import type { grantCompMembershipAdmin } from '@kring/contract';
import { compEnd, lockMembership, setComp } from '../accounts/memberships.repo.ts';
import { conflict, notFound, validationError } from '../lib/errors.ts';
import type { Handler } from '../lib/handler.ts';
import { syncMemberRole } from '../subscription/member-role.ts';
import { amsterdamDate } from '../subscription/period.ts';
import { appendAdminLog } from './admin-log.repo.ts';

const m = {
  date: 'Kies een datum vanaf vandaag, hoogstens 50 jaar vooruit',
};

/**
 * A complimentary membership ('erelid', 'bestuur') until the end of a date in Amsterdam (docs/admin.md):
 * stored with its admin-log entry in one transaction under the membership's row lock, then the role
 * claim follows (syncMemberRole, as after a paid payment). Mollie is never asked: no payment, no
 * subscription. Refused (409 MEMBERSHIP_RENEWING) while the member's Mollie subscription still renews:
 * the member cancels first (the paid period runs on, the comp next to it), so nobody pays for access
 * they get for free. Needs a membership row (personal details): 404 NO_MEMBERSHIP without one.
 */
export const grantCompMembershipAdminHandler: Handler<typeof grantCompMembershipAdmin> = async (
  { db, user },
  { uid, kind, until, reason },
) => {
  const end = await compEnd(db, until, 50);
  if (!end.valid) throw validationError('until', m.date);
  await db.transaction().execute(async (tx) => {
    const membership = await lockMembership(tx, uid);
    if (!membership) throw notFound('NO_MEMBERSHIP');
    if (membership.status === 'active') throw conflict('MEMBERSHIP_RENEWING');
    await setComp(tx, uid, kind, end.until);
    await appendAdminLog(tx, {
      actorUid: user.uid,
      action: 'GRANT_COMP',
      subjectUid: uid,
      reason,
      details: {
        kind,
        until,
        // The last day it had, as `until` is written (comp_until is the next midnight in Amsterdam).
        ...(membership.comp_kind && membership.comp_until
          ? {
              previous: {
                kind: membership.comp_kind,
                until: amsterdamDate(new Date(membership.comp_until.getTime() - 1)),
              },
            }
          : {}),
      },
    });
  });
  // After the commit, as every role change that follows access: a failed Auth write leaves the
  // flag up for the hourly job.
  await syncMemberRole(db, uid);
  return { comp: { kind, until: end.until.toISOString() } };
};
