/**
 * The upvote toggle of a post or a comment: the screen changes at once (points ± 1 everywhere the
 * item is shown), the server's answer then sets the exact count, and a failure puts the old count
 * back with a Dutch error. The button itself changes in the click's own frame (`shown`); the other
 * places (the cache: a long page re-renders) follow once that frame is painted (issue 26). The four calls (up and undo, of a post and of a comment) are a file each
 * beside this one.
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

/** Resolves once the browser painted the next frame. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export function useVote(kind: 'post' | 'comment', item: Votable) {
  const { patchPost, patchComment } = useCommunityCache();
  const [error, setError] = useState<string | null>(null);
  /** The vote as the button shows it while one is on its way (null: as the cache says). */
  const [shown, setShown] = useState<Omit<Votable, 'id'> | null>(null);
  const busy = useRef(false);
  const { id, points, hasUpvoted } = item;

  const toggle = useCallback(async () => {
    // One vote at a time per item: a double click must not send up and undo in a race.
    if (busy.current) return;
    busy.current = true;
    setError(null);
    const patch = (values: { points: number; hasUpvoted: boolean }) =>
      kind === 'post' ? patchPost(id, values) : patchComment(id, values);
    const before = { points, hasUpvoted };
    const up = !hasUpvoted;
    const optimistic = { points: points + (up ? 1 : -1), hasUpvoted: up };
    setShown(optimistic);
    const patched = afterPaint().then(() => patch(optimistic));
    try {
      const send =
        kind === 'post' ? (up ? upvotePost : undoUpvotePost) : up ? upvoteComment : undoUpvoteComment;
      const answer = await send(id);
      await patched;
      await patch(answer);
    } catch (failure) {
      await patched.catch(() => undefined);
      await patch(before);
      setError(errorText(failure, nlCommunity.voteFailed));
    } finally {
      busy.current = false;
      setShown(null);
    }
  }, [kind, id, points, hasUpvoted, patchPost, patchComment]);

  return { toggle, error, shown };
}
