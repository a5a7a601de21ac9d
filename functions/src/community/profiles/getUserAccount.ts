import type { getUserAccount } from '@kring/contract';
import { ensureAccount } from '../../accounts/accounts.repo.ts';
import { findMembership, toMembership } from '../../accounts/memberships.repo.ts';
import type { Handler } from '../../lib/handler.ts';
import { findProfileByUid, toProfile } from './profiles.repo.ts';

/** Creates the account row on first sight, then returns role, profile and membership. */
export const getUserAccountHandler: Handler<typeof getUserAccount> = async ({ db, user }) => {
  const account = await ensureAccount(db, user.uid, user.email);
  const [profile, membership] = await Promise.all([
    findProfileByUid(db, user.uid),
    findMembership(db, user.uid),
  ]);
  const role = Math.min(user.role, account.role) as 0 | 1 | 2 | 3;
  return {
    uid: user.uid,
    email: user.email,
    role,
    profile: profile ? toProfile(profile) : null,
    membership: membership ? toMembership(membership) : null,
  };
};
