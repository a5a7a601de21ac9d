import type { getSubscriptionStatus } from '@kring/contract';
import type { Handler } from '../http/types.ts';
import { findMembership, toSubscriptionStatus } from './memberships.repo.ts';

/** The caller's membership state; every field null when they have none. */
export const getSubscriptionStatusHandler: Handler<typeof getSubscriptionStatus> = async ({ db, user }) =>
  toSubscriptionStatus(await findMembership(db, user.uid));
