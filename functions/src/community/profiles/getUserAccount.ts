import type { getUserAccount } from '@kring/contract';
import { findMembership, toMembership } from '../../accounts/memberships.repo.ts';
import { ensureAccountOfSession } from '../../accounts/session-cache.ts';
import { openSuspensionEnd } from '../../accounts/suspensions.repo.ts';
import { liftSuspensions } from '../../accounts/suspensions.ts';
import type { Handler } from '../../lib/handler.ts';
import { findProfileByUid, toProfile } from './profiles.repo.ts';

/**
 * Creates the account row on first sight, then returns role, profile, membership and an open
 * suspension. The router checked the session first (`session: 'live'`, possibly from its cache), and
 * a row made now is checked at Auth again (ensureAccountOfSession): a deleted, disabled or
 * signed-out-everywhere account's token cannot create the row again.
 *
 * A suspension whose date has come is lifted here first (stored role and claim), not only by the
 * 15-minute job: the member's first page load after the date gives access back, the answer says
 * `tokenStale` and the web refreshes the token. The open suspension is read once either way; the lift
 * runs only when it is due.
 */
export const getUserAccountHandler: Handler<typeof getUserAccount> = async ({ db, user }) => {
  const now = new Date();
  let suspendedUntil = await openSuspensionEnd(db, user.uid);
  if (suspendedUntil && suspendedUntil <= now) {
    await liftSuspensions(db, now, [user.uid]);
    suspendedUntil = await openSuspensionEnd(db, user.uid);
  }
  const account = await ensureAccountOfSession(db, user);
  const [profile, membership] = await Promise.all([
    findProfileByUid(db, user.uid),
    findMembership(db, user.uid),
  ]);
  // What the server grants once the token is current: an open suspension reads as role None.
  const stored = suspendedUntil ? 0 : account.role;
  const role = Math.min(user.role, stored) as 0 | 1 | 2 | 3;
  return {
    uid: user.uid,
    email: user.email,
    role,
    profile: profile ? toProfile(profile) : null,
    membership: membership ? toMembership(membership) : null,
    suspendedUntil: suspendedUntil ? suspendedUntil.toISOString() : null,
    tokenStale: user.role !== stored,
  };
};
