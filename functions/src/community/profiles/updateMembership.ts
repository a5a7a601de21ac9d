import type { updateMembership } from '@kring/contract';
import { toMembership, updateMembershipDetails } from '../../accounts/memberships.repo.ts';
import { notFound } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';

/** Changes the caller's own personal details; the subscription state is untouched. */
export const updateMembershipHandler: Handler<typeof updateMembership> = async ({ db, user }, input) => {
  const row = await updateMembershipDetails(db, user.uid, input.membership);
  if (!row) throw notFound('NO_MEMBERSHIP');
  return { membership: toMembership(row) };
};
