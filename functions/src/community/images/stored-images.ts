import { adminBucket } from '../../lib/firebase.ts';
import { logs } from '../../lib/logs.ts';
import { timedOut, waitAtMost } from '../../lib/timeout.ts';

const deleteTimeoutMs = 5_000;

/**
 * Deletes post image files from Storage once no post refers to them any more (the caller checked that
 * after its transaction committed). Best effort: a missing file is fine, any other failure or a Storage
 * that does not answer within 5 s is logged and the call goes on; the file is then only an orphan.
 */
export async function deleteStoredImages(refs: string[]): Promise<void> {
  if (refs.length === 0) return;
  // Inside then(): a bucket that cannot even be set up is a logged failure too, not a thrown one.
  const deletions = Promise.allSettled(
    refs.map((ref) => Promise.resolve().then(() => adminBucket().file(ref).delete({ ignoreNotFound: true }))),
  ).then((results) => {
    for (const [i, result] of results.entries()) {
      if (result.status === 'rejected') {
        logs.error('post image delete from storage failed', { ref: refs[i], error: result.reason });
      }
    }
  });
  if ((await waitAtMost(deletions, deleteTimeoutMs)) === timedOut) {
    logs.error('post image delete from storage timed out', { refs, timeoutMs: deleteTimeoutMs });
  }
}
