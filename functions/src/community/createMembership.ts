import type { createMembership } from '@kring/contract';
import type { Handler } from '../http/types.ts';
import { conflict } from '../lib/errors.ts';
import { insertMembership, toMembership } from '../subscription/memberships.repo.ts';
import { ensureAccount } from './profiles.repo.ts';

/** Stores the personal details (validated by the contract) as a pending membership; one per user. */
export const createMembershipHandler: Handler<typeof createMembership> = async ({ db, user }, input) => {
  const row = await db.transaction().execute(async (tx) => {
    await ensureAccount(tx, user.uid, user.email);
    return insertMembership(tx, user.uid, input.membership);
  });
  if (!row) throw conflict('MEMBERSHIP_EXISTS');
  return { membership: toMembership(row) };
};
