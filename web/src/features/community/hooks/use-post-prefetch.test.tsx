import type { Post } from '@kring/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import useSWR from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPreloaded } from '../../../lib/preload.ts';
import { stubFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { postListKey } from '../api/cache.ts';
import { useCommentPage } from '../api/post.ts';
import { PostCard } from '../components/post-card.tsx';
import { VoteButton } from '../components/vote-button.tsx';
import { postFixture } from '../test-fixtures.ts';

vi.mock('../../../lib/firebase.ts', () => ({
  getIdToken: async () => 'token',
  currentUid: async () => 'anna',
}));
vi.mock('../../../lib/auth.tsx', () => ({
  useAuth: () => ({ status: 'ready', user: { uid: 'anna', email: null, displayName: null } }),
  useAccount: () => ({ data: undefined }),
}));
const fetchMock = stubFetchPerTest();
afterEach(() => clearPreloaded());

const listKey = postListKey({ order: 'createdAt', topicId: null, articleSlug: null }, null);

/** The timeline's card, then (after 'Open') the post page's data as PostView asks for it. */
function CardThenPost({ post }: { post: Post }) {
  const list = useSWR(listKey, async () => ({ items: [post], nextCursor: null }));
  const [open, setOpen] = useState(false);
  const card = (list.data as { items: Post[] } | undefined)?.items[0];
  return (
    <>
      {card ? <PostCard post={card} /> : null}
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? <PostPageData postId={post.id} /> : null}
    </>
  );
}

function PostPageData({ postId }: { postId: number }) {
  const { data } = useCommentPage({ postId, order: 'createdAt', cursor: null, focusCommentId: null });
  return data ? (
    <section aria-label="bericht">
      <VoteButton kind="post" item={data.post} />
    </section>
  ) : null;
}

describe('a post card fetching the post page ahead', () => {
  it('never hands the post page an answer from before a vote on the card', async () => {
    const post = postFixture(5, { points: 0, hasUpvoted: false });
    // The server: the vote counts from the moment it is answered.
    let server = { points: 0, hasUpvoted: false };
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/upvotePost')) {
        server = { points: 1, hasUpvoted: true };
        return jsonResponse(server);
      }
      if (String(url).endsWith('/getPost'))
        return jsonResponse({ post: { ...post, ...server }, comments: [], nextCursor: null });
      throw new Error(`unexpected ${String(url)}`);
    });
    renderWithProviders(<CardThenPost post={post} />);
    const card = await screen.findByRole('article');
    // Pointing at the card to vote fetches the post page ahead.
    await userEvent.hover(card);
    await userEvent.click(screen.getByRole('button', { name: 'Stem omhoog: 0 PUNTEN' }));
    await screen.findByRole('button', { name: 'Stem omhoog: 1 PUNT', pressed: true });

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const onPage = await screen.findByRole('region', { name: 'bericht' });
    expect(
      within(onPage)
        .getByRole('button', { name: /^Stem omhoog/ })
        .getAttribute('aria-label'),
    ).toBe('Stem omhoog: 1 PUNT');
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(2);
  });
});
