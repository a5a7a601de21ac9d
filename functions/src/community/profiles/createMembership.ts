import type { createMembership } from '@kring/contract';
import { insertMembership, toMembership } from '../../accounts/memberships.repo.ts';
import { ensureAccountOfSession } from '../../accounts/session-cache.ts';
import { conflict } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';

/** Stores the personal details (validated by the contract) as a pending membership; one per user. */
export const createMembershipHandler: Handler<typeof createMembership> = async ({ db, user }, input) => {
  const row = await db.transaction().execute(async (tx) => {
    // A row made now is checked at Auth first-hand (the router's check may be cached).
    await ensureAccountOfSession(tx, user);
    return insertMembership(tx, user.uid, input.membership);
  });
  if (!row) throw conflict('MEMBERSHIP_EXISTS');
  return { membership: toMembership(row) };
};
