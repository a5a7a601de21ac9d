import type { updateMembership } from '@kring/contract';
import type { Handler } from '../http/types.ts';
import { notFound } from '../lib/errors.ts';
import { toMembership, updateMembershipDetails } from '../subscription/memberships.repo.ts';

/** Changes the caller's own personal details; the subscription state is untouched. */
export const updateMembershipHandler: Handler<typeof updateMembership> = async ({ db, user }, input) => {
  const row = await updateMembershipDetails(db, user.uid, input.membership);
  if (!row) throw notFound('NO_MEMBERSHIP');
  return { membership: toMembership(row) };
};
