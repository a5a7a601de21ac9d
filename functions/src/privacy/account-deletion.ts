import { randomUUID } from 'node:crypto';
import { findMembership, markSubscriptionStopped } from '../accounts/memberships.repo.ts';
import { forgetSession } from '../accounts/session-cache.ts';
import { publishChatUnread } from '../community/chat/chat-unread.ts';
import { deleteStoredImages } from '../community/images/stored-images.ts';
import { recordUpload } from '../community/images/uploads.repo.ts';
import { tombstoneName } from '../community/profiles/profiles.repo.ts';
import type { Conn, Db } from '../lib/db.ts';
import { ApiError } from '../lib/errors.ts';
import { adminAuth, adminBucket, adminDatabase } from '../lib/firebase.ts';
import { logs } from '../lib/logs.ts';
import { realtimePaths } from '../lib/realtime.ts';
import { cancelSubscriptionAtMollie, deleteCustomerAtMollie, isRefusal } from '../subscription/mollie.ts';
import { customersOfPayments } from '../subscription/payments.repo.ts';
import { applyLifecycle, subscriptionCustomerOf } from '../subscription/sync-payment.ts';
import { adminUids, eraseMember, profileIdOf, storedFilesOf, threadsOf } from './privacy.repo.ts';

/** Disables or enables the Auth user; false when that did not happen (no such user, Auth unreachable). */
async function setDisabled(uid: string, disabled: boolean): Promise<boolean> {
  try {
    await adminAuth().updateUser(uid, { disabled });
    // This instance refuses their 'live' calls at once; others within SESSION_CACHE_SECONDS.
    forgetSession(uid);
    return true;
  } catch (error) {
    // Auth unreachable: the deletion goes on (the Auth user's own deletion below is logged if it fails).
    if ((error as { code?: string }).code !== 'auth/user-not-found') {
      logs.warn('auth user not disabled', { uid, disabled, error });
    }
    return false;
  }
}

/**
 * Deletes a member's account (docs/privacy.md), in an order that never charges anyone for nothing:
 * 1. Mollie first: the subscription is canceled (and recorded as stopped at once) and every customer
 *    of theirs deleted. When Mollie cannot be reached the call answers 503; when it refuses (4xx) 409
 *    PAYMENT_PROVIDER_REFUSED. Either way nothing is deleted, and only a stop Mollie confirmed is
 *    recorded.
 * 2. The Auth user is disabled (every session-checked call refuses their tokens from then on), and
 *    one transaction erases them from Postgres (eraseMember): the profile becomes a tombstone.
 * 3. Then the files (avatar, post images, uploads), the Realtime Database paths and the Auth user. A
 *    failure there is logged as ACCOUNT_DELETION_INCOMPLETE with what is left; the data is gone already.
 *    A file Storage failed to delete is recorded again as an upload of the tombstone profile, so the
 *    image sweep deletes it later.
 */
export async function deleteAccount(db: Db, uid: string): Promise<void> {
  await refuseLastAdmin(db, uid);
  await stopAtMollieOrRefuse(db, uid);
  const profileId = await profileIdOf(db, uid);
  const files = profileId === null ? [] : await storedFilesOf(db, profileId);
  const threads = profileId === null ? [] : await threadsOf(db, profileId);
  await eraseWithAuthDisabled(db, uid, profileId);
  const left = [...(await deleteFiles(db, profileId, files)), ...(await removeRealtimePaths(uid))];
  // The other members' unread badges no longer count messages that are gone.
  for (const thread of threads) await publishChatUnread(db, thread.id, thread.other).catch(() => undefined);
  try {
    await adminAuth().deleteUser(uid);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') {
      left.push('auth user');
      logs.error('auth user not deleted', { uid, error });
    }
  }
  if (left.length) logs.error('ACCOUNT_DELETION_INCOMPLETE', { uid, left });
  else logs.info('account deleted', { uid });
}

/**
 * The only admin may not delete their account: nobody would be left to run /beheer (the same rule as
 * the role change's last-admin guard). Checked before Mollie is touched, and again under the admins'
 * row locks in the erase's transaction, so two last admins deleting at once leave one.
 */
async function refuseLastAdmin(conn: Conn, uid: string, lock = false): Promise<void> {
  const admins = await adminUids(conn, lock);
  if (admins.includes(uid) && admins.length <= 1) throw new ApiError('CONFLICT', 'LAST_ADMIN');
}

/** Step 1, with Mollie's refusal (a 4xx other than 404/410) answered as 409 PAYMENT_PROVIDER_REFUSED. */
async function stopAtMollieOrRefuse(db: Db, uid: string): Promise<void> {
  try {
    await stopAtMollie(db, uid);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    // Mollie answered and refused (a 4xx other than 404/410): trying again will not help by itself,
    // so the member gets a clear answer and the alert a line; nothing of theirs is deleted yet.
    logs.error('ACCOUNT_DELETION_MOLLIE_REFUSED: Mollie refused; the account is not deleted', { uid, error });
    throw new ApiError('CONFLICT', 'PAYMENT_PROVIDER_REFUSED');
  }
}

/** Step 2: the Auth user disabled, then the erase in one transaction; enabled again when it fails. */
async function eraseWithAuthDisabled(db: Db, uid: string, profileId: number | null): Promise<void> {
  // Disabled before the erase: from here on every session-checked call (getUserAccount included)
  // refuses their tokens, so no call running meanwhile can write a row of theirs again. Back on when
  // the erase fails, for a retry.
  const disabled = await setDisabled(uid, true);
  try {
    await db.transaction().execute(async (tx) => {
      await refuseLastAdmin(tx, uid, true);
      await eraseMember(
        tx,
        uid,
        profileId,
        profileId === null ? null : { uid: `deleted-${randomUUID()}`, name: tombstoneName(profileId) },
      );
    });
  } catch (error) {
    // Left disabled with their data still here, the member could neither sign in nor try again.
    if (disabled && !(await setDisabled(uid, false))) {
      logs.error('ACCOUNT_DELETION_LOCKED_OUT: the erase failed and the Auth user is still disabled', {
        uid,
        error,
      });
    }
    throw error;
  }
}

/** Step 3, Storage: the member's files and folders; returns what is left. */
async function deleteFiles(db: Db, profileId: number | null, files: string[]): Promise<string[]> {
  const left: string[] = [];
  const gone = new Set(await deleteStoredImages(files));
  const failed = files.filter((ref) => !gone.has(ref));
  if (failed.length && profileId !== null) {
    // Recorded again as uploads of the tombstone profile, on no post: the image sweep retries them.
    for (const ref of failed) await recordUpload(db, ref, profileId).catch(() => left.push(`storage ${ref}`));
    left.push(`storage files left to the sweep: ${failed.length}`);
  }
  if (profileId !== null) {
    // Whatever else sits under the member's folders (an upload whose row was never written).
    for (const prefix of [`community/profile/${profileId}/`, `community/post/${profileId}/`]) {
      await adminBucket()
        .deleteFiles({ prefix, force: true })
        .catch((error: unknown) => {
          left.push(`storage ${prefix}`);
          logs.warn('storage prefix not emptied', { prefix, error });
        });
    }
  }
  return left;
}

/** Step 3, Realtime Database: the member's notification and chat paths; returns what is left. */
async function removeRealtimePaths(uid: string): Promise<string[]> {
  const left: string[] = [];
  for (const path of [realtimePaths.notifications(uid), `chat/${uid}`]) {
    await adminDatabase()
      .ref(path)
      .remove()
      .catch((error: unknown) => {
        left.push(`realtime ${path}`);
        logs.warn('realtime path not removed', { path, error });
      });
  }
  return left;
}

/**
 * Step 1: the live subscription canceled, then every customer of theirs deleted. The stop is recorded
 * (and the membership re-derived: it no longer renews) as soon as the cancel succeeded, so when a
 * customer delete fails after it, the membership page and a retried deletion know the truth.
 */
async function stopAtMollie(db: Db, uid: string): Promise<void> {
  const membership = await findMembership(db, uid);
  if (membership) {
    const subscriptionId = membership.mollie_subscription_id;
    if (subscriptionId && membership.subscription_stopped_at === null) {
      const customerId = await subscriptionCustomerOf(db, membership);
      // Recorded only when Mollie confirmed a cancel: without a customer no cancel was sent (the
      // customers' deletion below ends the subscription with them).
      if (customerId) {
        await cancelSubscriptionAtMollie(customerId, subscriptionId);
        const now = new Date();
        await db.transaction().execute(async (tx) => {
          await markSubscriptionStopped(tx, uid, subscriptionId, now);
          await applyLifecycle(tx, uid, now);
        });
      }
    }
  }
  const customers = new Set(await customersOfPayments(db, uid));
  if (membership?.mollie_customer_id) customers.add(membership.mollie_customer_id);
  for (const customerId of customers) await deleteCustomerAtMollie(customerId);
}
