/** getUserAccount answers for tests: Anna's membership and profile, with what a test changes. */
import type { UserAccount } from '../lib/account.ts';

type Membership = NonNullable<UserAccount['membership']>;
type Profile = NonNullable<UserAccount['profile']>;

/** An active membership paid up until 2099. */
export const membershipFixture = (overrides: Partial<Membership> = {}): Membership => ({
  firstName: 'Anna',
  lastName: 'de Vries',
  birthdate: '1990-01-01',
  phoneNumber: '0612345678',
  streetName: 'Dorpsstraat',
  houseNumber: '1',
  houseNumberExtension: '',
  postalCode: '1234 AB',
  city: 'Utrecht',
  country: 'Nederland',
  status: 'active',
  subscribedAt: '2026-01-01T00:00:00Z',
  renewedAt: null,
  canceledAt: null,
  expiresAt: '2099-01-01T00:00:00Z',
  expiredAt: null,
  comp: null,
  ...overrides,
});

/** A member's profile. */
export const profileFixture = (overrides: Partial<Profile> = {}): Profile => ({
  id: 7,
  name: 'anna',
  role: 1,
  karmaPoints: 0,
  avatarUrl: null,
  occupation: '',
  bio: '',
  createdAt: '2026-01-02T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
  ...overrides,
});
