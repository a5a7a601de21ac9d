import { describe, expect, it } from 'vitest';
import { call } from '../../test/helpers.ts';
import { details, membershipOf, signUp } from '../../test/subscription.ts';
import { lockMembership } from '../accounts/memberships.repo.ts';
import { appendAdminLog } from '../admin/admin-log.repo.ts';
import { getDb } from '../lib/db.ts';
import { eraseMember } from './privacy.repo.ts';

// Two transactions really at once (CI runs this file on Debian's PostgreSQL with TEST_DATABASE_URL;
// the embedded PGlite has one connection and runs them one after the other).
process.env.DB_POOL_MAX = '20';

describe("a member's erasure and the hourly comp expiry at the same moment", () => {
  it('both finish: the erasure takes the membership row before the account (no deadlock)', async () => {
    const member = await signUp();
    expect((await call('createMembership', { membership: details }, member)).status).toBe(200);
    const db = await getDb();
    expect(await membershipOf(member.uid)).toBeDefined();
    let releaseExpiry: () => void = () => {};
    const expiryMayGoOn = new Promise<void>((resolve) => (releaseExpiry = resolve));
    // The expiry's order (expire-memberships.ts endComp): the membership row, then a log entry that
    // names the member (its foreign key locks the account row for share).
    const expiry = db.transaction().execute(async (tx) => {
      await lockMembership(tx, member.uid);
      await expiryMayGoOn;
      await appendAdminLog(tx, {
        actorUid: null,
        action: 'COMP_EXPIRED',
        subjectUid: member.uid,
        reason: null,
        details: { kind: 'erelid', until: '2026-11-30' },
      });
    });
    const erasure = db.transaction().execute((tx) => eraseMember(tx, member.uid, null, null));
    // Time for the erasure to reach the row the expiry holds (a shorter wait can only hide the
    // deadlock, never report one that is not there).
    await new Promise((resolve) => setTimeout(resolve, 500));
    releaseExpiry();
    const results = await Promise.allSettled([expiry, erasure]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
    const left = await db.selectFrom('accounts').select('uid').where('uid', '=', member.uid).execute();
    expect(left).toEqual([]);
  });
});
