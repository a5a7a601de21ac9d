import type { Comment, Post } from '@kring/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import useSWR from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { postKeyPrefix, postListKey } from '../api/cache.ts';
import { VoteButton } from './vote-button.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = stubFetchPerTest();

const post = { id: 7, title: 'Tarieven 2027', points: 0, hasUpvoted: false, commentCount: 2 } as Post;
const listKey = postListKey({ order: 'createdAt', topicId: null, articleSlug: null }, null);

/** The same post twice, as the timeline card and the post page read it from the cache. */
function TwoViews({
  seedList,
  seedPost,
}: {
  seedList: () => Promise<unknown>;
  seedPost: () => Promise<unknown>;
}) {
  const list = useSWR(listKey, seedList);
  const page = useSWR(`${postKeyPrefix(7)}createdAt`, seedPost);
  const card = (list.data as { items: Post[] } | undefined)?.items[0];
  const full = (page.data as { post: Post } | undefined)?.post;
  return (
    <>
      <section aria-label="kaart">{card ? <VoteButton kind="post" item={card} /> : null}</section>
      <section aria-label="bericht">{full ? <VoteButton kind="post" item={full} /> : null}</section>
    </>
  );
}

const renderViews = () =>
  renderWithProviders(
    <TwoViews
      seedList={async () => ({ items: [post], nextCursor: null })}
      seedPost={async () => ({ post, comments: [] })}
    />,
  );

/** Vote, then undo on the card while every call waits; answers the calls in order. */
async function voteThenUndoHeld() {
  const answers: ((value: Response) => void)[] = [];
  fetchMock.mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
  renderViews();
  const [card] = await screen.findAllByRole('button', { name: /Stem omhoog: 0 PUNTEN/ });
  await userEvent.click(card as HTMLElement);
  await userEvent.click(card as HTMLElement);
  return answers;
}

/** The undo (the second call) answered: both views end not voted, after the vote and the undo only. */
async function undoneOnBothViews(answers: ((value: Response) => void)[]) {
  await act(async () => answers[1]?.(jsonResponse({ points: 0, hasUpvoted: false })));
  await waitFor(() =>
    expect(screen.getAllByRole('button', { name: /Stem omhoog: 0 PUNTEN/, pressed: false })).toHaveLength(2),
  );
  expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
    '/web/community/upvotePost',
    '/web/community/undoUpvotePost',
  ]);
}

describe('VoteButton', () => {
  it("shows '0 PUNTEN', then '1 PUNT' on both views at once, with the server's count after", async () => {
    let answer: (value: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderViews();
    const buttons = await screen.findAllByRole('button', { name: /Stem omhoog: 0 PUNTEN/, pressed: false });
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[1] as HTMLElement);
    // Optimistic: before the server answered, both views show the vote.
    expect(screen.getAllByRole('button', { name: /Stem omhoog: 1 PUNT$/, pressed: true })).toHaveLength(2);
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(2);
    const [url] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/web/community/upvotePost');
    // Someone else voted meanwhile: the server's count wins.
    await act(async () => answer(jsonResponse({ points: 2, hasUpvoted: true })));
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /Stem omhoog: 2 PUNTEN/, pressed: true })).toHaveLength(2),
    );
  });

  it('undoes a vote with undoUpvotePost', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ points: 0, hasUpvoted: false }));
    renderWithProviders(
      <TwoViews
        seedList={async () => ({ items: [{ ...post, points: 1, hasUpvoted: true }], nextCursor: null })}
        seedPost={async () => ({ post: { ...post, points: 1, hasUpvoted: true }, comments: [] })}
      />,
    );
    const [card] = await screen.findAllByRole('button', { name: /Stem omhoog: 1 PUNT$/, pressed: true });
    await userEvent.click(card as HTMLElement);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/web/community/undoUpvotePost');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /Stem omhoog: 0 PUNTEN/, pressed: false })).toHaveLength(
        2,
      ),
    );
  });

  it('puts the old count back and says so in Dutch when the vote fails', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'RATE_LIMITED' } }, 429));
    renderViews();
    const [card] = await screen.findAllByRole('button', { name: /Stem omhoog: 0 PUNTEN/, pressed: false });
    await userEvent.click(card as HTMLElement);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Je gaat even te snel. Probeer het over een paar minuten opnieuw.',
    );
    expect(screen.getAllByRole('button', { name: /Stem omhoog: 0 PUNTEN/, pressed: false })).toHaveLength(2);
  });

  it('ends as the last click said: a vote taken back while it is on its way sends the undo after it', async () => {
    const answers = await voteThenUndoHeld();
    // The second click shows at once; no second call races the first.
    expect(screen.getAllByRole('button', { name: /Stem omhoog: 0 PUNTEN/, pressed: false })).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => answers[0]?.(jsonResponse({ points: 1, hasUpvoted: true })));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    // While the undo is on its way the button keeps the member's last click.
    expect(screen.getAllByRole('button', { name: /Stem omhoog: 0 PUNTEN/, pressed: false })).toHaveLength(2);
    await undoneOnBothViews(answers);
  });

  it('sends one call for vote, undo, vote while the first is on its way', async () => {
    let answer: (value: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderViews();
    const [card] = await screen.findAllByRole('button', { name: /Stem omhoog: 0 PUNTEN/ });
    for (let i = 0; i < 3; i++) await userEvent.click(card as HTMLElement);
    expect(screen.getAllByRole('button', { name: /Stem omhoog: 1 PUNT$/, pressed: true })).toHaveLength(2);
    await act(async () => answer(jsonResponse({ points: 3, hasUpvoted: true })));
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /Stem omhoog: 3 PUNTEN/, pressed: true })).toHaveLength(2),
    );
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/web/community/upvotePost']);
  });

  it("puts the server's state back with the Dutch error when the undo after a vote fails", async () => {
    const answers = await voteThenUndoHeld();
    await act(async () => answers[0]?.(jsonResponse({ points: 1, hasUpvoted: true })));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await act(async () => answers[1]?.(jsonResponse({ error: { code: 'INTERNAL' } }, 500)));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Je stem is niet verwerkt. Probeer het opnieuw.',
    );
    // The vote is in on the server: the button says so, on both views.
    expect(screen.getAllByRole('button', { name: /Stem omhoog: 1 PUNT$/, pressed: true })).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("one call at a time per post across its views: an undo on the post page waits for the card's vote", async () => {
    const answers: ((value: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    renderViews();
    const card = within(await screen.findByRole('region', { name: 'kaart' }));
    const full = within(await screen.findByRole('region', { name: 'bericht' }));
    await userEvent.click(await card.findByRole('button', { name: /Stem omhoog: 0 PUNTEN/ }));
    // The post page shows the vote (the cache followed); the member takes it back there.
    await userEvent.click(await full.findByRole('button', { name: /Stem omhoog: 1 PUNT$/, pressed: true }));
    // Nothing races the vote on its way (the server could take the undo first and keep the vote).
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Both views show the last click.
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /Stem omhoog: 0 PUNTEN/, pressed: false })).toHaveLength(
        2,
      ),
    );
    await act(async () => answers[0]?.(jsonResponse({ points: 1, hasUpvoted: true })));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await undoneOnBothViews(answers);
  });

  it('a button mounted again (navigated away and back) while a vote is on its way does not race it', async () => {
    const answers: ((value: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    // The server's post as the pages ask it again on mounting: the vote is not in yet.
    const seedList = async () => ({ items: [post], nextCursor: null });
    const seedPost = async () => ({ post, comments: [] });
    function AwayAndBack() {
      const [here, setHere] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setHere((now) => !now)}>
            wissel
          </button>
          {here ? <TwoViews seedList={seedList} seedPost={seedPost} /> : null}
        </>
      );
    }
    renderWithProviders(<AwayAndBack />);
    const [card] = await screen.findAllByRole('button', { name: /Stem omhoog: 0 PUNTEN/ });
    await userEvent.click(card as HTMLElement);
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /Stem omhoog: 1 PUNT$/, pressed: true })).toHaveLength(2),
    );
    await userEvent.click(screen.getByRole('button', { name: 'wissel' }));
    await userEvent.click(screen.getByRole('button', { name: 'wissel' }));
    // Back: the pages asked again and show the server's 0; the member votes (again) there.
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /Stem omhoog: 0 PUNTEN/, pressed: false })).toHaveLength(
        2,
      ),
    );
    const [again] = screen.getAllByRole('button', { name: /Stem omhoog: 0 PUNTEN/ });
    await userEvent.click(again as HTMLElement);
    expect(screen.getAllByRole('button', { name: /Stem omhoog: 1 PUNT$/, pressed: true })).not.toHaveLength(
      0,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => answers[0]?.(jsonResponse({ points: 1, hasUpvoted: true })));
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /Stem omhoog: 1 PUNT$/, pressed: true })).toHaveLength(2),
    );
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/web/community/upvotePost']);
  });

  it('a comment and a post with the same id vote each on their own', async () => {
    const comment = { id: 7, content: 'Eens.', points: 0, hasUpvoted: false } as Comment;
    function PostAndComment() {
      const page = useSWR(`${postKeyPrefix(7)}createdAt`, async () => ({ post, comments: [comment] }));
      const data = page.data as { post: Post; comments: Comment[] } | undefined;
      return data ? (
        <>
          <section aria-label="bericht">
            <VoteButton kind="post" item={data.post} />
          </section>
          <section aria-label="reactie">
            <VoteButton kind="comment" item={data.comments[0] as Comment} />
          </section>
        </>
      ) : null;
    }
    const answers: ((value: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    renderWithProviders(<PostAndComment />);
    await userEvent.click(
      await within(await screen.findByRole('region', { name: 'bericht' })).findByRole('button'),
    );
    await userEvent.click(within(screen.getByRole('region', { name: 'reactie' })).getByRole('button'));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/web/community/upvotePost',
      '/web/community/upvoteComment',
    ]);
    await act(async () => answers[0]?.(jsonResponse({ points: 4, hasUpvoted: true })));
    await act(async () => answers[1]?.(jsonResponse({ points: 2, hasUpvoted: true })));
    const region = (name: string) => within(screen.getByRole('region', { name }));
    await waitFor(() => expect(region('bericht').getByRole('button').textContent).toMatch(/4 PUNTEN/));
    await waitFor(() => expect(region('reactie').getByRole('button').textContent).toMatch(/2 PUNTEN/));
  });

  it('votes on a comment with upvoteComment and takes it back with undoUpvoteComment, by its id', async () => {
    const comment = { id: 11, content: 'Eens.', points: 0, hasUpvoted: false } as Comment;
    function CommentVote() {
      const page = useSWR(`${postKeyPrefix(7)}createdAt`, async () => ({ post, comments: [comment] }));
      const shown = (page.data as { comments: Comment[] } | undefined)?.comments[0];
      return shown ? <VoteButton kind="comment" item={shown} /> : null;
    }
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ points: 1, hasUpvoted: true }))
      .mockResolvedValueOnce(jsonResponse({ points: 0, hasUpvoted: false }));
    renderWithProviders(<CommentVote />);
    await userEvent.click(
      await screen.findByRole('button', { name: /Stem omhoog: 0 PUNTEN/, pressed: false }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /Stem omhoog: 1 PUNT$/, pressed: true }));
    await screen.findByRole('button', { name: /Stem omhoog: 0 PUNTEN/, pressed: false });
    expect(fetchMock.mock.calls.map(([url, init]) => [String(url), JSON.parse(String(init?.body))])).toEqual([
      ['/web/community/upvoteComment', { commentId: 11 }],
      ['/web/community/undoUpvoteComment', { commentId: 11 }],
    ]);
  });
});
