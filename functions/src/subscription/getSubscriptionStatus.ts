import type { getSubscriptionStatus } from '@kring/contract';
import { findMembership, toSubscriptionStatus } from '../accounts/memberships.repo.ts';
import type { Handler } from '../lib/handler.ts';

/** The caller's membership state; every field null when they have none. */
export const getSubscriptionStatusHandler: Handler<typeof getSubscriptionStatus> = async ({ db, user }) =>
  toSubscriptionStatus(await findMembership(db, user.uid));
