/**
 * The account states of spec section 4 and the route each one belongs on. Pure functions, so the
 * whole machine is testable without a browser, Firebase or the API.
 */

import { isMember } from '@kring/contract/roles';
import type { UserAccount } from '../../lib/account.ts';
import type { AuthSnapshot } from '../../lib/auth-user.ts';
import { paths } from '../../lib/paths.ts';

export type AccountMembership = NonNullable<UserAccount['membership']>;

export const accountStates = [
  'Loading',
  'Blank',
  'PersonalDetailsComplete',
  'AccountComplete',
  'MembershipComplete',
  'ProfileComplete',
  'Exception',
] as const;
export type AccountState = (typeof accountStates)[number];
export type SettledAccountState = Exclude<AccountState, 'Loading'>;

/** Where a user in each state belongs (spec 4); a page that does not accept the state sends them there. */
export const routeForState: Record<SettledAccountState, string> = {
  Blank: paths.auth.signIn,
  PersonalDetailsComplete: paths.onboarding.register,
  AccountComplete: paths.onboarding.payment,
  MembershipComplete: paths.onboarding.profile,
  ProfileComplete: paths.community.timeline,
  Exception: paths.onboarding.personalDetails,
};

/**
 * Active, or canceled but paid up until a moment still in the future, or a complimentary membership
 * ('erelid', 'bestuur': docs/admin.md) that runs, whatever the paid one says (often 'pending' or 'expired').
 */
export function isMembershipActive(membership: AccountMembership | null, now: Date = new Date()): boolean {
  if (!membership) return false;
  if (membership.status === 'active') return true;
  if (membership.comp && new Date(membership.comp.until) > now) return true;
  return (
    membership.status === 'canceled' && membership.expiresAt !== null && new Date(membership.expiresAt) > now
  );
}

export interface AccountStateInput {
  /** The signOut=true query flag is present. */
  signOutPending: boolean;
  auth: AuthSnapshot;
  /** onboardingState.isComplete in localStorage. */
  onboardingComplete: boolean;
  /** getUserAccount's answer (SWR key 'user'); undefined while loading or after a failure. */
  account: UserAccount | undefined;
  now?: Date;
}

export function deriveAccountState({
  signOutPending,
  auth,
  onboardingComplete,
  account,
  now = new Date(),
}: AccountStateInput): AccountState {
  if (signOutPending || auth.status === 'loading') return 'Loading';
  if (!auth.user) return onboardingComplete ? 'PersonalDetailsComplete' : 'Blank';
  if (!account) return 'Loading';
  // Membership and profile states also need the member role in the ID token (the server takes the
  // lower of the token's claim and the stored role), i.e. the user is authorized for member calls.
  const authorized = isMember(account.role);
  if (authorized && isMembershipActive(account.membership, now)) {
    return account.profile ? 'ProfileComplete' : 'MembershipComplete';
  }
  if (account.membership || onboardingComplete) return 'AccountComplete';
  return 'Exception';
}

/** Which of the header's four account areas to show (spec 2). */
export type AccountArea = 'loading' | 'member' | 'incomplete' | 'visitor';

export function accountAreaFor(state: AccountState): AccountArea {
  switch (state) {
    case 'Loading':
      return 'loading';
    case 'ProfileComplete':
      return 'member';
    case 'AccountComplete':
    case 'MembershipComplete':
    case 'Exception':
      return 'incomplete';
    default:
      return 'visitor';
  }
}
