import { adminBucket } from '../../lib/firebase.ts';
import { logs } from '../../lib/logs.ts';
import { timedOut, waitAtMost } from '../../lib/timeout.ts';

const deleteTimeoutMs = 5_000;

/**
 * Deletes image files from Storage once no post refers to them any more (the caller checked that
 * after its transaction committed), and answers the refs whose files are gone: deleted now, or
 * missing already. Never throws: a failure, or a Storage that does not answer within 5 s, is logged
 * and that ref is left out of the answer. Callers forget only the refs answered; the others stay
 * recorded (post_images of a removed post, uploads), so the image sweep (sweep-images.ts) retries them.
 */
export async function deleteStoredImages(refs: string[]): Promise<string[]> {
  if (refs.length === 0) return [];
  const gone = new Set<string>();
  // Inside then(): a bucket that cannot even be set up is a logged failure too, not a thrown one.
  const deletions = Promise.allSettled(
    refs.map((ref) =>
      Promise.resolve()
        .then(() => adminBucket().file(ref).delete({ ignoreNotFound: true }))
        .then(() => {
          gone.add(ref);
        }),
    ),
  ).then((results) => {
    for (const [i, result] of results.entries()) {
      if (result.status === 'rejected') {
        logs.error('image delete from storage failed; the sweep retries', {
          ref: refs[i],
          error: result.reason,
        });
      }
    }
  });
  if ((await waitAtMost(deletions, deleteTimeoutMs)) === timedOut) {
    logs.error('image delete from storage timed out; the sweep retries', {
      refs: refs.filter((ref) => !gone.has(ref)),
      timeoutMs: deleteTimeoutMs,
    });
  }
  // A copy: deletions still running after the timeout must not change the caller's answer.
  return refs.filter((ref) => gone.has(ref));
}
