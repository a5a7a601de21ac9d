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

/**
 * The calls of one item (by kind and id), shared by every button that shows it: the timeline card,
 * the post page, a button mounted again after navigating back. One call in flight per item, whichever
 * button was clicked; the entry goes once the server has what the member clicked last.
 */
interface Flight {
  /** The member's last click. */
  latest: Vote;
  /** The cache's writes in click order, so an optimistic write never lands after the server's answer. */
  writes: Promise<unknown>;
  /** The calls: the Dutch error of the last round that failed, or null. */
  done?: Promise<string | null>;
}
const flights = new Map<string, Flight>();

/** Sends until the server holds the member's last click (a failure: the server's state is the last). */
async function fly(
  kind: 'post' | 'comment',
  id: number,
  flight: Flight,
  start: Vote,
  patch: (values: Vote) => Promise<unknown>,
): Promise<string | null> {
  let server = start;
  let failed: string | null = null;
  const differs = () => flight.latest.hasUpvoted !== server.hasUpvoted;
  while (differs()) {
    try {
      failed = null;
      while (differs()) server = await sendVote(kind, id, !server.hasUpvoted);
    } catch (failure) {
      failed = errorText(failure, nlCommunity.voteFailed);
      flight.latest = server;
    }
    // The server's answer everywhere; a click meanwhile goes round once more.
    await patch(server);
  }
  return failed;
}

export function useVote(kind: 'post' | 'comment', item: Votable) {
  const { patchPost, patchComment } = useCommunityCache();
  const [error, setError] = useState<string | null>(null);
  /** The vote as the button shows it until the cache has it (null: as the cache says). */
  const [shown, setShown] = useState<Vote | null>(null);
  /** The same, readable at once by a second click in the same frame. */
  const showing = useRef<Vote | null>(null);
  const { id, points, hasUpvoted } = item;

  const toggle = useCallback(async () => {
    const key = `${kind}:${id}`;
    const flight = flights.get(key) ?? { latest: { points, hasUpvoted }, writes: Promise.resolve() };
    const patch = (values: Vote, wait: Promise<void> = Promise.resolve()) => {
      const write = () =>
        wait.then(() => (kind === 'post' ? patchPost(id, values) : patchComment(id, values)));
      flight.writes = flight.writes.then(write, write);
      return flight.writes;
    };
    // The click turns round what this button shows (another view may show an older answer).
    const now = showing.current ?? { points, hasUpvoted };
    const wanted = { points: now.points + (now.hasUpvoted ? -1 : 1), hasUpvoted: !now.hasUpvoted };
    flight.latest = wanted;
    showing.current = wanted;
    setShown(wanted);
    setError(null);
    if (!flight.done) {
      flights.set(key, flight);
      flight.done = fly(kind, id, flight, { points, hasUpvoted }, patch).finally(() => flights.delete(key));
    }
    // The rest of the page follows once the button's frame is painted; then the button reads the
    // cache like every other view of the item (a click on another view shows here too).
    await patch(wanted, afterPaint()).catch(() => undefined);
    if (showing.current === wanted) {
      showing.current = null;
      setShown(null);
    }
    const failed = await flight.done;
    if (failed) setError(failed);
  }, [kind, id, points, hasUpvoted, patchPost, patchComment]);

  return { toggle, error, shown };
}
