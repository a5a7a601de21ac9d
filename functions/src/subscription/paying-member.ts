import { Role } from '@kring/contract';
import { loadAccount } from '../accounts/roles.ts';
import { openSuspensionEnd } from '../accounts/suspensions.repo.ts';
import type { Db } from '../lib/db.ts';
import { forbidden } from '../lib/errors.ts';
import type { AuthUser } from '../lib/handler.ts';

/**
 * The caller of a call about their own money (cancel, 'Nu betalen', a new payment method, resume): a
 * member, or a suspended member (role None until the date, but still paying: a suspension takes the
 * community away, not the member's money, docs/privacy.md "During a suspension"). Anyone else is
 * refused as the router refuses a member-only call (403 ROLE_REQUIRED).
 */
export async function requirePayingMember(db: Db, user: AuthUser): Promise<void> {
  const { role } = await loadAccount(db, user);
  if (role < Role.Member && !(await openSuspensionEnd(db, user.uid))) throw forbidden('ROLE_REQUIRED');
}
