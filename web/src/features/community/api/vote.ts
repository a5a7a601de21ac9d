/**
 * The upvote toggle of a post or a comment: the screen changes at once (points ± 1 everywhere the
 * item is shown), the server's answer then sets the exact count, and a failure puts the server's
 * last known state back with a Dutch error. The button itself changes in the click's own frame
 * (`shown`); the other places (the cache: a long page re-renders) follow once that frame is painted
 * (issue 26). The four calls (up and undo, of a post and of a comment) are a file each beside this one.
 *
 * Clicks while a call is on its way are never dropped and never race it: the button follows every
 * click, the latest one is what counts, and when the call in flight returns one more call is sent
 * only if the server's state differs from the member's last click (vote → undo sends up, then undo;
 * vote → undo → vote sends up once).
 */
import { useCallback, useRef, useState } from 'react';
import { errorText } from '../../../lib/error-text.ts';
import { nlCommunity } from '../../../messages/community.ts';
import { useCommunityCache } from './cache.ts';
import { undoUpvoteComment } from './undo-upvote-comment.ts';
import { undoUpvotePost } from './undo-upvote-post.ts';
import { upvoteComment } from './upvote-comment.ts';
import { upvotePost } from './upvote-post.ts';

export interface Votable {
  id: number;
  points: number;
  hasUpvoted: boolean;
}
type Vote = Omit<Votable, 'id'>;

/** Resolves once the browser painted the next frame. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const sendVote = (kind: 'post' | 'comment', id: number, up: boolean): Promise<Vote> =>
  kind === 'post' ? (up ? upvotePost : undoUpvotePost)(id) : (up ? upvoteComment : undoUpvoteComment)(id);

export function useVote(kind: 'post' | 'comment', item: Votable) {
  const { patchPost, patchComment } = useCommunityCache();
  const [error, setError] = useState<string | null>(null);
  /** The vote as the button shows it while calls are on their way (null: as the cache says). */
  const [shown, setShown] = useState<Vote | null>(null);
  /** The same, readable at once by a second click in the same frame: the member's last click. */
  const latest = useRef<Vote | null>(null);
  const running = useRef(false);
  /** The cache's writes in click order, so an optimistic write never lands after the server's answer. */
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const { id, points, hasUpvoted } = item;

  const toggle = useCallback(async () => {
    const patch = (values: Vote, wait: Promise<void> = Promise.resolve()) => {
      const write = () =>
        wait.then(() => (kind === 'post' ? patchPost(id, values) : patchComment(id, values)));
      writes.current = writes.current.then(write, write);
      return writes.current;
    };
    const now = latest.current ?? { points, hasUpvoted };
    const wanted = { points: now.points + (now.hasUpvoted ? -1 : 1), hasUpvoted: !now.hasUpvoted };
    latest.current = wanted;
    setShown(wanted);
    setError(null);
    // The rest of the page follows once the button's frame is painted.
    void patch(wanted, afterPaint());
    // The call on its way sends what the member wants last when it returns.
    if (running.current) return;
    running.current = true;
    let server: Vote = { points, hasUpvoted };
    const differs = () => latest.current !== null && latest.current.hasUpvoted !== server.hasUpvoted;
    while (differs()) {
      try {
        while (differs()) server = await sendVote(kind, id, !server.hasUpvoted);
      } catch (failure) {
        setError(errorText(failure, nlCommunity.voteFailed));
        latest.current = server;
      }
      // The server's answer everywhere; a click meanwhile goes round once more.
      await patch(server);
    }
    latest.current = null;
    running.current = false;
    setShown(null);
  }, [kind, id, points, hasUpvoted, patchPost, patchComment]);

  return { toggle, error, shown };
}
