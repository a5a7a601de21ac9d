import type { Role } from '@kring/contract';
import type { Db } from '../lib/db.ts';
import { forbidden } from '../lib/errors.ts';
import type { AuthUser } from '../lib/handler.ts';
import { storedAddressIs, storeMailAddress } from './accounts.repo.ts';
import { loadAccount } from './roles.ts';
import { liftSuspensions } from './suspensions.ts';

/**
 * The caller of a member call as the database knows them, let in or refused (the router's "resolve
 * the caller" step; every state it writes is the accounts area's own):
 * - the stored role, the lower of it and the token's (`loadAccount`);
 * - refused: a suspension whose date has come may be waiting for the 15-minute job; it is lifted now.
 *   (A token issued during the suspension still says role 0 and stays refused until the web refreshes
 *   it, which getUserAccount's tokenStale makes it do; this helps tokens that still carry the role.
 *   Costs one indexed select on a refused member call, a write only when due.)
 * - let in: mail goes only to verified addresses, so the stored address and its flag follow the token,
 *   together (docs/security.md); a write only when the token says something new.
 * Throws FORBIDDEN (ROLE_REQUIRED, PROFILE_REQUIRED) when the caller may not make the call.
 */
export async function resolveCaller(
  db: Db,
  user: AuthUser,
  needs: { role: Role; profile: boolean },
): Promise<{ role: Role; profileId: number | null }> {
  let account = await loadAccount(db, user);
  if (account.role < needs.role && (await liftSuspensions(db, new Date(), [user.uid])).length > 0) {
    account = await loadAccount(db, user);
  }
  if (account.role < needs.role) throw forbidden('ROLE_REQUIRED');
  if (needs.profile && account.profileId === null) throw forbidden('PROFILE_REQUIRED');
  if (!storedAddressIs(account, user)) await storeMailAddress(db, user);
  return { role: account.role, profileId: account.profileId };
}
