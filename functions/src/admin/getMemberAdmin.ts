import type { getMemberAdmin, Role } from '@kring/contract';
import { toComp } from '../accounts/memberships.repo.ts';
import { notFound } from '../lib/errors.ts';
import type { Handler } from '../lib/handler.ts';
import { listCombinedLog } from './admin-log.repo.ts';
import { toLogEntries } from './log-entries.ts';
import { memberDetails, memberReports, memberSuspensions } from './members.repo.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** One member for the admin: details, membership, role, suspensions, reports and their log (docs/admin.md). */
export const getMemberAdminHandler: Handler<typeof getMemberAdmin> = async ({ db }, { uid }) => {
  const m = await memberDetails(db, uid);
  if (!m) throw notFound('NO_MEMBERSHIP');
  const [suspensions, reports, log] = await Promise.all([
    memberSuspensions(db, uid),
    m.profile_id === null ? [] : memberReports(db, m.profile_id),
    listCombinedLog(db, { after: null, limit: 100, subjectUid: uid }),
  ]);
  const extension = m.house_number_extension ? ` ${m.house_number_extension}` : '';
  // Staff without a membership row have no personal details here.
  const address = m.street_name
    ? `${m.street_name} ${m.house_number}${extension}, ${m.postal_code} ${m.city}, ${m.country}`
    : '';
  return {
    member: {
      uid: m.account_uid,
      firstName: m.first_name ?? '',
      lastName: m.last_name ?? '',
      email: m.email,
      profileName: m.profile_name,
      profileId: m.profile_id,
      role: m.role as Role,
      state: m.state,
      memberSince: m.since.toISOString(),
      expiresAt: iso(m.expires_at),
      comp: toComp(m),
      birthdate: m.birthdate ?? '',
      phoneNumber: m.phone_number ?? '',
      address,
      subscribedAt: iso(m.subscribed_at),
      renewedAt: iso(m.renewed_at),
      canceledAt: iso(m.canceled_at),
      graceUntil: iso(m.grace_until),
    },
    suspensions: suspensions.map((s) => ({
      until: s.suspended_until.toISOString(),
      reason: s.reason,
      createdAt: s.created_at.toISOString(),
      liftedAt: iso(s.lifted_at),
    })),
    reports: reports.map((r) => ({
      id: r.id,
      itemKind: r.item_kind,
      itemId: r.item_id,
      reason: r.reason,
      createdAt: r.created_at.toISOString(),
      resolution: r.resolution,
    })),
    log: await toLogEntries(db, log),
  };
};
