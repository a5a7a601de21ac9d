/** Test fixtures: Anna's membership and profile (getUserAccount answers), an admin's payment row, a plan. */

import type { PaymentHistoryItem, Plan } from '@kring/contract';
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

/** A paid iDEAL payment of € 9,95 as the admin's payment history shows it. */
export const paymentFixture = (overrides: Partial<PaymentHistoryItem> = {}): PaymentHistoryItem => ({
  id: 'tr_paid',
  date: '2026-11-02T10:00:00Z',
  periodStart: null,
  periodEnd: null,
  amountCents: 995,
  currency: 'EUR',
  method: 'ideal',
  status: 'paid',
  refundedCents: 0,
  chargedBackCents: 0,
  planName: 'Maandelijks',
  refunds: [],
  documents: [],
  ...overrides,
});

/** A monthly plan as listPlans answers it (€ 9,95 per month, VAT included). */
export const monthlyPlanFixture = (overrides: Partial<Plan> = {}): Plan => ({
  id: 'maand',
  name: 'Maand',
  interval: '1 month',
  priceCents: 995,
  currency: 'EUR',
  vatRateBp: 2100,
  vatExemption: null,
  ...overrides,
});
