import { describe, expect, it } from 'vitest';
import type { UserAccount } from '../../lib/account.ts';
import { membershipFixture, profileFixture } from '../../test/fixtures.ts';
import {
  type AccountMembership,
  type AccountStateInput,
  accountAreaFor,
  deriveAccountState,
  isMembershipActive,
  routeForState,
} from './account-state.ts';

const now = new Date('2026-11-22T12:00:00Z');
const user = { uid: 'u1', email: 'a@b.nl', displayName: null };

const membership = (overrides: Partial<AccountMembership> = {}): AccountMembership =>
  membershipFixture({ expiresAt: '2026-12-01T00:00:00Z', ...overrides });

const profile = profileFixture({ karmaPoints: 3 });

const account = (overrides: Partial<UserAccount> = {}): UserAccount => ({
  uid: 'u1',
  email: 'a@b.nl',
  role: 1,
  profile: null,
  suspendedUntil: null,
  tokenStale: false,
  membership: null,
  ...overrides,
});

const input = (overrides: Partial<AccountStateInput> = {}): AccountStateInput => ({
  signOutPending: false,
  auth: { status: 'ready', user },
  onboardingComplete: false,
  account: account(),
  now,
  ...overrides,
});

describe('deriveAccountState (spec 4)', () => {
  it('is Loading until Firebase knows who is signed in', () => {
    expect(deriveAccountState(input({ auth: { status: 'loading', user: null } }))).toBe('Loading');
  });

  it('is Loading while the signOut flag is present, whatever else is known', () => {
    expect(
      deriveAccountState(
        input({ signOutPending: true, account: account({ profile, membership: membership() }) }),
      ),
    ).toBe('Loading');
    expect(deriveAccountState(input({ signOutPending: true, auth: { status: 'ready', user: null } }))).toBe(
      'Loading',
    );
  });

  it('is Blank when signed out without completed personal details', () => {
    expect(deriveAccountState(input({ auth: { status: 'ready', user: null } }))).toBe('Blank');
  });

  it('is PersonalDetailsComplete when signed out with completed personal details', () => {
    expect(
      deriveAccountState(input({ auth: { status: 'ready', user: null }, onboardingComplete: true })),
    ).toBe('PersonalDetailsComplete');
  });

  it('is Loading while a signed-in user has no account answer yet', () => {
    expect(deriveAccountState(input({ account: undefined }))).toBe('Loading');
  });

  it('is AccountComplete when signed in with completed details but no membership', () => {
    expect(deriveAccountState(input({ account: account({ role: 0 }), onboardingComplete: true }))).toBe(
      'AccountComplete',
    );
  });

  it('is AccountComplete when signed in with a membership that is not paid (pending, expired)', () => {
    for (const status of ['pending', 'expired'] as const) {
      expect(
        deriveAccountState(input({ account: account({ role: 0, membership: membership({ status }) }) })),
      ).toBe('AccountComplete');
    }
  });

  it('is the exception state when signed in without membership and without completed details', () => {
    expect(deriveAccountState(input({ account: account({ role: 0 }) }))).toBe('Exception');
  });

  it('is MembershipComplete with an active membership and the member role, but no profile', () => {
    expect(deriveAccountState(input({ account: account({ membership: membership() }) }))).toBe(
      'MembershipComplete',
    );
  });

  it('is ProfileComplete with an active membership, the member role and a profile', () => {
    expect(deriveAccountState(input({ account: account({ membership: membership(), profile }) }))).toBe(
      'ProfileComplete',
    );
  });

  it('needs the member role (a refreshed token) for the membership states', () => {
    expect(
      deriveAccountState(input({ account: account({ role: 0, membership: membership(), profile }) })),
    ).toBe('AccountComplete');
  });

  it('keeps a canceled membership until it expires', () => {
    const canceled = (expiresAt: string) =>
      deriveAccountState(
        input({ account: account({ profile, membership: membership({ status: 'canceled', expiresAt }) }) }),
      );
    expect(canceled('2026-12-01T00:00:00Z')).toBe('ProfileComplete');
    expect(canceled('2026-11-01T00:00:00Z')).toBe('AccountComplete');
  });
});

describe('isMembershipActive', () => {
  it('accepts active, and canceled with expiresAt in the future only', () => {
    expect(isMembershipActive(null, now)).toBe(false);
    expect(isMembershipActive(membership(), now)).toBe(true);
    expect(isMembershipActive(membership({ status: 'canceled', expiresAt: null }), now)).toBe(false);
    expect(
      isMembershipActive(membership({ status: 'canceled', expiresAt: '2026-11-22T12:00:01Z' }), now),
    ).toBe(true);
    expect(isMembershipActive(membership({ status: 'pending' }), now)).toBe(false);
  });

  it('accepts a running complimentary membership whatever the paid one says (docs/admin.md)', () => {
    const comp = (until: string) => ({ kind: 'erelid' as const, until });
    for (const status of ['pending', 'expired'] as const) {
      expect(isMembershipActive(membership({ status, comp: comp('2026-11-22T23:00:00Z') }), now)).toBe(true);
      expect(isMembershipActive(membership({ status, comp: comp('2026-11-22T12:00:00Z') }), now)).toBe(false);
    }
    // A member who got it before paying anything is a full member: next step the profile, then the community.
    const given = membership({ status: 'pending', comp: comp('2027-12-31T23:00:00Z') });
    expect(deriveAccountState(input({ account: account({ membership: given }) }))).toBe('MembershipComplete');
    expect(deriveAccountState(input({ account: account({ membership: given, profile }) }))).toBe(
      'ProfileComplete',
    );
  });
});

describe('routeForState (spec 4 redirects)', () => {
  it('sends every state to its own route', () => {
    expect(routeForState).toEqual({
      Blank: '/auth/signin',
      PersonalDetailsComplete: '/onboarding/register',
      AccountComplete: '/onboarding/payment',
      MembershipComplete: '/onboarding/profile',
      ProfileComplete: '/community/tijdlijn',
      Exception: '/onboarding/personal-details',
    });
  });
});

describe('accountAreaFor (spec 2 header)', () => {
  it('maps the states to the four account areas', () => {
    expect(accountAreaFor('Loading')).toBe('loading');
    expect(accountAreaFor('ProfileComplete')).toBe('member');
    expect(accountAreaFor('AccountComplete')).toBe('incomplete');
    expect(accountAreaFor('MembershipComplete')).toBe('incomplete');
    expect(accountAreaFor('Exception')).toBe('incomplete');
    expect(accountAreaFor('Blank')).toBe('visitor');
    expect(accountAreaFor('PersonalDetailsComplete')).toBe('visitor');
  });
});
