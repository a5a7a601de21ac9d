import type { Db } from '../lib/db.ts';
import { adminAuth } from '../lib/firebase.ts';
import { accountUidsAfter, storeMailAddress } from './accounts.repo.ts';

/**
 * Sets every account's stored address and verified flag to what Firebase Auth holds now: the
 * router and ensureAccount keep them current from each member's token, but a row written before
 * issue 21 may pair an address the member left (never verified) with the flag of their new one,
 * until their next call. Run once after deploying that fix (`npx tsx scripts/sync-mail-addresses.ts`);
 * running it again changes nothing. An account Auth no longer knows keeps no verified address.
 */
export async function syncMailAddresses(
  db: Db,
  batchSize = 100,
): Promise<{ checked: number; changed: number }> {
  let checked = 0;
  let changed = 0;
  let after = '';
  for (;;) {
    const uids = await accountUidsAfter(db, after, batchSize);
    if (uids.length === 0) break;
    // What Auth holds now is newer than any token issued before this read: such a token (a tab
    // from before an address change) cannot write its address over the synced one afterwards.
    const readAt = Math.floor(Date.now() / 1000);
    // getUsers takes at most 100 identifiers a call.
    const { users } = await adminAuth().getUsers(uids.map((uid) => ({ uid })));
    const byUid = new Map(users.map((u) => [u.uid, u]));
    for (const uid of uids) {
      const user = byUid.get(uid);
      const address = {
        uid,
        email: user?.email ?? null,
        emailVerified: user?.emailVerified ?? false,
        issuedAt: readAt,
      };
      if (await storeMailAddress(db, address)) changed++;
    }
    checked += uids.length;
    after = uids[uids.length - 1]!;
  }
  return { checked, changed };
}
